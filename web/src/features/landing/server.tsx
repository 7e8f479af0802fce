/**
 * The landing page rendered to HTML, for the gateway (services/gateway/src/landing-page.ts), built
 * on its own into `web/dist-ssr/landing.js` (vite.ssr.config.ts). React escapes every text and
 * attribute it writes, the admins' copy included.
 */
import type { Locale } from '@nashr/contracts';
import { QueryClient } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { addCountFormat } from '../../i18n/count-format';
import arCommon from '../../i18n/locales/ar/common.json';
import enCommon from '../../i18n/locales/en/common.json';
import { renderWithContactEmail } from '../../lib/contact-email';
import type { LandingData } from './landing-data';
import { seedLandingQueries } from './landing-data';
import { LandingRoot } from './landing-root';
import arLanding from './locales/ar/landing.json';
import enLanding from './locales/en/landing.json';

export interface RenderedLanding {
  /** What goes inside `#root`. */
  html: string;
  title: string;
  description: string;
  dir: 'rtl' | 'ltr';
}

/** `contactEmail`: the installation's contact address (the gateway's CONTACT_EMAIL) the page names. */
export function renderLanding({
  contactEmail,
  ...data
}: Omit<LandingData, 'signedIn'> & { contactEmail?: string }): RenderedLanding {
  renderWithContactEmail(contactEmail);
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    resources: {
      ar: { common: arCommon, landing: arLanding },
      en: { common: enCommon, landing: enLanding },
    },
    ns: ['common', 'landing'],
    lng: data.lang satisfies Locale,
    fallbackLng: 'ar',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });
  addCountFormat(i18n);
  // Rendered once per change of the copy, so nothing of it needs to be kept.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seedLandingQueries(queryClient, data);
  const html = renderToString(<LandingRoot i18n={i18n} queryClient={queryClient} />);
  queryClient.clear();
  return {
    html,
    title: i18n.t('landing:meta.title'),
    description: i18n.t('landing:meta.description'),
    dir: i18n.dir(data.lang) === 'rtl' ? 'rtl' : 'ltr',
  };
}
