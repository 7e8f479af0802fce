import { LegalPage } from '../legal/legal-page';
import { privacyAr } from '../legal/privacy.ar';
import { privacyEn } from '../legal/privacy.en';
import { PRIVACY_SECTIONS } from '../legal/types';

/** /privacy: what Nashr keeps, why, for how long, who processes it, and how to download or delete it. */
export const PrivacyPage = () => (
  <LegalPage page="privacy" order={PRIVACY_SECTIONS} texts={{ en: privacyEn, ar: privacyAr }} />
);
