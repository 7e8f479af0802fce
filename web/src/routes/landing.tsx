import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../components/language-toggle';
import { Logo } from '../components/logo';

/** Placeholder until the landing page lands. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4">
      <Logo />
      <LanguageToggle />
      <p>{t('loading')}</p>
    </main>
  );
}
