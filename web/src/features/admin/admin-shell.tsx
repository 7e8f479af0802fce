import { Link } from '@tanstack/react-router';
import { ExternalLink, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../ui/language-toggle';
import { Logo } from '../../ui/logo';

/** The admin area's frame: top bar with the product, the admin's identity and the interface language. */
export function AdminShell({ email, children }: { email: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
          {/* Named by the logo's own word (the product name) followed by where it leads. */}
          <Link to="/" className="shrink-0">
            <Logo className="max-sm:[&>span:last-child]:hidden" />
            <span className="sr-only"> {t('header.viewSite')}</span>
          </Link>
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100">
            <ShieldCheck aria-hidden="true" className="size-3.5" />
            {t('header.badge')}
          </span>
          <div className="ms-auto flex items-center gap-2 sm:gap-3">
            <a
              href="/"
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-ink"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              <span className="max-md:sr-only">{t('header.viewSite')}</span>
            </a>
            <LanguageToggle />
            <span
              className="hidden max-w-56 truncate border-s border-slate-200 ps-3 text-sm text-slate-500 lg:inline"
              title={t('header.signedInAs', { email })}
              data-testid="admin-email"
            >
              {email}
            </span>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">{children}</main>
    </div>
  );
}
