import { describe, expect, it } from 'vitest';
import { keywordTerms, typoTsquery } from '../../../server/services/search/search-query';
import { KEY, NAMES, Postings } from '../../../server/services/search/search-index/postings';
import { matchBits, parseTsquery } from '../../../server/services/search/search-index/tsquery';
import { needle, oneByte, Texts } from '../../../server/services/search/search-index/texts';

const bits = (words: number) => new Uint32Array(words);
const members = (b: Uint32Array) => [...Array(b.length * 32).keys()].filter((o) => b[o >>> 5] & (1 << (o & 31)));

describe('the in-memory index reads the tsquery text search-query.ts writes', () => {
  it('as AND of OR groups, with prefixes, the key weight and quoting', () => {
    const t = keywordTerms(['ponni', "o'neil"], "ponni o'neil");
    expect(parseTsquery(t.tsquery)).toEqual([
      [{ lexeme: 'ponni', prefix: true, key: false }],
      [{ lexeme: "o'neil", prefix: true, key: false }],
    ]);
    const sounds = keywordTerms(['thakkali'], 'thakkali');
    expect(parseTsquery(sounds.exact)).toEqual([
      [
        { lexeme: 'thakkali', prefix: false, key: false },
        { lexeme: 'takali', prefix: false, key: true },
      ],
    ]);
    // several keys joined by | alone: one group
    expect(parseTsquery("'a':*B | 'b':*B")).toEqual([
      [
        { lexeme: 'a', prefix: true, key: true },
        { lexeme: 'b', prefix: true, key: true },
      ],
    ]);
    expect(parseTsquery(String.raw`'back\\slash':*`)).toEqual([[{ lexeme: 'back\\slash', prefix: true, key: false }]]);
    const typo = typoTsquery(sounds, [{ words: [{ prefix: 'tomato', whole: true, typos: 1, products: 3 }], keys: [] }]);
    expect(parseTsquery(typo!)[0].map((x) => x.lexeme)).toEqual(['thakkali', 'takali', 'tomato']);
  });

  it('refuses a shape it does not know rather than match it wrongly', () => {
    expect(() => parseTsquery("'a' & 'b' | 'c'")).toThrow(/not understood/);
    expect(() => parseTsquery("'a':*A")).toThrow(/not understood/);
    expect(() => parseTsquery("!'a'")).toThrow(/not understood/);
    expect(() => parseTsquery("'open")).toThrow(/not understood/);
  });
});

describe('postings and texts', () => {
  it('match prefixes and whole words, in the names or the Tamil key only when asked, and forget purged products', () => {
    const p = new Postings();
    p.add('rice', 1, NAMES);
    p.add('rich', 2, 0);
    p.add('rice', 3, 0);
    p.add('arisi', 3, NAMES | KEY);
    const out = bits(1);
    const scratch = bits(1);
    matchBits(p, parseTsquery("'ric':*"), false, out, scratch);
    expect(members(out)).toEqual([1, 2, 3]);
    matchBits(p, parseTsquery("'rice'"), true, out, scratch);
    expect(members(out)).toEqual([1]);
    matchBits(p, parseTsquery("'ari':*B & 'rice':*"), false, out, scratch);
    expect(members(out)).toEqual([3]);
    const gone = bits(1);
    gone[0] |= 1 << 3;
    p.purge(gone);
    matchBits(p, parseTsquery("'ric':*"), false, out, scratch);
    expect(members(out)).toEqual([1, 2]);
  });

  it('find a keyword in English and Tamil text, and in text of other scripts, each distinct text once', () => {
    expect(oneByte('பொன்னி rice')).toHaveLength('பொன்னி rice'.length);
    expect(oneByte('café')).toBeNull();
    const t = new Texts();
    t.set(0, 'ponni rice பொன்னி அரிசி');
    t.set(1, 'ponni rice பொன்னி அரிசி');
    t.set(2, 'crème brûlée');
    const seen = t.seen();
    expect(seen).toHaveLength(2);
    expect([0, 1, 2].map((o) => t.holds(o, needle('பொன்னி அ'), seen))).toEqual([true, true, false]);
    const again = t.seen();
    expect([0, 1, 2].map((o) => t.holds(o, needle('brû'), again))).toEqual([false, false, true]);
    // a Tamil letter's one-byte form is not a Latin-1 letter of another text
    expect(t.holds(2, needle(String.fromCharCode('û'.charCodeAt(0) - 0x80 + 0x0b80)), t.seen())).toBe(false);
    t.drop(0);
    t.drop(1);
    t.set(3, 'new text');
    expect(t.holds(3, needle('new'), t.seen())).toBe(true);
    expect(t.holds(0, needle('ponni'), t.seen())).toBe(false);
  });
});
