import type { AnalyticsPeriod, AnalyticsSummaryResponse, LinkedinPage } from '@nashr/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ArrowRight, PenLine, SquarePen } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { DEFAULT_PERIOD, periodOf } from '../../lib/analytics-period';
import { useAnalyticsSummary } from '../../lib/api/analytics';
import { useSession } from '../../lib/api/auth';
import {
  type DashboardData,
  isSandboxAccount,
  useAddedPages,
  useAddedPagesKnown,
  useDashboardData,
} from '../../lib/api/linkedin';
import { Avatar } from '../../ui/avatar';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { SandboxBadge } from '../../ui/sample-badge';
import { BestTimesSection } from '../analytics';
import { IdentityChoice, PROFILE } from '../posts';
import { PageAnalytics } from './page-analytics';
import { AnalyticsSkeleton, PeriodAnalytics } from './period-analytics';
import { PostCard } from './post-card';
import { DashboardSkeleton } from './skeletons';

const RECENT_POSTS = 4;

/**
 * /dashboard (spec sections 2 and 4): user info, profile and posts load in order for the greeting
 * and the recent posts; beside them the figures over the period in the address (`?days=`), read
 * from the kept snapshots, and the best times to post.
 */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const dashboard = useDashboardData();
  const search: { days?: unknown; as?: unknown } = useSearch({ strict: false });
  const period = periodOf(search.days) ?? DEFAULT_PERIOD;
  const wantedIdentity = typeof search.as === 'string' ? search.as : PROFILE;
  const pages = useAddedPages();
  const pagesKnown = useAddedPagesKnown();
  // With a company page added, the figures are the profile's or a page's, as chosen.
  // The choice is in the address, as the period is, so a reload or a shared link keeps it; a page
  // removed since shows the profile's.
  const chosenPage = pages.find((page) => page.identity === wantedIdentity);
  const awaitingPage = wantedIdentity !== PROFILE && !pagesKnown;
  // Asked for at once, beside the greeting's three steps rather than after them; only while the
  // profile's figures are the ones shown.
  const summary = useAnalyticsSummary(period, !chosenPage && !awaitingPage);
  return (
    <div data-testid="screen-dashboard">
      {dashboard.isPending ? (
        <DashboardSkeleton label={t('loading')} />
      ) : dashboard.isError ? (
        <>
          <h1 className="mb-6 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('title')}</h1>
          <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />
        </>
      ) : (
        <Dashboard
          data={dashboard.data}
          period={period}
          pages={pages}
          chosenPage={chosenPage}
          awaitingPage={awaitingPage}
          summary={summary}
        />
      )}
    </div>
  );
}

function Dashboard({
  data,
  period,
  pages,
  chosenPage,
  awaitingPage,
  summary,
}: {
  data: DashboardData;
  period: AnalyticsPeriod;
  /** The company pages added (`useAddedPages`). */
  pages: LinkedinPage[];
  /** The added page the address (`?as=`) names, whose figures are shown; none: the profile's. */
  chosenPage: LinkedinPage | undefined;
  /** The address names a page and the added pages are not known yet. */
  awaitingPage: boolean;
  summary: UseQueryResult<AnalyticsSummaryResponse>;
}) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const { profile } = data;
  const { user } = useSession();
  const named = data.userName !== 'User';
  const name = named ? data.userName : t('userFallback');
  const recent = data.posts.slice(0, RECENT_POSTS);
  // The sandbox network invents the profile, followers and post figures: each is marked a sample.
  const sandbox = isSandboxAccount(data.account);
  const onPeriodChange = (days: AnalyticsPeriod) =>
    void navigate({ to: '/dashboard', search: (old) => ({ ...old, days }), replace: true });
  const onIdentityChange = (identity: string) =>
    void navigate({ to: '/dashboard', search: (old) => ({ ...old, as: identity || undefined }), replace: true });

  return (
    <>
      <header className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar src={profile.profile_picture_url} name={name} className="size-14 text-lg ring-4 ring-white shadow" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl" data-testid="dashboard-greeting">
              <Trans
                t={t}
                // A first-time user is welcomed, not welcomed back.
                i18nKey={user?.newAccount ? 'greetingNew' : 'greeting'}
                values={{ name }}
                // One line, whole, whatever the name: an ellipsis when it is longer than the line.
                components={{
                  name: (
                    <bdi
                      className="inline-block max-w-full truncate align-bottom"
                      title={name}
                      data-testid="greeting-name"
                    />
                  ),
                }}
              />
            </h1>
            <p className="mt-1 line-clamp-2 text-slate-600">
              <bdi>{profile.headline ?? t('subtitle')}</bdi>
            </p>
            {sandbox && (
              <div className="mt-2" data-testid="dashboard-profile-sample">
                <SandboxBadge />
              </div>
            )}
          </div>
        </div>
        <Link
          to="/generate-post"
          className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-700"
        >
          <SquarePen aria-hidden="true" className="size-4" />
          {t('generatePost')}
        </Link>
      </header>

      {pages.length > 0 && (
        <div className="mb-6">
          <IdentityChoice
            pages={pages}
            value={chosenPage?.identity ?? PROFILE}
            onChange={onIdentityChange}
            legend={t('whose')}
            testId="analytics-identity"
          />
        </div>
      )}
      {awaitingPage ? (
        <AnalyticsSkeleton label={t('page.loading')} />
      ) : chosenPage ? (
        <PageAnalytics
          organization={chosenPage.organization}
          period={period}
          onPeriodChange={onPeriodChange}
          sandbox={sandbox}
        />
      ) : (
        <PeriodAnalytics period={period} onPeriodChange={onPeriodChange} summary={summary} sandbox={sandbox} />
      )}

      <div className="mt-6">
        <BestTimesSection sandbox={sandbox} />
      </div>

      <section aria-labelledby="recent-posts-title" className="mt-10" data-testid="recent-posts">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="recent-posts-title" className="text-xl font-semibold text-ink">
              {t('posts.title')}
            </h2>
            {sandbox && recent.length > 0 && <SandboxBadge />}
          </div>
          {recent.length > 0 && (
            <Link
              to="/posts"
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
            >
              {t('posts.all')}
              <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
            </Link>
          )}
        </div>
        {recent.length === 0 ? (
          <EmptyState
            icon={PenLine}
            title={t('posts.emptyTitle')}
            text={t('posts.emptyText')}
            action={
              <Link
                to="/generate-post"
                className="inline-flex items-center rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700"
              >
                {t('posts.emptyAction')}
              </Link>
            }
          />
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {recent.map((post) => (
              <PostCard
                key={post.id}
                post={{ ...post, author: { ...post.author, headline: post.author.headline ?? profile.headline } }}
                picture={profile.profile_picture_url}
              />
            ))}
          </div>
        )}
      </section>
    </>
  );
}
