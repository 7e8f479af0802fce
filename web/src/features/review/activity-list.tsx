import type { ActivityEntry, WorkspaceMember } from '@nashr/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/api/auth';
import { formatDateTime } from '../../lib/format';

/** Names a member by id: their e-mail among the workspace's members, or someone gone as such. */
export type WhoIs = (userId: string | null) => string;

export function useWhoIs(members: readonly WorkspaceMember[]): WhoIs {
  const { t } = useTranslation('review');
  const { user } = useSession();
  // An address is isolated from the words around it, so an Arabic sentence keeps its order.
  const isolated = (email: string) => `\u2068${email}\u2069`;
  return (userId) => {
    if (!userId) return t('page.formerMember');
    const member = members.find((m) => m.userId === userId);
    if (member) return isolated(member.email);
    return userId === user?.id && user.email ? isolated(user.email) : t('page.formerMember');
  };
}

/** What happened to a draft and the post it became, oldest first: who did it, at which version, when. */
export function ActivityEntries({ activity, whoIs }: { activity: readonly ActivityEntry[]; whoIs: WhoIs }) {
  const { t, i18n } = useTranslation('review');
  if (activity.length === 0) return <p className="mt-2 text-sm text-slate-500">{t('activity.empty')}</p>;
  return (
    <ol className="mt-3 space-y-3 border-s-2 border-slate-100 ps-4">
      {activity.map((entry) => (
        <li key={entry.id} className="text-sm" data-testid="activity-entry" data-action={entry.action}>
          <p className="text-slate-800">
            {entry.action === 'published' && entry.actorId === null
              ? t('activity.publishedAtTime')
              : t(`activity.${entry.action}`, { who: whoIs(entry.actorId) })}
            {entry.version !== null && (
              <span className="text-slate-500"> · {t('activity.atVersion', { version: entry.version })}</span>
            )}
          </p>
          <p className="text-xs text-slate-500">
            <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
