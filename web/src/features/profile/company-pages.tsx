import type { LinkedinPage } from '@nashr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useEntitlement } from '../../lib/api/billing';
import { OAUTH_START_PATH, useChangePage, useCompanyPages } from '../../lib/api/linkedin';
import { postKeys } from '../../lib/api/posts';
import { sayOutcome } from '../../lib/say-outcome';
import { useOneAtATime } from '../../lib/use-one-at-a-time';
import { LoadError } from '../../ui/load-error';
import { Skeleton } from '../../ui/skeleton';
import { Spinner } from '../../ui/spinner';

/**
 * The company pages the connected member administers (official network only): each can be added
 * to write posts as it, and removed again. Which are listed is the network's answer of the moment.
 */
export function CompanyPages() {
  const { t } = useTranslation('profile');
  const pages = useCompanyPages();
  // How many pages the plan lets the user add, said before a refusal has to say it.
  const allowance = useEntitlement().data?.limits.pages;
  return (
    <section
      aria-labelledby="company-pages-title"
      className="rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      data-testid="company-pages"
    >
      <h2 id="company-pages-title" className="flex items-center gap-2 text-lg font-bold text-ink">
        <Building2 aria-hidden="true" className="size-5 text-[#0a66c2]" />
        {t('pages.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('pages.intro')}</p>
      {allowance !== undefined && pages.data?.granted && (
        <p className="mt-1 text-sm text-slate-600" data-testid="pages-allowance">
          {t('pages.allowance', { count: allowance })}
        </p>
      )}
      <div className="mt-4">
        {pages.isPending ? (
          <div role="status" aria-label={t('pages.loading')} className="space-y-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : pages.error ? (
          <LoadError error={pages.error} onRetry={() => void pages.refetch()} />
        ) : !pages.data.granted ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <p className="min-w-[min(100%,14rem)] flex-1">{t('pages.notGranted')}</p>
            <a
              href={`${OAUTH_START_PATH}?display=page`}
              className="rounded-xl bg-[#0a66c2] px-4 py-2 font-semibold text-white hover:bg-[#004182]"
            >
              {t('reconnect')}
            </a>
          </div>
        ) : pages.data.pages.length === 0 ? (
          <p className="text-sm text-slate-600">{t('pages.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {pages.data.pages.map((page) => (
              <PageRow key={page.organization} page={page} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function PageRow({ page }: { page: LinkedinPage }) {
  const { t } = useTranslation('profile');
  const change = useChangePage();
  const client = useQueryClient();
  const oneAtATime = useOneAtATime();
  const toggle = () =>
    sayOutcome(
      async () => {
        await change.mutateAsync({ organization: page.organization, add: !page.added });
        // A removed page's scheduled posts are marked: the lists read them again.
        void client.invalidateQueries({ queryKey: postKeys.all });
      },
      () => t(page.added ? 'pages.removedToast' : 'pages.addedToast', { name: page.name }),
    );
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="company-page" data-added={page.added}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-ink" dir="auto">
          {page.name}
        </p>
        <p className="text-xs text-slate-500">
          {t(`pages.roles.${page.role}`)}
          {page.added && <span className="ms-2 font-semibold text-emerald-700">· {t('pages.added')}</span>}
        </p>
      </div>
      <button
        type="button"
        onClick={() => oneAtATime(toggle)}
        disabled={change.isPending}
        aria-label={t(page.added ? 'pages.removeLabel' : 'pages.addLabel', { name: page.name })}
        className={`inline-flex items-center gap-1.5 rounded-xl px-4 py-2 text-sm font-semibold disabled:opacity-60 ${
          page.added
            ? 'text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50'
            : 'bg-[#0a66c2] text-white hover:bg-[#004182]'
        }`}
      >
        {change.isPending && <Spinner className="size-3.5 border-2" />}
        {t(page.added ? 'pages.remove' : 'pages.add')}
      </button>
    </li>
  );
}
