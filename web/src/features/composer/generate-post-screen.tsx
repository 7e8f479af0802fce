import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { CalendarClock, Sparkles, Wand2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { PageHeader } from '../../ui/page-header';
import { Composer } from './composer';

const STEPS = [
  { key: 'write', icon: Sparkles },
  { key: 'adjust', icon: Wand2 },
  { key: 'publish', icon: CalendarClock },
] as const;

/** /generate-post: the composer inline in the shell, with a short guide beside it. */
export function GeneratePostPage() {
  const { t, i18n } = useTranslation('composer');
  const navigate = useNavigate();
  // What another app shared (router.tsx, the manifest's share_target): the post starts from it,
  // once; the address drops it so a reload goes on with the draft instead of starting again.
  const search = useSearch({ strict: false }) as { shared?: string };
  const [shared] = useState(search.shared ?? '');
  useEffect(() => {
    if (shared) void navigate({ to: '/generate-post', search: {}, replace: true });
  }, [shared, navigate]);
  return (
    <div data-testid="screen-generatePost">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <section
          aria-label={t('title')}
          className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm"
          data-testid="composer-page"
        >
          <Composer variant="page" initialText={shared} autoFocus={shared !== ''} />
        </section>
        <aside className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="font-semibold text-ink">{t('page.guideTitle')}</h2>
          <ol className="mt-4 space-y-4">
            {STEPS.map(({ key, icon: Icon }, index) => (
              <li key={key} className="flex gap-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-slate-800">
                    {formatNumber(index + 1, i18n.language)}. {t(`page.steps.${key}.title`)}
                  </p>
                  <p className="mt-0.5 text-sm leading-6 text-slate-600">{t(`page.steps.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
          <Link
            to="/personalization"
            className="mt-5 inline-flex text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
          >
            {t('page.personalizationLink')}
          </Link>
        </aside>
      </div>
    </div>
  );
}
