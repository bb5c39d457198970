import type { Catalogue, MessageCode } from './coded';
import { MSG } from './messages';
import { RULE_MSG } from './rule-messages';

/**
 * One code space for every user-visible message: the keys of MSG (the product description's texts)
 * and of RULE_MSG (the server's and the rules' own). The API answers `{ message, code, params? }`;
 * clients translate by code, never by the English text.
 */
const CATALOGUE = { ...MSG, ...RULE_MSG };

/**
 * Every code by name, `CODE.productNotFound === 'productNotFound'`: what the server throws and
 * answers with, so each use leads to its catalogue entry and a renamed code renames every use.
 */
export const CODE = Object.fromEntries(Object.keys(CATALOGUE).map((k) => [k, k])) as { readonly [K in MessageCode]: K };

export const isMessageCode = (value: unknown): value is MessageCode => typeof value === 'string' && Object.hasOwn(CATALOGUE, value);

/** A catalogue in one language: a text, or a function of the params, per code. */
export type Catalogues = { readonly [K in MessageCode]: Catalogue[K] extends (p: infer P) => string ? (p: P) => string : string };

/** A code's text from a catalogue (English or Tamil), its parameters filled in. */
export function textFrom(catalogue: Catalogues, code: MessageCode, params?: unknown): string {
  const entry = catalogue[code] as string | ((p: unknown) => string);
  return typeof entry === 'function' ? entry(params ?? {}) : entry;
}

/** The English catalogue (the spec's texts). */
export const EN_CATALOGUE: Catalogues = CATALOGUE;

// a code names one text: the two catalogues must not share a key
const disjoint: [Extract<keyof typeof MSG, keyof typeof RULE_MSG>] extends [never] ? true : never = true;
void disjoint;
