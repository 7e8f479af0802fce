import { LegalPage } from './legal-page';
import { privacyAr } from './privacy.ar';
import { privacyEn } from './privacy.en';
import { PRIVACY_SECTIONS } from './types';

/** /privacy: what Nashr keeps, why, for how long, who processes it, and how to download or delete it. */
export const PrivacyPage = () => (
  <LegalPage page="privacy" order={PRIVACY_SECTIONS} texts={{ en: privacyEn, ar: privacyAr }} />
);
