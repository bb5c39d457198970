const TAMIL = 0x0b80;

/**
 * Text of ASCII and Tamil letters only with the Tamil block (U+0B80-U+0BFF) moved to U+0080-U+00FF,
 * which V8 keeps at one byte a character (the search text is mostly English words with a Tamil name);
 * null when the text holds anything else.
 */
export function oneByte(text: string): string | null {
  const bytes = Buffer.allocUnsafe(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes[i] = c;
    else if (c >= TAMIL && c < TAMIL + 0x80) bytes[i] = c - TAMIL + 0x80;
    else return null;
  }
  return bytes.toString('latin1');
}

/** A keyword looked for in the texts: as typed, lower-cased, and its one-byte form (null: none). */
export interface Needle {
  text: string;
  short: string | null;
}

export const needle = (text: string): Needle => ({ text, short: oneByte(text) });

/**
 * The products' search texts (migration 007), each distinct text held once: shops of a marketplace
 * list the same goods under the same names and descriptions. A text is held in its one-byte form
 * where it has one. Looking for a keyword checks each distinct text once (`seen`).
 */
export class Texts {
  private readonly texts: string[] = [];
  /** Per text: 1 in its one-byte form. */
  private short: Uint8Array = new Uint8Array(1024);
  private readonly refs: number[] = [];
  private readonly ids = new Map<string, number>();
  private readonly free: number[] = [];
  /** Per product: its text's number (-1: none). */
  private of: Int32Array = new Int32Array(1024).fill(-1);

  /** Sets product o's text. */
  set(o: number, text: string): void {
    this.drop(o);
    const short = oneByte(text);
    const held = short ?? text;
    let id = this.ids.get(held);
    if (id === undefined) {
      id = this.free.pop() ?? this.texts.length;
      this.texts[id] = held;
      this.refs[id] = 0;
      this.ids.set(held, id);
      if (id >= this.short.length) this.short = grow(this.short, id + 1);
      this.short[id] = short === null ? 0 : 1;
    }
    this.refs[id]++;
    if (o >= this.of.length) {
      const of = new Int32Array(Math.max(this.of.length * 2, o + 1)).fill(-1);
      of.set(this.of);
      this.of = of;
    }
    this.of[o] = id;
  }

  /** Product o has no text any more (deleted). */
  drop(o: number): void {
    const id = o < this.of.length ? this.of[o] : -1;
    if (id < 0) return;
    this.of[o] = -1;
    if (--this.refs[id] > 0) return;
    this.ids.delete(this.texts[id]);
    this.texts[id] = '';
    this.free.push(id);
  }

  /** Per distinct text, whether it was checked and what was found (2: holds it, 1: does not); fresh for each keyword. */
  seen(): Uint8Array {
    return new Uint8Array(this.texts.length);
  }

  /** Whether product o's text holds the keyword. */
  holds(o: number, n: Needle, seen: Uint8Array): boolean {
    const id = this.of[o];
    if (id < 0) return false;
    if (seen[id] === 0) {
      const held = this.texts[id];
      seen[id] = (this.short[id] ? n.short !== null && held.includes(n.short) : held.includes(n.text)) ? 2 : 1;
    }
    return seen[id] === 2;
  }
}

function grow(a: Uint8Array, min: number): Uint8Array {
  const b = new Uint8Array(Math.max(a.length * 2, min));
  b.set(a);
  return b;
}
