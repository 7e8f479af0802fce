import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LanguageToggle } from '../../ui/language-toggle';
import { Logo } from '../../ui/logo';

/** Logo (home link) and the language switch, above every screen of the sign-in and onboarding flow. */
export function FlowHeader({ className = '' }: { className?: string }) {
  return (
    <header className={`flex items-center justify-between gap-4 ${className}`}>
      <Link to="/" className="rounded-lg">
        <Logo />
      </Link>
      <LanguageToggle className="bg-white" />
    </header>
  );
}

/** A centred card on a soft background: /verify and /connect-linkedIn. */
export function CenteredFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-white to-white">
      <FlowHeader className="mx-auto w-full max-w-5xl px-5 py-5 sm:px-8" />
      <main className="flex flex-1 items-start justify-center px-5 pb-16 pt-4 sm:items-center sm:pt-0">
        <div className="w-full max-w-lg rounded-3xl border border-slate-200 bg-white p-7 shadow-xl shadow-brand-900/5 sm:p-10">
          {children}
        </div>
      </main>
    </div>
  );
}

/** Blocks the screen with a spinner while a request that must not be repeated is under way. */
export function BusyOverlay({ label }: { label: string }) {
  return (
    <div
      data-testid="busy-overlay"
      aria-live="assertive"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-white/70 backdrop-blur-sm"
    >
      <span
        className="size-12 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      <p role="status" className="font-medium text-slate-700">
        {label}
      </p>
    </div>
  );
}
