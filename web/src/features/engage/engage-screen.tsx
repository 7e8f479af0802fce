import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useEngageAllowance, useEngageTargets } from '../../lib/api/engage';
import { formatNumber } from '../../lib/format';
import { PageHeader } from '../../ui/page-header';
import { AutopilotPanel, AutopilotStopNotice, CommentHistory, EngageFeed, PostByUrl, TargetsEditor } from './';
import { useEngageNetwork } from './engage-network-api';

/** /engage: whom to engage with, their feed with suggestions, and the comments sent. */
export function EngagePage() {
  const { t, i18n } = useTranslation('engage');
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  const targets = useEngageTargets();
  const allowance = useEngageAllowance();
  const network = useEngageNetwork();
  const mode = network.data?.mode ?? 'full';
  const hasTargets = !!targets.data && (targets.data.people.length > 0 || targets.data.topics.length > 0);
  const credits = allowance.data?.credits;
  return (
    <div data-testid="screen-engage">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          allowance.data?.included && credits ? (
            <p
              className="rounded-xl bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800"
              data-testid="engage-credits"
            >
              {t('credits', {
                remaining: formatNumber(credits.remaining, i18n.language),
                total: formatNumber(credits.total, i18n.language),
              })}
            </p>
          ) : undefined
        }
      />
      {allowance.data && !allowance.data.included && (
        <p
          className="mb-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="engage-not-included"
        >
          {t('notIncluded')}{' '}
          <Link to="/billing" className="font-semibold underline">
            {t('seePlans')}
          </Link>
        </p>
      )}
      {network.data?.provider === 'sandbox' && <p className="mb-4 text-sm text-slate-500">{t('sandbox')}</p>}
      {mode === 'by_url' && (
        <div
          className="mb-4 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950"
          data-testid="engage-official-notice"
        >
          <p className="font-semibold">{t('official.title')}</p>
          <p className="mt-1">{t('official.text')}</p>
        </div>
      )}
      {mode === 'not_connected' && (
        <p
          className="mb-4 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          data-testid="engage-not-connected"
        >
          {t('notConnected')}{' '}
          <Link to="/connect-linkedIn" className="font-semibold underline">
            {t('connect')}
          </Link>
        </p>
      )}
      {mode === 'by_url' ? (
        <div className="min-w-0 space-y-6">
          <PostByUrl lang={lang} canSend={!!network.data?.features.send} canRead={false} />
          <CommentHistory />
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          {/* The feed comes first in the page, so a phone opens on it once someone or something is
              followed (it was 2,000 px down, under the lists and autopilot). Before that, whom to follow
              shows first. On a wide screen the lists keep the first column. Only CSS order changes, so
              following the first person moves no element and keeps the keyboard's place. */}
          <div className="min-w-0 space-y-6">
            <section aria-labelledby="engage-feed-title">
              <h2 id="engage-feed-title" className="mb-3 font-semibold">
                {t('feed.title')}
              </h2>
              <EngageFeed lang={lang} hasTargets={hasTargets} />
            </section>
            {mode === 'full' && <PostByUrl lang={lang} canSend />}
            <AutopilotStopNotice />
            <CommentHistory />
          </div>
          <aside
            className={`space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:order-first lg:self-start ${hasTargets ? '' : 'order-first'}`}
            data-testid="engage-side-panel"
          >
            <TargetsEditor canSearch={!!network.data?.features.search} />
            {mode === 'full' && <AutopilotPanel />}
          </aside>
        </div>
      )}
    </div>
  );
}
