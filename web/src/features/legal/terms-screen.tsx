import { LegalPage } from './legal-page';
import { termsAr } from './terms.ar';
import { termsEn } from './terms.en';
import { TERMS_SECTIONS } from './types';

/** /terms: what using Nashr means, paying for it included. */
export const TermsPage = () => <LegalPage page="terms" order={TERMS_SECTIONS} texts={{ en: termsEn, ar: termsAr }} />;
