import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../core/messages';
import { MSG_TA } from '../../../core/messages-ta';
import { PATTERNS_TA, TEXTS_TA, toTamil } from '../../../core/texts-ta';
import { ORDER_TEXT, shopSaleTimeError, statusChangeError } from '../../../core/order-rules';
import { QUANTITY_TEXT, quantityError, stockError } from '../../../core/units';
import { IDEMPOTENCY_MSG } from '../../../server/plugins/idempotency';
import { REVIEW_TEXT } from '../../../server/services/catalog.service';
import { CATEGORY_TEXT } from '../../../server/services/categories.service';
import { ORDER_STATUS_UPDATED } from '../../../server/services/vendor-orders.service';

const TAMIL = /[\u0B80-\u0BFF]/;
const root = path.resolve(__dirname, '../../..');

/** A text has a Tamil translation: different from the English and written in Tamil script. */
function expectTamil(en: string) {
  const ta = toTamil(en);
  expect(ta, en).not.toBe(en);
  expect(ta, en).toMatch(TAMIL);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(rel);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [rel] : [];
  });
}
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** A string or template literal's text, each `${...}` replaced by a sample value. */
const literalText = (body: string) => body.replace(/\$\{[^}]*\}/g, 'Sample').replace(/\\(.)/g, '$1');
const LITERAL = String.raw`'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|\`((?:\\.|[^\`\\])*)\``;

/** The texts given as literals to the error helpers (and HttpError) in the server's source. */
function serverErrorLiterals(): { file: string; text: string }[] {
  const call = new RegExp(
    String.raw`\b(?:badRequest|notFound|conflict|forbidden|unauthorized|new HttpError\(\s*\d+\s*,)\(?\s*(?:${LITERAL})`,
    'g',
  );
  return sourceFiles('server').flatMap((file) =>
    [...read(file).matchAll(call)].map((m) => ({ file, text: literalText(m[1] ?? m[2] ?? m[3]) })),
  );
}

/** Names given to the error helpers (`UPLOAD_TOO_LARGE`, `ORDER_TEXT` of `ORDER_TEXT.unavailable(...)`). */
function serverErrorConstants(): Set<string> {
  const call = /\b(?:badRequest|notFound|conflict|forbidden|unauthorized|new HttpError\(\s*\d+\s*,)\(?\s*([A-Z][A-Z0-9_]+)\b/g;
  return new Set(sourceFiles('server').flatMap((file) => [...read(file).matchAll(call)].map((m) => m[1])));
}

/** The value of an exported constant of core or server, by name, read from the module that declares it. */
async function exported(name: string): Promise<unknown> {
  const decl = new RegExp(String.raw`export const ${name}\b`);
  const file = [...sourceFiles('core'), ...sourceFiles('server')].find((f) => decl.test(read(f)));
  expect(file, `export const ${name}`).toBeDefined();
  const mod = (await import(path.join(root, file!))) as Record<string, unknown>;
  return mod[name];
}

/** The texts a constant holds: a string, or an object of strings and text functions (called with samples). */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [(value as (...a: string[]) => string)(...Array.from({ length: value.length }, () => 'Sample'))];
  if (value && typeof value === 'object') return Object.values(value).flatMap(textsOf);
  return [];
}

describe('MSG_TA', () => {
  it('has a Tamil text for every key of MSG', () => {
    for (const [key, en] of Object.entries(MSG)) {
      const ta = (MSG_TA as Record<string, unknown>)[key];
      if (typeof en === 'function') {
        expect(typeof ta, key).toBe('function');
        const text = (ta as (a: string) => string)('Adyar');
        expect(text, key).toMatch(TAMIL);
        expect(text, key).toContain('Adyar');
      } else {
        expect(typeof ta, key).toBe('string');
        expect((ta as string).trim(), key).not.toBe('');
        expect(ta, key).toMatch(TAMIL);
        expect(toTamil(en), key).toBe(ta);
      }
    }
    expect(Object.keys(MSG_TA).sort()).toEqual(Object.keys(MSG).sort());
  });

  it('keeps the field name of a field-named message', () => {
    expect(MSG.phoneTaken.startsWith('phone: ')).toBe(true);
    expect(MSG_TA.phoneTaken.startsWith('phone: ')).toBe(true);
  });
});

describe('toTamil', () => {
  it('translates every literal text the server gives to badRequest/notFound/conflict/forbidden/unauthorized', () => {
    const found = serverErrorLiterals();
    // the scan itself works: these are in the source
    expect(found.map((f) => f.text)).toEqual(
      expect.arrayContaining(['User not found', 'Choose a valid GST rate', 'Information not found']),
    );
    expect(found.length).toBeGreaterThan(20);
    for (const { file, text } of found) {
      const ta = toTamil(text);
      expect(ta, `${file}: ${text}`).not.toBe(text);
      expect(ta, `${file}: ${text}`).toMatch(TAMIL);
    }
  });

  it('translates every exported text constant the server answers with', async () => {
    const names = serverErrorConstants();
    // the scan itself works: these are in the source
    expect([...names]).toEqual(
      expect.arrayContaining(['MSG', 'ORDER_TEXT', 'UPLOAD_TOO_LARGE', 'GST_NOT_FOUND', 'ONLY_PENDING_DELETABLE']),
    );
    for (const name of names) {
      const texts = textsOf(await exported(name));
      expect(texts.length, name).toBeGreaterThan(0);
      for (const text of texts) expectTamil(text);
    }
    for (const text of [
      ...textsOf(IDEMPOTENCY_MSG),
      ...textsOf(REVIEW_TEXT),
      ORDER_STATUS_UPDATED,
      ORDER_TEXT.notEnoughStock('Sample Rice'),
      CATEGORY_TEXT.subcategoryInUse('Sample'),
      QUANTITY_TEXT.whole('Sample Rice', 'pcs'),
      'Internal server error',
    ])
      expectTamil(text);
  });

  it('translates the rule texts of core (quantities, stock, sale times, status changes)', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    const texts = [
      quantityError(0, 'kg'),
      quantityError(5000, 'kg'),
      quantityError(1.2345, 'kg'),
      quantityError(1.5, 'pcs', 'Soap'),
      quantityError(1.5, 'dozen'),
      stockError(-1, 'kg'),
      stockError(1.2345, 'kg'),
      stockError(1.5, 'bunch'),
      shopSaleTimeError(new Date(Number.NaN), now),
      shopSaleTimeError(new Date('2026-05-02T10:00:00Z'), now),
      shopSaleTimeError(new Date('2026-01-01T10:00:00Z'), now),
      statusChangeError('Delivered', 'Pending'),
      statusChangeError('Cancelled', 'Delivered'),
    ];
    for (const text of texts) {
      expect(text).toBeTypeOf('string');
      expectTamil(text!);
    }
    expect(toTamil(quantityError(1.5, 'pcs', 'Soap')!)).toContain('Soap');
    expect(toTamil(quantityError(1.5, 'pcs')!)).toContain('இந்தப் பொருள்');
    expect(toTamil(statusChangeError('Cancelled', 'Delivered')!)).toContain('டெலிவரி ஆனது');
  });

  it('translates every message of our own in the zod schemas of core', async () => {
    const literal = new RegExp(String.raw`error:\s*(?:${LITERAL})`, 'g');
    const named = /error:\s*([A-Za-z_]\w*)(?:\.(\w+))?\s*[,})]/g;
    const files = sourceFiles('core/schemas');
    const texts = files.flatMap((file) => [...read(file).matchAll(literal)].map((m) => literalText(m[1] ?? m[2] ?? m[3])));
    expect(texts).toEqual(expect.arrayContaining(['Rating must be 1 to 5', 'Invalid id']));
    const refs = new Set(files.flatMap((file) => [...read(file).matchAll(named)].map((m) => `${m[1]}${m[2] ? `.${m[2]}` : ''}`)));
    expect([...refs]).toEqual(expect.arrayContaining(['MSG.invalidPhone', 'DAY_TEXT', 'passwordTooShort']));
    for (const ref of refs) {
      const [name, key] = ref.split('.');
      const value = await exported(name);
      const text = key ? (value as Record<string, unknown>)[key] : value;
      texts.push(...textsOf(text));
    }
    for (const text of texts) expectTamil(text);
  });

  it("translates zod's own texts and keeps values", () => {
    for (const text of [
      'Invalid input: expected string, received undefined',
      'Invalid input: expected "x"',
      'Invalid option: expected one of "a"|"b"',
      'Too big: expected string to have <=100 characters',
      'Too small: expected array to have >=1 items',
      'Too small: expected number to be >0',
      'Invalid UUID',
      'Invalid email address',
      'Unrecognized key: "extra"',
      'Invalid input',
    ])
      expectTamil(text);
    expect(toTamil('Too big: expected string to have <=100 characters')).toContain('100');
  });

  it('keeps a field name, values in patterns, and unknown texts as they are', () => {
    expect(toTamil('address.area: Choose an area from the list')).toBe('address.area: பட்டியலிலிருந்து ஒரு பகுதியைத் தேர்ந்தெடுக்கவும்');
    expect(toTamil('products.0.quantity: Invalid input: expected number, received string')).toMatch(
      /^products\.0\.quantity: .*[\u0B80-\u0BFF]/,
    );
    expect(toTamil(ORDER_TEXT.notEnoughStock('தக்காளி'))).toBe('போதுமான இருப்பு இல்லை: தக்காளி');
    expect(toTamil(ORDER_TEXT.unavailable('Ponni Rice'))).toContain('Ponni Rice');
    expect(toTamil(CATEGORY_TEXT.nameTaken('Oil'))).toContain('"Oil"');
    expect(toTamil('Some text nobody wrote down')).toBe('Some text nobody wrote down');
    expect(toTamil('weird field: Some text')).toBe('weird field: Some text');
  });

  it('has only Tamil translations and patterns that can match', () => {
    for (const [en, ta] of Object.entries(TEXTS_TA)) {
      expect(ta, en).toMatch(TAMIL);
      expect(ta, en).not.toBe(en);
    }
    for (const [re] of PATTERNS_TA) expect(re.source.startsWith('^'), re.source).toBe(true);
  });
});
