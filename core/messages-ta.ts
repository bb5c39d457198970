import type { MSG } from './messages';

type Texts<T> = { readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string };

/** The product's own messages (core/messages.ts) in Tamil, key for key. */
export const MSG_TA: Texts<typeof MSG> = {} as Texts<typeof MSG>;

/**
 * Server and rule texts in Tamil, by their exact English text ("field: text" keeps its field name).
 * Texts with values (a product name, a count) are matched by pattern.
 */
export const TEXTS_TA: Readonly<Record<string, string>> = {};
export const PATTERNS_TA: ReadonlyArray<readonly [RegExp, string]> = [];

/** A message in Tamil when one is known, else the English text unchanged. */
export function toTamil(text: string): string {
  const exact = TEXTS_TA[text];
  if (exact) return exact;
  for (const [re, ta] of PATTERNS_TA) if (re.test(text)) return text.replace(re, ta);
  const colon = text.indexOf(': ');
  if (colon > 0 && !text.slice(0, colon).includes(' ')) {
    const rest = toTamil(text.slice(colon + 2));
    if (rest !== text.slice(colon + 2)) return `${text.slice(0, colon)}: ${rest}`;
  }
  return text;
}
