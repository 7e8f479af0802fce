import type { PlanId } from '@nashr/contracts';
import type { LegalFormat } from './types';

const rules = new Intl.PluralRules('ar');

/**
 * A counted noun in Arabic, for the sentence it stands in: each form is written out with `#` for
 * the number (3-10 take a genitive plural, 11-99 an accusative singular, 100 and more a genitive
 * singular; one and two are words of their own). The number is in the user's digits.
 */
export function arCount(f: LegalFormat, value: number, forms: Record<Intl.LDMLPluralRule, string>): string {
  return forms[rules.select(value)].replace('#', f.number(value));
}

/** The plans' names as the Billing page says them (billing:plans). */
export const AR_PLAN_NAMES: Record<PlanId, string> = {
  trial: 'الفترة التجريبية',
  basic: 'الأساسية',
  starter: 'الانطلاقة',
  pro: 'الاحترافية',
};

export const days = (f: LegalFormat, value: number) =>
  arCount(f, value, { zero: '# يوم', one: 'يوم واحد', two: 'يومين', few: '# أيام', many: '# يومًا', other: '# يوم' });

export const hours = (f: LegalFormat, value: number) =>
  arCount(f, value, {
    zero: '# ساعة',
    one: 'ساعة واحدة',
    two: 'ساعتين',
    few: '# ساعات',
    many: '# ساعة',
    other: '# ساعة',
  });

export const minutes = (f: LegalFormat, value: number) =>
  arCount(f, value, {
    zero: '# دقيقة',
    one: 'دقيقة واحدة',
    two: 'دقيقتين',
    few: '# دقائق',
    many: '# دقيقة',
    other: '# دقيقة',
  });

export const posts = (f: LegalFormat, value: number) =>
  arCount(f, value, {
    zero: '# منشور',
    one: 'منشور واحد',
    two: 'منشوران',
    few: '# منشورات',
    many: '# منشورًا',
    other: '# منشور',
  });

/** "N points": the unit of AI and commenting credits (نقطة), followed by what they are for. */
export const points = (f: LegalFormat, value: number, purpose: string) =>
  arCount(f, value, {
    zero: `# نقطة ${purpose}`,
    one: `نقطة واحدة ${purpose}`,
    two: `نقطتان ${purpose}`,
    few: `# نقاط ${purpose}`,
    many: `# نقطة ${purpose}`,
    other: `# نقطة ${purpose}`,
  });

export const devices = (f: LegalFormat, value: number) =>
  arCount(f, value, {
    zero: '# جهاز',
    one: 'جهاز واحد',
    two: 'جهازين',
    few: '# أجهزة',
    many: '# جهازًا',
    other: '# جهاز',
  });
