import { useRouter } from '@tanstack/react-router';
import { RotateCw, WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

/**
 * The app opened without a network (the installed app's kept shell, session/route-guard.ts):
 * whether the reader is signed in cannot be known, so neither the sign-in page nor a screen shows;
 * the app tries again by itself when the browser is back online, or when asked.
 */
export function OfflineScreen() {
  const { t } = useTranslation();
  const router = useRouter();
  useEffect(() => {
    const retry = () => void router.invalidate();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [router]);
  return (
    <main
      data-testid="offline-screen"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-white px-6 text-center"
    >
      <Logo />
      <span className="mt-4 flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-600">
        <WifiOff aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-xl font-bold text-ink">{t('offline.title')}</h1>
      <p className="max-w-sm text-slate-600">{t('offline.text')}</p>
      <button
        type="button"
        onClick={() => void router.invalidate()}
        className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-700 shadow-sm transition hover:bg-slate-50"
      >
        <RotateCw aria-hidden="true" className="size-4" />
        {t('tryAgain')}
      </button>
    </main>
  );
}
