import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL } from '../components/landing/sections';
import { LanguageToggle } from '../components/language-toggle';
import { Logo } from '../components/logo';

interface LegalSection {
  heading: string;
  body: string;
}

/** /terms and /privacy: what using Nashr means, and what it stores, why, how long, how to delete it. */
function LegalPage({ page }: { page: 'terms' | 'privacy' }) {
  const { t } = useTranslation('legal');
  const sections = t(`${page}.sections`, { returnObjects: true }) as LegalSection[];
  const title = t(`${page}.title`);
  useEffect(() => {
    document.title = `${title} · Nashr`;
  }, [title]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-6 py-4">
          <Link to="/" aria-label={t('backHome')} className="rounded-lg">
            <Logo />
          </Link>
          <LanguageToggle />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-6 py-10" data-testid={`legal-${page}`}>
        <h1 className="text-3xl font-bold text-ink">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">{t('updated')}</p>
        <p className="mt-6 text-lg leading-8 text-slate-700">{t(`${page}.intro`)}</p>
        {sections.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-semibold text-ink">{section.heading}</h2>
            <p className="mt-2 leading-8 text-slate-700">{section.body}</p>
          </section>
        ))}
        <p className="mt-10 text-slate-700">
          {t('contact')}
          <a href={`mailto:${CONTACT_EMAIL}`} dir="ltr" className="font-semibold text-brand-700 hover:underline">
            <bdi>{CONTACT_EMAIL}</bdi>
          </a>
        </p>
        <nav className="mt-10 flex flex-wrap gap-4 border-t border-slate-200 pt-6 text-sm">
          <Link to={page === 'terms' ? '/privacy' : '/terms'} className="font-medium text-brand-700 hover:underline">
            {t(`otherPage.${page}`)}
          </Link>
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            {t('backHome')}
          </Link>
        </nav>
      </main>
    </div>
  );
}

export const TermsPage = () => <LegalPage page="terms" />;
export const PrivacyPage = () => <LegalPage page="privacy" />;
