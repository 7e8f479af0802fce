import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LanguageToggle } from './language-toggle';
import { Logo } from './logo';

/**
 * The frame of a page an e-mail's link opens (unsubscribe, an invitation, the account-deleted
 * page): the logo linking home and the language switch above one centred card, with the card's
 * icon and title. The page puts the rest of the card inside.
 */
export function EmailLandingFrame({
  homeLabel,
  icon: Icon,
  title,
  live = false,
  testId,
  children,
}: {
  /** The home link's accessible name (the logo shows no words of its own). */
  homeLabel: string;
  icon: LucideIcon;
  title: string;
  /** The card's content changes after a click (a button's outcome): screen readers read it out. */
  live?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 px-6 py-12 text-center">
      <div className="flex w-full max-w-md items-center justify-between">
        <Link to="/" aria-label={homeLabel}>
          <Logo />
        </Link>
        <LanguageToggle />
      </div>
      <section
        className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm"
        aria-live={live ? 'polite' : undefined}
        data-testid={testId}
      >
        <Icon aria-hidden="true" className="mx-auto size-10 text-brand-600" />
        <h1 className="mt-4 text-xl font-semibold text-ink">{title}</h1>
        {children}
      </section>
    </main>
  );
}
