import { createInstance, type i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCountFormat } from '../../i18n/count-format';
import { resources } from '../../i18n/resources';
import type { Credits } from '../../lib/api/ai';
import { creditsHint } from './credits-hint';

let i18n: I18n;

beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'en', defaultNS: 'composer', interpolation: { escapeValue: false } });
  addCountFormat(i18n);
});

const credits = (remaining: number, freeLeft: number): Credits => ({
  remaining,
  total: 100,
  costPerPost: 10,
  premiumModel: 'GPT-4o',
  standardModel: 'GPT-3.5',
  plan: 'trial',
  renewsAt: null,
  provider: 'openai',
  freeToday: { remaining: freeLeft, limit: 15 },
});
const hint = (lng: 'ar' | 'en', value: Credits) =>
  creditsHint((key, values) => i18n.t(key, { lng, ...values }), value, null).replace(/[\u200e\u200f\u2068\u2069]/g, '');

describe("the composer's credits line", () => {
  it('names the premium balance while it lasts, without the free drafts', () => {
    expect(hint('en', credits(40, 15))).toContain('40 GPT-4o credits left.');
    expect(hint('en', credits(40, 15))).not.toContain('free draft');
  });

  it("counts the day's free drafts down once the credits are spent, before the limit is reached", () => {
    expect(hint('en', credits(0, 15))).toBe(
      'Your GPT-4o credits are used up, so drafts are written with GPT-3.5. 15 free drafts left today.',
    );
    expect(hint('en', credits(5, 1))).toMatch(/ 1 free draft left today\.$/);
    expect(hint('en', credits(0, 0))).toMatch(/No free drafts are left today: they renew tomorrow/);
    expect(hint('ar', credits(0, 15))).toMatch(/تبقّت لك اليوم 15 مسودةً مجانيةً\.$/);
    expect(hint('ar', credits(0, 0))).toMatch(/لم تتبقَّ لك مسودات مجانية اليوم؛ تتجدد غدًا/);
  });
});
