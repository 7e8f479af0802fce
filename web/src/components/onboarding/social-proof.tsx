import { useTranslation } from 'react-i18next';

/** Sample creators of the sign-up panel (spec section 2): role Entrepreneur, fixed follower counts. */
export const SAMPLE_CREATORS = [
  { id: 'sara', followers: 50, hue: 'from-rose-400 to-orange-400' },
  { id: 'omar', followers: 23, hue: 'from-sky-400 to-indigo-500' },
  { id: 'lina', followers: 20, hue: 'from-emerald-400 to-teal-500' },
  { id: 'youssef', followers: 17, hue: 'from-amber-400 to-rose-500' },
  { id: 'maya', followers: 10, hue: 'from-violet-400 to-fuchsia-500' },
] as const;

export type SampleCreator = (typeof SAMPLE_CREATORS)[number];

function initials(name: string) {
  return (
    name
      .split(/\s+/)
      .slice(0, 2)
      .map((part) => part.replace(/^(ال|Al-)/, '').charAt(0))
      // A zero-width non-joiner keeps two Arabic initials as two letters instead of one ligature.
      .join('\u200c')
  );
}

/** A round picture made from a creator's initials: no photos of real people are shipped. */
export function CreatorAvatar({ creator, className = 'size-10' }: { creator: SampleCreator; className?: string }) {
  const { t } = useTranslation('auth');
  const name = t(`creators.${creator.id}`);
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br font-semibold text-white ring-2 ring-white ${creator.hue} ${className}`}
    >
      {initials(name)}
    </span>
  );
}

/** The overlapping avatar row with the '10,000+ users have already joined' claim. */
export function SocialProof({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="social-proof">
      <div className="flex -space-x-3">
        {SAMPLE_CREATORS.map((creator) => (
          <CreatorAvatar key={creator.id} creator={creator} className="size-9 text-xs" />
        ))}
      </div>
      <p className={`text-sm font-medium ${tone === 'dark' ? 'text-white/90' : 'text-slate-600'}`}>
        {t('socialProof.joined')}
      </p>
    </div>
  );
}
