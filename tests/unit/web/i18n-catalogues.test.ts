import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(__dirname, '../../../src/locales');
const namespaces = readdirSync(path.join(dir, 'en')).map((f) => f.replace(/\.ts$/, ''));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const TAMIL = /[\u0B80-\u0BFF]/;

describe('interface catalogues', () => {
  it('has the same namespaces in English and Tamil', () => {
    expect(
      readdirSync(path.join(dir, 'ta'))
        .map((f) => f.replace(/\.ts$/, ''))
        .sort(),
    ).toEqual([...namespaces].sort());
  });

  for (const ns of namespaces) {
    it(`${ns}: same keys and placeholders, every Tamil text written in Tamil`, async () => {
      const en: Record<string, string> = (await import(path.join(dir, 'en', `${ns}.ts`))).default;
      const ta: Record<string, string> = (await import(path.join(dir, 'ta', `${ns}.ts`))).default;
      expect(Object.keys(ta).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        expect(typeof en[key], `${ns}.${key}`).toBe('string');
        expect(ta[key]?.trim(), `${ns}.${key} is empty in Tamil`).toBeTruthy();
        expect(placeholders(ta[key]!), `${ns}.${key} placeholders`).toEqual(placeholders(en[key]!));
      }
      // a Tamil catalogue that is mostly English is an untranslated copy (codes like "GSTR-1", "UPI" are allowed, and a
      // text of placeholders alone, "{scheme}: −{amount}", has no words to translate)
      const words = (v: string) => v.replace(/\{\w+\}/g, '');
      const latinOnly = Object.entries(ta).filter(([k, v]) => !TAMIL.test(v) && /[a-z]{4,}/.test(words(v)) && v === en[k]);
      expect(
        latinOnly.map(([k]) => k),
        `${ns}: Tamil texts identical to English`,
      ).toEqual(latinOnly.filter(([k]) => ALLOWED_SAME.has(`${ns}.${k}`)).map(([k]) => k));
    });
  }
});

/** Texts that read the same in both interfaces (the name of the other language, codes). */
const ALLOWED_SAME = new Set(['common.switchToEnglish', 'receipt.languageEnglish']);
