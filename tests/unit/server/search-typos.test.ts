import { describe, expect, it } from 'vitest';
import { tamilSearchKey, wordSoundKey } from '../../../core/transliterate';
import { allowedTypos, typos, WordList } from '../../../server/services/search/search-typos';

/** True when `query` finds `word` under the rules: within its allowed typos of some beginning of it. */
const finds = (query: string, word: string) => typos(query, word) <= allowedTypos(query.length);

describe('typos allowed by the length of the query word', () => {
  it('none under 5 letters, one from 5 to 8, two from 9', () => {
    expect([1, 4, 5, 8, 9, 20].map(allowedTypos)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  // [query, word, found, why]
  const cases: Array<[string, string, boolean, string]> = [
    ['sugra', 'sugar', true, '5-8 letters: neighbours swapped'],
    ['suger', 'sugar', true, '5-8 letters: a letter replaced'],
    ['jagery', 'jaggery', true, '5-8 letters: a letter missing'],
    ['jaggerry', 'jaggery', true, '5-8 letters: a letter added'],
    ['sgura', 'sugar', false, '5-8 letters: two typos'],
    ['jagerri', 'jaggery', false, '5-8 letters: two typos'],
    ['rcie', 'rice', false, 'under 5 letters: none'],
    ['dall', 'dal', false, 'under 5 letters: none'],
    ['rice', 'rice', true, 'under 5 letters: exact'],
    ['groundnutt', 'groundnut', true, '9+ letters: one'],
    ['grondnutt', 'groundnut', true, '9+ letters: two'],
    ['grndnutt', 'groundnut', false, '8 letters: one only'],
    ['gorundnuut', 'groundnut', true, '9+ letters: swap and addition'],
    ['gorndnuutt', 'groundnut', false, '9+ letters: three'],
    ['xugar', 'sugar', false, 'first letter counts as two'],
    ['ugars', 'sugars', false, 'first letter missing counts as two'],
    ['xroundnut', 'groundnut', true, 'first letter, 9+ letters'],
    ['xroundnot', 'groundnut', false, 'first letter and another, 9+ letters'],
  ];
  it.each(cases)('%s → %s: %s (%s)', (query, word, found) => {
    expect(finds(query, word)).toBe(found);
  });

  it('query words are prefixes: a beginning of the word within the typos is enough', () => {
    expect(finds('tomatos', 'tomatoes')).toBe(true);
    expect(finds('basmti', 'basmati')).toBe(true);
    expect(finds('chilly', 'chilli')).toBe(true);
    expect(typos('toma', 'tomatoes')).toBe(0);
  });
});

describe('Tamil typed in English letters', () => {
  const brinjal = tamilSearchKey('கத்தரிக்காய்');
  it.each(['kathirikai', 'kathirikkai', 'kaththarikkaai', 'kathirikkaai', 'katharikai'])('%s finds கத்தரிக்காய் by its key', (typed) => {
    const key = wordSoundKey(typed)!;
    expect(finds(key, brinjal)).toBe(true);
  });
  it('a different vegetable does not', () => {
    expect(finds(wordSoundKey('kothamalli')!, brinjal)).toBe(false);
    expect(finds(wordSoundKey('kathiri')!, tamilSearchKey('கொத்தமல்லி'))).toBe(false);
  });
});

describe('a word list', () => {
  const list = new WordList();
  for (const [w, n] of [
    ['tomato', 40],
    ['tomatoes', 3],
    ['potato', 20],
    ['sugar', 30],
    ['sugarcane', 2],
    ['jaggery', 5],
  ] as const)
    list.set(w, n);

  it('finds prefixes, and forgets a word set to 0 products', () => {
    expect(list.hasPrefix('tom')).toBe(true);
    expect(list.hasPrefix('tomatoes')).toBe(true);
    expect(list.hasPrefix('tomatoess')).toBe(false);
    list.set('jaggery', 0);
    expect(list.hasPrefix('jag')).toBe(false);
    expect(list.size).toBe(5);
  });

  it('answers the shortest beginnings within the typos, fewest typos first, at most the cap', () => {
    expect(list.near('tomatos', 1, 8).map((x) => [x.prefix, x.whole])).toEqual([
      ['tomato', true],
      ['tomatoe', false],
    ]);
    expect(list.near('potatos', 1, 8).map((x) => x.prefix)).toEqual(['potato']);
    expect(list.near('sugra', 1, 8)).toEqual([{ prefix: 'sugar', whole: false, typos: 1, products: 30 }]);
    expect(list.near('tomatos', 0, 8)).toEqual([]);
    expect(list.near('potatoes', 2, 1)).toHaveLength(1);
  });

  it('walks a large list fast', () => {
    const big = new WordList();
    let x = 7;
    const rand = () => (x = (x * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 50_000; i++)
      big.set(Array.from({ length: 4 + Math.floor(rand() * 8) }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rand() * 26)]).join(''), 1);
    big.near('warmup', 1, 8);
    const t0 = performance.now();
    for (const q of ['kathirikai', 'groundnutt', 'tomatos', 'jaggerry']) big.near(q, allowedTypos(q.length), 8);
    expect((performance.now() - t0) / 4).toBeLessThan(20);
  });
});
