import { KEY, NAMES, type Postings } from './postings';

/** One term of a tsquery as search-query.ts writes them: 'lexeme', with :* (a beginning) and/or B (the Tamil key's words). */
interface Term {
  lexeme: string;
  prefix: boolean;
  key: boolean;
}

/** A tsquery as search-query.ts writes them: every group holds (AND), a group when any of its terms does (OR). */
export type Groups = Term[][];

/**
 * Reads the tsquery input that search-query.ts builds (terms, OR groups in brackets, joined with &);
 * throws on anything else, so a new shape there cannot be matched wrongly here.
 */
export function parseTsquery(input: string): Groups {
  let i = 0;
  const fail = (): never => {
    throw new Error(`tsquery not understood at ${i}: ${input}`);
  };
  const spaces = () => {
    while (input[i] === ' ') i++;
  };
  const term = (): Term => {
    if (input[i] !== "'") fail();
    i++;
    let lexeme = '';
    for (;;) {
      if (i >= input.length) fail();
      const c = input[i++];
      if (c === '\\') lexeme += input[i++] ?? fail();
      else if (c === "'") {
        if (input[i] !== "'") break;
        lexeme += "'";
        i++;
      } else lexeme += c;
    }
    let prefix = false;
    let key = false;
    if (input[i] === ':') {
      i++;
      for (; input[i] === '*' || input[i] === 'B'; i++) {
        if (input[i] === '*') prefix = true;
        else key = true;
      }
    }
    return { lexeme, prefix, key };
  };
  const groups: Groups = [];
  // a list joined with | alone is one group ("a | b"); | and & together only as (a | b) & c
  let or = false;
  for (;;) {
    spaces();
    if (or) {
      groups[0].push(term());
    } else if (input[i] === '(') {
      i++;
      const group: Term[] = [];
      for (;;) {
        spaces();
        group.push(term());
        spaces();
        if (input[i] === '|') i++;
        else if (input[i] === ')') break;
        else fail();
      }
      i++;
      groups.push(group);
    } else groups.push([term()]);
    spaces();
    if (i >= input.length) return groups;
    if (input[i] === '|' && groups.length === 1 && (or || groups[0].length === 1)) or = true;
    else if (input[i] !== '&' || or) fail();
    i++;
  }
}

/**
 * The products matching a parsed tsquery, as bits set in `out` (cleared first; `scratch` the same
 * size, overwritten). `names`: matched against name_words (the names and the Tamil key) rather than
 * search_words (those and the description).
 */
export function matchBits(postings: Postings, groups: Groups, names: boolean, out: Uint32Array, scratch: Uint32Array): void {
  groups.forEach((group, g) => {
    const into = g === 0 ? out : scratch;
    into.fill(0);
    for (const t of group) postings.mark(into, t.lexeme, t.prefix, t.key ? KEY : names ? NAMES : 0);
    if (g > 0) for (let w = 0; w < out.length; w++) out[w] &= scratch[w];
  });
}
