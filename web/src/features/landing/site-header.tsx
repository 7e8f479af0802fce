import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../ui/language-toggle';
import { Logo } from '../../ui/logo';
import { MobileMenu } from './mobile-menu';
import { NAV_ITEMS } from './nav-items';
import { SectionLink } from './section-link';
import { SECTION_IDS } from './sections';
import { SignupLink } from './signup-link';
import { buttonStyles, containerClass } from './ui';
import { useScrolledPast } from './use-scrolled-past';

export function SiteHeader() {
  const { t } = useTranslation('landing');
  const scrolled = useScrolledPast(8);
  return (
    <header
      className={`sticky top-0 z-40 border-b bg-white/85 backdrop-blur-md transition-colors ${
        scrolled ? 'border-slate-200 shadow-sm shadow-slate-900/5' : 'border-transparent'
      }`}
    >
      <div className={`${containerClass} flex h-16 items-center justify-between gap-6`}>
        <SectionLink to={SECTION_IDS.top} className="rounded-lg">
          <Logo />
          <span className="sr-only">{t('nav.homeLink')}</span>
        </SectionLink>

        <nav aria-label={t('nav.label')} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <SectionLink
                  to={item.to}
                  className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition hover:bg-slate-100 hover:text-ink"
                >
                  {t(item.label)}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-3 md:flex">
          <LanguageToggle />
          <SignupLink className={`${buttonStyles.primary} px-4 py-2 text-sm`} testId="header-signup">
            {t('nav.startForFree')}
          </SignupLink>
        </div>

        <MobileMenu />
      </div>
    </header>
  );
}
