import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';

/** The text an errors.json file has for a dotted code (`post.too_long` → `{ post: { too_long } }`). */
function textOf(lang: 'ar' | 'en', code: string): unknown {
  const file = JSON.parse(readFileSync(join(import.meta.dirname, 'locales', lang, 'errors.json'), 'utf8'));
  return code.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file);
}

describe('every declared error code', () => {
  it.each(['ar', 'en'] as const)('has words in %s', (lang) => {
    const missing = ERROR_CODES.filter((code) => {
      const text = textOf(lang, code);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing, `errors.json (${lang}) has no text for these codes`).toEqual([]);
  });

  it('reads the Arabic in Arabic', () => {
    const latin = ERROR_CODES.filter((code) => !/[\u0600-\u06FF]/.test(String(textOf('ar', code))));
    expect(latin).toEqual([]);
  });
});
