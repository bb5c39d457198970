/** Escapes `%`, `_` and `\` so that a SQL LIKE pattern takes the text literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern that matches lower-cased text containing `text` anywhere. */
export const containsPattern = (text: string): string => `%${escapeLike(text.toLowerCase())}%`;
