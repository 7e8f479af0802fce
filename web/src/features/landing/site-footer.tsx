import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { contactEmail } from '../../lib/contact-email';
import { formatYear } from '../../lib/format';
import { calendarDate } from '../../lib/time-zone';
import { AppLink } from '../../ui/app-link';
import { Logo } from '../../ui/logo';
import { SectionLink } from './section-link';
import { SECTION_IDS } from './sections';
import { SignupLink } from './signup-link';
import { containerClass } from './ui';

const linkClass = 'text-slate-600 transition hover:text-brand-700';

export function SiteFooter() {
  const { t, i18n } = useTranslation('landing');
  return (
    <footer
      id={SECTION_IDS.about}
      tabIndex={-1}
      className="scroll-mt-16 border-t border-slate-200 bg-slate-50 focus:outline-none"
    >
      <div className={`${containerClass} grid gap-12 py-14 md:grid-cols-[2fr_1fr_1fr_1.3fr]`}>
        <div>
          <Logo />
          <h2 className="mt-5 font-semibold text-ink">{t('footer.aboutTitle')}</h2>
          <p className="mt-2 max-w-sm text-sm leading-relaxed text-slate-600">{t('footer.about')}</p>
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold text-ink">
            {t('footer.product')}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <SectionLink to={SECTION_IDS.features} className={linkClass}>
                {t('nav.features')}
              </SectionLink>
            </li>
            <li>
              <SectionLink to={SECTION_IDS.pricing} className={linkClass}>
                {t('nav.pricing')}
              </SectionLink>
            </li>
            <li>
              <SectionLink to={SECTION_IDS.faq} className={linkClass}>
                {t('nav.faq')}
              </SectionLink>
            </li>
            <li>
              <SignupLink className={linkClass}>{t('nav.startForFree')}</SignupLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold text-ink">
            {t('footer.legal')}
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li>
              <AppLink to="/terms" className={linkClass}>
                {t('footer.terms')}
              </AppLink>
            </li>
            <li>
              <AppLink to="/privacy" className={linkClass}>
                {t('footer.privacy')}
              </AppLink>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-ink">{t('footer.contact')}</h2>
          <p className="mt-4 text-sm text-slate-600">{t('footer.contactText')}</p>
          <a
            href={`mailto:${contactEmail()}`}
            dir="ltr"
            data-testid="contact-email"
            className="mt-3 inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:text-brand-800"
          >
            <Mail aria-hidden="true" className="size-4" />
            {contactEmail()}
          </a>
        </div>
      </div>
      <div className="border-t border-slate-200">
        <p className={`${containerClass} py-6 text-center text-sm text-slate-500 md:text-start`}>
          {t('footer.rights', { year: formatYear(calendarDate().getFullYear(), i18n.language) })}
        </p>
      </div>
    </footer>
  );
}
