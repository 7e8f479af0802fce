import { LegalPage } from '../legal/legal-page';
import { termsAr } from '../legal/terms.ar';
import { termsEn } from '../legal/terms.en';
import { TERMS_SECTIONS } from '../legal/types';

/** /terms: what using Nashr means, paying for it included. */
export const TermsPage = () => <LegalPage page="terms" order={TERMS_SECTIONS} texts={{ en: termsEn, ar: termsAr }} />;
