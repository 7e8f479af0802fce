import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_BLOCK_NAMES, contentBlockSchemas } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { seedContent } from './index.js';

const WEB_PUBLIC = join(import.meta.dirname, '../../../../web/public');

/** Every string value in a block, with its path, so checks can name the offending field. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, path ? `${path}.${key}` : key));
  }
  return [];
}

const IMAGE_FIELD = /(^|\.)image$/;
const NON_TEXT_FIELD = /(^|\.)(image|icon|background|buttonClass|planId)$/;
const ARABIC = /[\u0600-\u06FF]/;

describe.each(['ar', 'en'] as const)('the %s seed', (lang) => {
  it.each(CONTENT_BLOCK_NAMES)('has a %s block that a save would accept', (name) => {
    const result = contentBlockSchemas[name].safeParse(seedContent[lang][name]);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('points every image at a file the web app ships', () => {
    const images = CONTENT_BLOCK_NAMES.flatMap((name) =>
      strings(seedContent[lang][name]).filter(([path]) => IMAGE_FIELD.test(path)),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const [path, src] of images) {
      expect(src, path).toMatch(/^\/images\/landing\//);
      expect(existsSync(join(WEB_PUBLIC, src)), `${path}: ${src}`).toBe(true);
    }
  });

  it('offers the three plans with their monthly prices', () => {
    const plans = seedContent[lang].pricing.plans;
    expect(plans.map((plan) => plan.price)).toEqual(['$24.99', '$34.99', '$44.99']);
    // Each card sells a billing plan, whose price and limits the landing page shows.
    expect(plans.map((plan) => plan.planId)).toEqual(['basic', 'starter', 'pro']);
    expect(plans.filter((plan) => plan.highlighted)).toHaveLength(1);
  });

  it('answers enough questions, including how to reach support', () => {
    const { faqs } = seedContent[lang].faq;
    expect(faqs.length).toBeGreaterThanOrEqual(6);
    expect(faqs.some((faq) => /@/.test(faq.answer))).toBe(true);
  });
});

describe('the Arabic seed', () => {
  it('is written in Arabic', () => {
    for (const name of CONTENT_BLOCK_NAMES) {
      const texts = strings(seedContent.ar[name]).filter(([path]) => !NON_TEXT_FIELD.test(path));
      for (const [path, value] of texts) {
        // Prices and figures ("$24.99", "99%") carry no words to translate.
        if (!/\p{L}/u.test(value.replace(/[$%]/g, ''))) continue;
        expect(value, `${name}.${path}`).toMatch(ARABIC);
      }
    }
  });

  it('differs from the English copy in every block', () => {
    for (const name of CONTENT_BLOCK_NAMES) {
      expect(seedContent.ar[name], name).not.toEqual(seedContent.en[name]);
    }
  });
});
