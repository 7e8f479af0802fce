import type { FullProfile } from '@nashr/contracts';
import { BadgeCheck, Globe, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { Avatar, safeImageUrl } from '../../ui/avatar';
import { SandboxBadge } from '../../ui/sample-badge';

/** Only web addresses: never a `javascript:` or other scheme from the network's data. */
export function safeWebsite(url: string): { href: string; label: string } | null {
  try {
    const parsed = new URL(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return { href: parsed.href, label: `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}` };
  } catch {
    return null;
  }
}

/** Cover, avatar, name, headline, location, connections, followers and website. */
export function ProfileHeader({
  profile,
  name,
  sandbox = false,
}: {
  profile: FullProfile;
  name: string;
  /** The sandbox network invented this profile, its followers and connections: marked as a sample. */
  sandbox?: boolean;
}) {
  const { t, i18n } = useTranslation('profile');
  const cover = safeImageUrl(profile.background_picture_url);
  const websites = profile.websites.map(safeWebsite).filter((site) => site !== null);
  const counts = [
    { key: 'connections', value: profile.connections_count },
    { key: 'followers', value: profile.follower_count },
  ] as const;

  return (
    <section
      className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm"
      data-testid="profile-header"
    >
      <div
        className="h-32 bg-gradient-to-br from-brand-500 via-brand-700 to-brand-900 bg-cover bg-center sm:h-48"
        style={cover ? { backgroundImage: `url("${cover}")` } : undefined}
        data-testid="profile-cover"
      />
      <div className="px-5 pb-6 sm:px-8">
        <div className="-mt-12 flex items-end justify-between gap-4 sm:-mt-16">
          <Avatar
            src={profile.profile_picture_url}
            name={name}
            className="size-24 text-2xl ring-4 ring-white sm:size-32 sm:text-3xl"
          />
          {profile.premium && (
            <span className="mb-2 inline-flex items-center gap-1 rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-700 ring-1 ring-amber-200">
              <BadgeCheck aria-hidden="true" className="size-4" />
              {t('premiumMember')}
            </span>
          )}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl" data-testid="profile-name">
            {name}
          </h1>
          {sandbox && <SandboxBadge />}
        </div>
        {profile.limited_access && (
          <p
            className="mt-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200"
            data-testid="profile-limited-access"
          >
            {t('limitedAccess')}
          </p>
        )}
        {profile.headline && (
          <p className="mt-1 text-slate-700" data-testid="profile-headline">
            <bdi>{profile.headline}</bdi>
          </p>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-600">
          {profile.location && (
            <span className="inline-flex items-center gap-1.5" data-testid="profile-location">
              <MapPin aria-hidden="true" className="size-4 text-slate-400" />
              <bdi>{profile.location}</bdi>
            </span>
          )}
          {websites.map((site) => (
            <a
              key={site.href}
              href={site.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
              data-testid="profile-website"
            >
              <Globe aria-hidden="true" className="size-4" />
              <bdi>{site.label}</bdi>
            </a>
          ))}
        </div>
        <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {counts.map(({ key, value }) =>
            typeof value === 'number' ? (
              <div key={key} className="flex items-baseline gap-1.5" data-testid={`profile-${key}`} data-value={value}>
                <dd className="order-first font-semibold text-brand-700">{formatNumber(value, i18n.language)}</dd>
                <dt className="text-slate-600">{t(key, { count: value })}</dt>
              </div>
            ) : null,
          )}
        </dl>
      </div>
    </section>
  );
}
