import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

export function NotFound() {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-gradient-to-b from-brand-50 to-white px-6 text-center">
      <Logo />
      <p className="text-7xl font-extrabold text-brand-600">{t('notFound.code')}</p>
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="max-w-lg text-slate-600">{t('notFound.message')}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => router.history.back()}
          className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium text-slate-700 hover:bg-slate-50"
        >
          {t('notFound.goBack')}
        </button>
        <Link to="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700">
          {t('notFound.goHome')}
        </Link>
      </div>
    </main>
  );
}
