import { describe, expect, it } from 'vitest';
import { isLatinKeyword, phoneticKeys, tamilSearchKey, tamilToLatin, wordSoundKey } from '../../../core/transliterate';

/** Grocery words in Tamil and the ways people type them in English letters. */
const WORDS: Array<[string, string[]]> = [
  ['அரிசி', ['arisi', 'arishi', 'arisee', 'arici']],
  ['பருப்பு', ['paruppu', 'parupu', 'paruppu', 'parup']],
  ['தக்காளி', ['thakkali', 'takkali', 'thakkaali', 'thakali']],
  ['எண்ணெய்', ['ennai', 'ennei', 'enai', 'enney', 'yennai', 'yennei']],
  ['நல்லெண்ணெய்', ['nallennai', 'nallennei', 'nallenai']],
  ['வெங்காயம்', ['vengayam', 'vengaayam', 'venkayam']],
  ['மிளகாய்', ['milagai', 'milakai', 'milagaai', 'milagay']],
  ['மஞ்சள்', ['manjal', 'manchal', 'manjjal']],
  ['பால்', ['paal', 'pal']],
  ['தயிர்', ['thayir', 'tayir', 'dhayir']],
  ['நெய்', ['nei', 'ney', 'nai']],
  ['சர்க்கரை', ['sarkarai', 'sarkkarai', 'charkarai']],
  ['உப்பு', ['uppu', 'upu']],
  ['மிளகு', ['milagu', 'milaku', 'milaghu']],
  ['சீரகம்', ['seeragam', 'jeeragam', 'jeerakam', 'siragam']],
  ['கடுகு', ['kadugu', 'kaduku']],
  ['வெந்தயம்', ['venthayam', 'vendhayam', 'vendayam']],
  ['புளி', ['puli', 'pulli']],
  ['இஞ்சி', ['inji', 'inchi', 'inji']],
  ['பூண்டு', ['poondu', 'pundu', 'poondu']],
  ['கத்தரிக்காய்', ['katharikkai', 'katharikai', 'kaththarikkaai']],
  ['வாழைப்பழம்', ['vazhaipazham', 'valaipalam', 'vaazhaippazham']],
  ['தேங்காய்', ['thengai', 'thenkai', 'thengaai', 'thaengai']],
  ['முருங்கைக்காய்', ['murungaikai', 'murungaikkai']],
  ['கீரை', ['keerai', 'kirai', 'keera']],
  ['அவல்', ['aval', 'avval']],
  ['ரவை', ['ravai', 'rava', 'ravei']],
  ['சேமியா', ['semiya', 'semiyaa', 'semiyah']],
  ['கோதுமை', ['godhumai', 'kothumai', 'gothumai', 'godhuma']],
  ['மைதா', ['maida', 'maidha', 'maitha']],
  ['உளுந்து', ['ulundhu', 'ulunthu', 'ulundu']],
  ['கடலை', ['kadalai', 'kadala', 'kadalei']],
  ['பாசிப்பருப்பு', ['pasiparuppu', 'paasipparuppu', 'pasiparupu']],
  ['கருப்பட்டி', ['karupatti', 'karuppatti', 'karupati']],
  ['வெல்லம்', ['vellam', 'velam']],
  ['தேன்', ['then', 'thaen', 'ten']],
  ['முட்டை', ['muttai', 'mutta', 'muttei']],
  ['கோழி', ['kozhi', 'koli', 'kozi']],
  ['மீன்', ['meen', 'min']],
  ['ஆட்டுக்கறி', ['aattukari', 'attukkari', 'aattukkari']],
  ['காய்கறி', ['kaaikari', 'kaykari', 'kaikari']],
  ['சாம்பார்', ['sambar', 'saambaar', 'sambaar']],
  ['ரசம்', ['rasam', 'rassam']],
  ['அப்பளம்', ['appalam', 'apalam']],
  ['இட்லி', ['idli', 'itli', 'iddli']],
  ['தோசை', ['dosai', 'thosai', 'dosa', 'thosa']],
];

describe('Tamil typed in English letters', () => {
  it('transliterates Tamil script letter by letter', () => {
    expect(tamilToLatin('தக்காளி')).toBe('thakkaali');
    expect(tamilToLatin('பருப்பு')).toBe('paruppu');
    expect(tamilToLatin('நல்லெண்ணெய்')).toBe('nallenney');
    expect(tamilToLatin('வாழைப்பழம்')).toBe('vaazhaippazham');
    expect(tamilToLatin('அரிசி 5 கிலோ')).toBe('arisi 5 kilo');
  });

  it(`meets the common spellings of ${WORDS.length} grocery words on one key`, () => {
    expect(WORDS.length).toBeGreaterThanOrEqual(40);
    const misses: string[] = [];
    for (const [tamil, spellings] of WORDS) {
      const key = tamilSearchKey(tamil);
      for (const s of spellings)
        if (phoneticKeys(s).join(' ') !== key) misses.push(`${s} → ${phoneticKeys(s).join(' ')} ≠ ${tamil} → ${key}`);
    }
    expect(misses).toEqual([]);
  });

  it('keeps different words apart', () => {
    const keys = WORDS.map(([tamil]) => tamilSearchKey(tamil));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keys each word of a phrase ("paruppu dal")', () => {
    expect(phoneticKeys('Paruppu dal')).toEqual(['parup', 'tal']);
    expect(tamilSearchKey('துவரம் பருப்பு')).toBe('tuvaram parup');
  });

  it("leaves numbers out of a name's key, and keys keyword words of three letters or more", () => {
    expect(tamilSearchKey('நல்லெண்ணெய் 1 லிட்டர் (செக்கு)')).toBe('nalena litar sek');
    expect(tamilSearchKey('கோலா 750 மி.லி')).toBe('kola mi li');
    expect(wordSoundKey('thakkali')).toBe('takali');
    expect(wordSoundKey('5kg')).toBeNull();
    expect(wordSoundKey('ti')).toBeNull();
    expect(wordSoundKey('500')).toBeNull();
    expect(wordSoundKey('அரிசி')).toBeNull();
  });

  it('tells Latin keywords from Tamil ones', () => {
    expect(isLatinKeyword('arisi')).toBe(true);
    expect(isLatinKeyword('அரிசி')).toBe(false);
    expect(isLatinKeyword('123')).toBe(false);
  });
});
