import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { localeFile, localeFiles } from './locale-files';

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (all, [key, inner]) => Object.assign(all, flatten(inner, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

/** i18next's plural suffixes: a key counted in one language has one form per plural category of it. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: string[]) => [...new Set(keys.map((k) => k.replace(PLURAL, '')))].sort();

const read = (lang: string, file: string) => flatten(JSON.parse(readFileSync(localeFile(lang, file), 'utf8')));

describe('translations', () => {
  const files = localeFiles('en');

  it('exist for the same namespaces in both languages', () => {
    expect(localeFiles('ar')).toEqual([...files].sort());
  });

  it.each(files)('%s has the same non-empty keys in Arabic and English', (file) => {
    const en = read('en', file);
    const ar = read('ar', file);
    expect(baseKeys(Object.keys(ar))).toEqual(baseKeys(Object.keys(en)));
    // Every plural category of the language has its form (Arabic has six, English two).
    for (const [lang, keys] of [
      ['ar', Object.keys(ar)],
      ['en', Object.keys(en)],
    ] as const) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const base of baseKeys(keys.filter((k) => PLURAL.test(k)))) {
        for (const category of categories) {
          expect(keys, `${file}: ${lang} lacks ${base}_${category}`).toContain(`${base}_${category}`);
        }
      }
    }
    for (const [key, value] of Object.entries({ ...en, ...ar })) {
      expect(typeof value === 'string' && value.trim().length > 0, `${file}: ${key} is empty`).toBe(true);
    }
  });

  it('writes the Arabic files in Arabic', () => {
    for (const file of files) {
      const values = Object.values(read('ar', file)).filter((v): v is string => typeof v === 'string');
      const arabic = values.filter((v) => /[\u0600-\u06FF]/.test(v));
      // Brand names and numbers may stay Latin, but most text must be Arabic.
      expect(arabic.length / values.length, file).toBeGreaterThan(0.6);
    }
  });
});
