import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EN_CATALOGUE, isMessageCode } from '../../../core/message-codes';
import { TA_CATALOGUE } from '../../../core/message-text';
import { MSG } from '../../../core/messages';
import { RULE_MSG } from '../../../core/rule-messages';
import { schemaErrorTexts } from '../../../server/lib/zod';

const root = path.resolve(__dirname, '../../..');
const TAMIL = /[\u0B80-\u0BFF]/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(rel);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [rel] : [];
  });
}
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** Params whose every value names its key (`«name»`), recording the keys a text reads. */
function sampleParams() {
  const read = new Set<string>();
  const params = new Proxy({} as Record<string, string>, {
    get: (_t, key) => {
      if (typeof key !== 'string') return undefined;
      read.add(key);
      return `«${key}»`;
    },
  });
  return { params, read };
}

type Entry = string | ((p: unknown) => string);
const entries = (catalogue: object) => Object.entries(catalogue) as [string, Entry][];

/** Values an English text shows that its Tamil text leaves out on purpose (zod's English type names). */
const DROPPED_IN_TAMIL: Record<string, string[]> = { invalidType: ['expected'] };

describe('the message catalogues', () => {
  it('give every code an English and a Tamil text, and no other key', () => {
    const en = Object.keys(EN_CATALOGUE).sort();
    expect(en.length).toBe(Object.keys(MSG).length + Object.keys(RULE_MSG).length);
    expect(Object.keys(TA_CATALOGUE).sort()).toEqual(en);
    for (const [code, entry] of entries(EN_CATALOGUE)) {
      expect(typeof (TA_CATALOGUE as unknown as Record<string, Entry>)[code], code).toBe(typeof entry);
    }
  });

  it('make a whole text of every entry, in both languages, from sample params', () => {
    for (const [code, en] of entries(EN_CATALOGUE)) {
      const ta = (TA_CATALOGUE as unknown as Record<string, Entry>)[code];
      const enSample = sampleParams();
      const enText = typeof en === 'function' ? en(enSample.params) : en;
      const taText = typeof ta === 'function' ? ta(sampleParams().params) : ta;
      for (const [lang, text] of [
        ['en', enText],
        ['ta', taText],
      ]) {
        expect(typeof text, `${code} (${lang})`).toBe('string');
        expect(text.trim(), `${code} (${lang})`).not.toBe('');
        expect(text, `${code} (${lang})`).not.toMatch(/undefined|null|\[object Object\]|NaN/);
      }
      expect(taText, code).toMatch(TAMIL);
      expect(taText, code).not.toBe(enText);
      // the values the English shows are in the Tamil text too (a name, an area, a limit)
      for (const key of enSample.read) {
        if (!enText.includes(`«${key}»`) || DROPPED_IN_TAMIL[code]?.includes(key)) continue;
        expect(taText, `${code}: ${key}`).toContain(`«${key}»`);
      }
    }
  });

  it('keep the spec texts (MSG) free of field prefixes: a field travels apart from the message', () => {
    for (const [code, text] of entries(EN_CATALOGUE)) {
      if (typeof text === 'string') expect(text, code).not.toMatch(/^[a-z][\w.]*: /);
    }
  });
});

/** String and template literals (the text between the quotes). */
const LITERAL = String.raw`'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|\`((?:\\.|[^\`\\])*)\``;
const literalOf = (m: RegExpMatchArray, from = 1) => m[from] ?? m[from + 1] ?? m[from + 2];

describe("core's zod schemas", () => {
  const files = sourceFiles('core/schemas');

  it('give codes as their `error:` literals', () => {
    const literal = new RegExp(String.raw`\berror:\s*(?:${LITERAL})`, 'g');
    const found = files.flatMap((file) => [...read(file).matchAll(literal)].map((m) => ({ file, text: literalOf(m) })));
    // the scan works: these are in the source
    expect(found.map((f) => f.text)).toEqual(expect.arrayContaining(['ratingRange', 'idInvalid', 'fillRequired']));
    expect(found.filter((f) => !isMessageCode(f.text))).toEqual([]);
  });

  it('give codes from their error functions and checks too (every exported schema walked)', async () => {
    const texts = new Map<string, string>();
    for (const file of files) {
      const mod = (await import(path.join(root, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        for (const text of schemaErrorTexts(value)) texts.set(text, `${file}: ${name}`);
      }
    }
    // the walk works: requiredAmount's function gives both, the GSTIN refine its format code
    expect([...texts.keys()]).toEqual(expect.arrayContaining(['fillRequired', 'invalidNumeric', 'gstinFormat', 'pincodeInvalid']));
    expect([...texts].filter(([text]) => !isMessageCode(text))).toEqual([]);
  });
});

/** The helpers of server/lib/errors.ts whose first argument is the code. */
const CODE_FIRST = ['badRequest', 'notFound', 'forbidden', 'unauthorized', 'tooManyRequests', 'tooLarge', 'note', 'coded'];

/** What in a server source file answers with a text instead of a code: one entry per finding. */
function englishAnswers(source: string): string[] {
  const bad: string[] = [];
  for (const m of source.matchAll(new RegExp(String.raw`\b(${CODE_FIRST.join('|')})\(\s*(?:${LITERAL})`, 'g'))) {
    if (!isMessageCode(literalOf(m, 2))) bad.push(m[0]);
  }
  for (const m of source.matchAll(new RegExp(String.raw`\bfieldError\(\s*(?:${LITERAL})\s*,\s*(?:${LITERAL})`, 'g'))) {
    if (!isMessageCode(literalOf(m, 4))) bad.push(m[0]);
  }
  // conflict takes a coded message, never a text; HttpError a status and a coded message
  for (const m of source.matchAll(/\bconflict\(\s*['"`]|\bnew HttpError\(\s*\d+\s*,\s*['"`]/g)) bad.push(m[0]);
  // a success or refusal sent by hand: `{ message: '...' }`
  for (const m of source.matchAll(/\bmessage:\s*(['"`])(?!\1)/g)) bad.push(m[0]);
  return bad;
}

describe("the server's answers", () => {
  const files = sourceFiles('server');

  it('the scan finds a text given to each kind of helper', () => {
    expect(englishAnswers("throw badRequest('Choose a vendor');")).toHaveLength(1);
    expect(englishAnswers('throw notFound(`Vendor ${id} not found`);')).toHaveLength(1);
    expect(englishAnswers("throw fieldError('phone', 'This phone number is used');")).toHaveLength(1);
    expect(englishAnswers("throw conflict('A GST record with this name already exists');")).toHaveLength(1);
    expect(englishAnswers("throw new HttpError(429, 'Too many');")).toHaveLength(1);
    expect(englishAnswers("return { message: 'Review added' };")).toHaveLength(1);
    expect(
      englishAnswers("throw badRequest('chooseVendor'); throw fieldError('phone', 'phoneTaken'); return note('reviewAdded');"),
    ).toEqual([]);
  });

  it('give every helper a code, never an English text', () => {
    const calls = new RegExp(String.raw`\b(?:${CODE_FIRST.join('|')}|fieldError)\(\s*['"\`]`, 'g');
    // the scan works: the server calls the helpers with literals
    expect(files.reduce((n, file) => n + [...read(file).matchAll(calls)].length, 0)).toBeGreaterThan(40);
    const found = files.flatMap((file) => englishAnswers(read(file)).map((bad) => `${file}: ${bad}`));
    expect(found).toEqual([]);
  });

  it('throw no English text but programmer errors (`new Error`)', () => {
    const english = /throw .*['"`][A-Z][a-z]+ [a-z]+/;
    expect(english.test("throw badRequest('Choose a vendor')")).toBe(true);
    const lines = files.flatMap((file) =>
      read(file)
        .split('\n')
        .map((line, i) => `${file}:${i + 1}: ${line.trim()}`)
        .filter((line) => english.test(line) && !/throw new Error\(/.test(line)),
    );
    expect(lines).toEqual([]);
  });
});
