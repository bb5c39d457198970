/**
 * Tamil typed in English letters. Most shoppers search "arisi" for அரிசி or "thakkali" for தக்காளி,
 * spelling the same word several ways. Both sides are reduced to one phonetic key: the product's Tamil
 * name through a plain transliteration, the shopper's Latin keyword as typed. Spellings people use for
 * one Tamil word meet on the same key: th/t/d, zh/l/z, aa/a, ee/i, oo/u, ai/ei, k/g, ch/s/j, doubled
 * consonants written single, a final "u" dropped, a final ai/ei/ay/ey written as "a", a final "h" after a vowel,
 * a leading "y" before e or i (yennai), and "c" before e, i or y read as s (arici).
 */

const VOWELS: Record<string, string> = {
  அ: 'a',
  ஆ: 'aa',
  இ: 'i',
  ஈ: 'ee',
  உ: 'u',
  ஊ: 'oo',
  எ: 'e',
  ஏ: 'e',
  ஐ: 'ai',
  ஒ: 'o',
  ஓ: 'o',
  ஔ: 'au',
};
const SIGNS: Record<string, string> = {
  'ா': 'aa',
  'ி': 'i',
  'ீ': 'ee',
  'ு': 'u',
  'ூ': 'oo',
  'ெ': 'e',
  'ே': 'e',
  'ை': 'ai',
  'ொ': 'o',
  'ோ': 'o',
  'ௌ': 'au',
};
const CONSONANTS: Record<string, string> = {
  க: 'k',
  ங: 'n',
  ச: 's',
  ஞ: 'n',
  ட: 't',
  ண: 'n',
  த: 'th',
  ந: 'n',
  ப: 'p',
  ம: 'm',
  ய: 'y',
  ர: 'r',
  ல: 'l',
  வ: 'v',
  ழ: 'zh',
  ள: 'l',
  ற: 'r',
  ன: 'n',
  ஜ: 'j',
  ஷ: 'sh',
  ஸ: 's',
  ஹ: 'h',
};
const VIRAMA = '்';

/** A plain Latin transliteration of Tamil text (other characters pass through): தக்காளி → thakkaali. */
export function tamilToLatin(text: string): string {
  let out = '';
  const chars = [...text.normalize('NFC')];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const consonant = CONSONANTS[c];
    if (consonant !== undefined) {
      const next = chars[i + 1];
      if (next === VIRAMA) {
        out += consonant;
        i++;
      } else if (next !== undefined && SIGNS[next] !== undefined) {
        out += consonant + SIGNS[next];
        i++;
      } else {
        out += `${consonant}a`;
      }
    } else if (VOWELS[c] !== undefined) out += VOWELS[c];
    else if (c === 'ஃ') out += 'h';
    else if (SIGNS[c] === undefined && c !== VIRAMA) out += c;
  }
  return out;
}

const DIGRAPHS: Array<[RegExp, string]> = [
  [/zh/g, 'l'],
  [/[td]h/g, 't'],
  [/[sc]h/g, 's'],
  [/[pb]h/g, 'p'],
  [/[kg]h/g, 'k'],
  [/ee/g, 'i'],
  [/oo/g, 'u'],
  [/aa/g, 'a'],
  [/ii/g, 'i'],
  [/uu/g, 'u'],
  [/ae/g, 'e'],
];
const LETTERS: Record<string, string> = { z: 'l', d: 't', g: 'k', b: 'p', j: 's', w: 'v', f: 'p', c: 'k', q: 'k' };

/** The phonetic key of one Latin word: "Thakkaali", "takkali" and "thakali" all give "takali". */
function wordKey(word: string): string {
  // a leading y before e or i is how many write எ and இ ("yennai" for எண்ணெய்); c before e, i or y is ச ("arici")
  let w = word.replace(/^y(?=[ei])/, '').replace(/c(?=[eiy])/g, 's');
  for (const [from, to] of DIGRAPHS) w = w.replace(from, to);
  w = w.replace(/[zdgbjwfcq]/g, (c) => LETTERS[c]);
  w = w.replace(/x/g, 'ks').replace(/([aeiou])h$/, '$1');
  w = w.replace(/(ai|ei|ay|ey)$/, 'a');
  w = w.replace(/ai|ei/g, 'e').replace(/[ae]y(?=[^aeiou])/g, 'e');
  w = w.replace(/(.)\1+/g, '$1');
  if (w.length > 2 && w.endsWith('u')) w = w.slice(0, -1);
  return w;
}

/** The phonetic keys of a Latin text, one per word ("Paruppu dal" → ["parup", "tal"]). */
export function phoneticKeys(latin: string): string[] {
  return latin
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .map(wordKey)
    .filter((w) => w.length > 0);
}

/**
 * The searchable phonetic form of a Tamil name: the keys of its words that hold a letter, space
 * separated (நல்லெண்ணெய் 1 லிட்டர் → "nalena litar"); numbers are matched as typed elsewhere.
 */
export const tamilSearchKey = (tamil: string): string => phoneticKeys(tamilToLatin(tamil).replace(/\b[0-9]+\b/g, ' ')).join(' ');

/**
 * The phonetic key of one keyword word in Latin letters, when it has one worth matching: three
 * letters or more (shorter ones would match most names), null otherwise.
 */
export function wordSoundKey(word: string): string | null {
  if (!/^[a-z0-9]+$/.test(word) || !/[a-z]/.test(word)) return null;
  const keys = phoneticKeys(word);
  return keys.length === 1 && keys[0].length >= 3 ? keys[0] : null;
}

/** True when a keyword is written in Latin letters (so it may be Tamil typed in English). */
export const isLatinKeyword = (keyword: string): boolean => /[a-z]/i.test(keyword) && !/[\u0B80-\u0BFF]/.test(keyword);
