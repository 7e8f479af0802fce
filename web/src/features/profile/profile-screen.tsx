import { useTranslation } from 'react-i18next';
import { useAnalyticsSummary } from '../../lib/api/analytics';
import {
  displayName,
  hasCompanyPages,
  isSandboxAccount,
  useLinkedinAccount,
  usePosts,
  useProfileData,
} from '../../lib/api/linkedin';
import { ENGAGEMENT_WINDOW_DAYS } from '../../lib/statistics';
import { LoadError } from '../../ui/load-error';
import { PlanUpsell } from '../billing';
import { AnalyticsCard } from './analytics-card';
import { CompanyPages } from './company-pages';
import { ConnectionExpiry } from './connection-expiry';
import { ProfileHeader } from './profile-header';
import { AboutSection, EducationSection, SkillsSection } from './profile-sections';
import { ProfileSkeleton } from './profile-skeleton';
import { QuickActions } from './quick-actions';

/**
 * /profile (spec section 2): the account's network profile, with Quick Actions, Analytics and
 * the Premium box beside it.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useProfileData();
  const posts = usePosts();
  // The dashboard's figures for the same days (its default period): one computation, one answer.
  const summary = useAnalyticsSummary(ENGAGEMENT_WINDOW_DAYS);
  const account = useLinkedinAccount();

  if (profile.isPending) {
    return (
      <div data-testid="screen-profile">
        <ProfileSkeleton label={t('loading')} />
      </div>
    );
  }
  if (profile.error || !profile.data) {
    return (
      <div data-testid="screen-profile">
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('title')}</h1>
        <LoadError error={profile.error} onRetry={profile.retry} />
      </div>
    );
  }

  const data = profile.data;
  const named = displayName(data) !== 'User';
  const name = named ? displayName(data) : t('dashboard:userFallback');
  // The sandbox network invents the profile, followers and post figures: each is marked a sample.
  const sandbox = isSandboxAccount(account.data);
  return (
    <div data-testid="screen-profile" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <ProfileHeader profile={data} name={name} sandbox={sandbox} />
        {account.data?.accessExpiresAt && <ConnectionExpiry expiresAt={account.data.accessExpiresAt} />}
        {hasCompanyPages(account.data) && <CompanyPages />}
        <AboutSection summary={data.summary} sandbox={sandbox} />
        <EducationSection education={data.education} sandbox={sandbox} />
        <SkillsSection skills={data.skills} sandbox={sandbox} />
      </div>
      <aside className="space-y-6" aria-label={t('sideColumn')}>
        <QuickActions profile={data} />
        <AnalyticsCard
          summary={summary.data}
          posts={posts.data}
          loading={posts.isPending || summary.isPending}
          sandbox={sandbox}
        />
        <PlanUpsell variant="card" />
      </aside>
    </div>
  );
}
