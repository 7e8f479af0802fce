import { PLAN_CATALOGUE, PURCHASABLE_PLAN_IDS } from '@nashr/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { displayPreferences, setDisplayPreferences } from '../../lib/format';
import { legalFormat } from './format';
import { privacyAr } from './privacy.ar';
import { privacyEn } from './privacy.en';
import { termsAr } from './terms.ar';
import { termsEn } from './terms.en';
import {
  type LegalBlock,
  type LegalDocument,
  type LegalSection,
  PRIVACY_DATA_SECTIONS,
  PRIVACY_SECTIONS,
  TERMS_SECTIONS,
} from './types';

const initial = displayPreferences();
afterEach(() => setDisplayPreferences(initial));

const PAGES = [
  { name: 'terms', order: TERMS_SECTIONS, en: termsEn, ar: termsAr },
  { name: 'privacy', order: PRIVACY_SECTIONS, en: privacyEn, ar: privacyAr },
] as const;

/** A section's shape: 'p' per paragraph, the item count per list. */
const shapeOf = (blocks: readonly LegalBlock[]) =>
  blocks.map((block) => (typeof block === 'string' ? 'p' : block.length));

const allText = (doc: LegalDocument<string, { heading: string; blocks: readonly LegalBlock[]; kept?: string }>) =>
  [
    doc.title,
    ...doc.intro,
    ...Object.values(doc.sections).flatMap((section) => [
      section.heading,
      ...section.blocks.flat(),
      section.kept ?? '',
    ]),
  ].join('\n');

describe.each(PAGES)('the $name page', ({ order, en, ar }) => {
  const english = en(legalFormat('en'));
  const arabic = ar(legalFormat('ar'));

  it('has the same sections in both languages, each with the same paragraphs and lists', () => {
    for (const doc of [english, arabic]) expect(Object.keys(doc.sections).sort()).toEqual([...order].sort());
    expect(arabic.intro).toHaveLength(english.intro.length);
    for (const id of order) {
      // Both pages' documents in one list: their section ids differ, so look them up as strings.
      const [enSection, arSection] = [english, arabic].map(
        (doc) => (doc.sections as Record<string, LegalSection>)[id],
      ) as [LegalSection, LegalSection];
      expect(arSection.heading, id).not.toBe('');
      expect(shapeOf(arSection.blocks), id).toEqual(shapeOf(enSection.blocks));
      expect('kept' in arSection, id).toBe('kept' in enSection);
    }
  });

  it('writes its numbers in the digits the user chose', () => {
    setDisplayPreferences({ ...initial, digits: 'arab' });
    // Latin digits left: technical names and the example network only.
    const latin = allText(ar(legalFormat('ar')))
      .replaceAll(/HMAC-SHA256|SHA-256|203\.0\.113\.0\/24/g, '')
      .match(/[0-9]+/g);
    expect(latin).toBeNull();
  });
});

describe('the privacy policy', () => {
  it('says how long every kind of data it lists is kept, in both languages', () => {
    for (const doc of [privacyEn(legalFormat('en')), privacyAr(legalFormat('ar'))]) {
      for (const id of PRIVACY_DATA_SECTIONS) expect(doc.sections[id].kept, id).not.toBe('');
    }
  });

  it('names the processors and the authorities in both languages', () => {
    const english = allText(privacyEn(legalFormat('en')));
    const arabic = allText(privacyAr(legalFormat('ar')));
    for (const name of ['OpenAI', 'Stripe', 'Unipile']) {
      expect(english).toContain(name);
      expect(arabic).toContain(name);
    }
    expect(english).toMatch(/SDAIA/);
    expect(english).toMatch(/UAE Data Office/);
    expect(arabic).toMatch(/سدايا/);
    expect(arabic).toMatch(/مكتب الإمارات للبيانات/);
  });
});

describe('the terms of use', () => {
  it('state every plan’s price from the plans themselves, and the trial’s allowance', () => {
    const english = allText(termsEn(legalFormat('en')));
    const arabic = allText(termsAr(legalFormat('ar')));
    for (const id of PURCHASABLE_PLAN_IDS) {
      const amount = (PLAN_CATALOGUE[id].price.amountMinor / 100).toFixed(2);
      expect(english).toContain(`${amount} US dollars`);
      expect(arabic).toContain(`${amount} دولار أمريكي`);
    }
    expect(english).toContain(`${PLAN_CATALOGUE.trial.limits.aiCredits} AI credits for the whole trial`);
    expect(arabic).toContain(`${PLAN_CATALOGUE.trial.limits.aiCredits} نقطة للذكاء الاصطناعي للفترة كلها`);
  });
});
