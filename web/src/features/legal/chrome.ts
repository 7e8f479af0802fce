import type { Language } from '../../i18n';
import type { LegalChrome } from './types';

/** The words around the legal texts, in each language. */
export const LEGAL_CHROME: Record<Language, LegalChrome> = {
  en: {
    lastUpdated: 'Last updated: {date}',
    contents: 'Contents',
    kept: 'How long it is kept:',
    backHome: 'Back to Nashr',
    otherPage: { terms: 'Read the Privacy Policy', privacy: 'Read the Terms of Use' },
    brand: 'Nashr',
  },
  ar: {
    lastUpdated: 'آخر تحديث: {date}',
    contents: 'المحتويات',
    kept: 'مدة الحفظ:',
    backHome: 'العودة إلى «نشر»',
    otherPage: { terms: 'الاطلاع على سياسة الخصوصية', privacy: 'الاطلاع على شروط الاستخدام' },
    brand: 'نشر',
  },
};
