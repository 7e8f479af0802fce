import type { LinkedinPage } from '@nashr/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostView } from '../../lib/api/posts';
import { SegmentedChoice } from '../../ui/segmented-choice';

/** The member's own profile, among the identities a list can show. */
export const PROFILE = '';
/** Every identity at once: the scheduled posts and the calendar open on all of them. */
export const ALL_IDENTITIES = '*';

/**
 * Whose posts a list shows, as chosen above it: the profile, one added company page, or (where
 * `withAll`) everyone's. A page removed meanwhile falls back to the first option.
 */
export function useIdentityChoice(pages: readonly LinkedinPage[], withAll: boolean) {
  const fallback = withAll ? ALL_IDENTITIES : PROFILE;
  const [wanted, setWanted] = useState(fallback);
  const known = wanted === fallback || wanted === PROFILE || pages.some((page) => page.identity === wanted);
  return { value: known ? wanted : fallback, onChange: setWanted };
}

/**
 * Whether `post` belongs to the chosen identity. A post written as no added page (the member's
 * profile, or a page removed since) is the profile's.
 */
export function belongsTo(
  chosen: string,
  pages: readonly LinkedinPage[],
): (post: Pick<PostView, 'identity'>) => boolean {
  if (chosen === ALL_IDENTITIES) return () => true;
  if (chosen !== PROFILE) return (post) => post.identity === chosen;
  const pageIdentities = new Set(pages.map((page) => page.identity));
  return (post) => !post.identity || !pageIdentities.has(post.identity);
}

/** The choice itself, shown only once the member has added a company page. */
export function IdentityChoice({
  pages,
  value,
  onChange,
  withAll = false,
  legend,
  testId,
}: {
  pages: readonly LinkedinPage[];
  value: string;
  onChange: (identity: string) => void;
  withAll?: boolean;
  /** What the choice is about ("Show the posts of" unless given). */
  legend?: string;
  testId: string;
}) {
  const { t } = useTranslation('posts');
  if (pages.length === 0) return null;
  const names = new Map(pages.map((page) => [page.identity ?? '', page.name]));
  const options = [
    ...(withAll ? [ALL_IDENTITIES] : []),
    PROFILE,
    ...pages.flatMap((page) => (page.identity ? [page.identity] : [])),
  ];
  return (
    <SegmentedChoice
      legend={legend ?? t('identity.whose')}
      options={options}
      value={value}
      onChange={onChange}
      label={(option) =>
        option === ALL_IDENTITIES
          ? t('identity.all')
          : option === PROFILE
            ? t('identity.profile')
            : (names.get(option) ?? option)
      }
      testId={testId}
    />
  );
}
