import {
  LINKEDIN_ERROR_CODES,
  type Notification,
  postPagePath,
  REVIEW_NOTICE_KINDS,
  type ReviewNoticeKind,
  reviewPagePath,
} from '@nashr/contracts';
import * as Popover from '@radix-ui/react-popover';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n';
import { sessionQuery } from '../../lib/api/auth';
import { codeText } from '../../lib/error-text';
import { formatDateTime, formatNumber } from '../../lib/format';
import { browserTimeZone } from '../../lib/time-zone';
import {
  useMarkRead,
  useNotificationPreferences,
  useNotifications,
  useSaveNotificationPreferences,
} from './notifications-api';

/** The browser's zone, for the digest hour of a user who never chose one. */

/**
 * E-mails go out in the language the user reads the app in: the choice is kept in their
 * notification preferences whenever it changes (and a default UTC zone becomes the browser's).
 */
function useMailLanguageFollowsApp(language: Language) {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const sent = useRef<string | null>(null);
  const stored = preferences.data;
  useEffect(() => {
    if (!stored) return;
    const zone = stored.timeZone === 'UTC' ? browserTimeZone() : stored.timeZone;
    const key = `${language}|${zone}`;
    if (sent.current === key || (stored.locale === language && stored.timeZone === zone)) return;
    sent.current = key;
    save.mutate({ locale: language, ...(zone !== stored.timeZone ? { timeZone: zone } : {}) });
  }, [stored, language, save]);
}

/** Notifications whose one fixing action is to reconnect the network account. */
const leadsToReconnect = (item: Notification) =>
  item.kind === 'account_disconnected' ||
  item.kind === 'connection_expiring' ||
  (item.kind === 'post_needs_attention' &&
    (item.reasonCode === LINKEDIN_ERROR_CODES.reconnect || item.reasonCode === LINKEDIN_ERROR_CODES.expiresBeforePost));

const isReviewNotice = (item: Notification): item is Notification & { kind: ReviewNoticeKind } =>
  (REVIEW_NOTICE_KINDS as readonly string[]).includes(item.kind);

/**
 * A page of the app by the path the e-mails link to too (a draft's review, a team's post in its
 * workspace), opened in the app as a router link would (a plain click), and as a link in its own
 * right otherwise (a new tab).
 */
function AppPathLink({ href, className, children }: { href: string; className: string; children: React.ReactNode }) {
  const router = useRouter({ warn: false });
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (!router || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        router.history.push(href);
      }}
    >
      {children}
    </a>
  );
}

/**
 * Where a notification leads: the post (with its retry), the post on the network, reconnecting,
 * the composer (credits), Engage (its autopilot stopped), Billing (a refused payment refunded), or
 * a draft's review.
 */
function NotificationLink({ item, children }: { item: Notification; children: React.ReactNode }) {
  const className = 'block rounded-lg px-3 py-2.5 text-start hover:bg-slate-50 focus-visible:bg-slate-50';
  if (isReviewNotice(item) && item.workspaceId && item.draftId) {
    return (
      <AppPathLink href={reviewPagePath(item.workspaceId, item.draftId)} className={className}>
        {children}
      </AppPathLink>
    );
  }
  if (item.kind === 'post_published' && item.url) {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" className={className}>
        {children}
      </a>
    );
  }
  if (leadsToReconnect(item)) {
    return (
      <Link to="/connect-linkedIn" preload="intent" className={className}>
        {children}
      </Link>
    );
  }
  if (item.kind === 'credits_low') {
    return (
      <Link to="/generate-post" className={className}>
        {children}
      </Link>
    );
  }
  if (item.kind === 'autopilot_stopped') {
    return (
      <Link to="/engage" className={className}>
        {children}
      </Link>
    );
  }
  if (item.kind === 'checkout_refunded') {
    return (
      <Link to="/billing" className={className}>
        {children}
      </Link>
    );
  }
  // A team's post opens in its workspace (the same path the e-mail links to).
  if (item.kind === 'team_post_failed' && item.postId && item.workspaceId) {
    return (
      <AppPathLink href={postPagePath(item.postId, item.workspaceId)} className={className}>
        {children}
      </AppPathLink>
    );
  }
  return (
    <Link to="/posts" search={item.postId ? { post: item.postId } : {}} className={className}>
      {children}
    </Link>
  );
}

export function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const { t, i18n } = useTranslation('notifications');
  const when = formatDateTime(item.createdAt, i18n.language);
  return (
    <li data-testid="notification" data-kind={item.kind} data-read={item.read} onClickCapture={() => onOpen(item)}>
      <NotificationLink item={item}>
        <span className="flex items-start gap-2">
          <span
            aria-hidden="true"
            className={`mt-2 size-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-brand-600'}`}
          />
          <span className="min-w-0">
            <span className={`block text-sm ${item.read ? 'text-slate-600' : 'font-semibold text-ink'}`}>
              {item.kind === 'connection_expiring'
                ? // The reminder's reason is the expiry itself, named in the title.
                  t('kinds.connection_expiring.title', { date: formatDateTime(item.reason ?? '', i18n.language) })
                : t(`kinds.${item.kind}.title`)}
              {!item.read && <span className="sr-only"> ({t('unreadMark')})</span>}
            </span>
            {item.reason && item.kind !== 'connection_expiring' && (
              // The reason in the interface language when its code is known; the network's own words otherwise.
              <span dir="auto" className="mt-0.5 block text-sm text-slate-600" data-testid="notification-reason">
                {item.kind === 'post_published' && `${t('kinds.post_published.commentFailed')} `}
                {item.kind === 'autopilot_stopped'
                  ? // The stop's own words: the refusal's need the plan and limit the notification does not keep.
                    t(`kinds.autopilot_stopped.reasons.${item.reasonCode?.replace('engage.', '') ?? 'other'}`, {
                      defaultValue: item.reason,
                    })
                  : item.kind === 'checkout_refunded'
                    ? // The refusal's code says why the checkout could not start a plan; the money went back.
                      t(`kinds.checkout_refunded.reasons.${item.reasonCode?.replace('billing.', '') ?? 'other'}`, {
                        defaultValue: item.reason,
                      })
                    : (codeText(i18n, item.reasonCode) ?? item.reason)}
              </span>
            )}
            {item.excerpt && (
              // The draft's or the comment's own words, in whichever language they were written.
              <span
                dir="auto"
                className="mt-0.5 line-clamp-2 block text-sm text-slate-600"
                data-testid="notification-excerpt"
              >
                {t('quoted', { words: item.excerpt })}
              </span>
            )}
            <span className="mt-1 block text-xs text-slate-500">
              {item.actorEmail && (
                <>
                  <span data-testid="notification-actor">
                    {t(item.kind === 'team_post_failed' ? 'scheduledBy' : 'byActor', { actor: item.actorEmail })}
                  </span>{' '}
                  ·{' '}
                </>
              )}
              {t(`kinds.${item.kind}.action`)} · <time dateTime={item.createdAt}>{when}</time>
            </span>
          </span>
        </span>
      </NotificationLink>
    </li>
  );
}

/** The top bar's bell: the unread count, and the list in a popover (newest first). */
export function NotificationBell() {
  const { t, i18n } = useTranslation('notifications');
  const { data, isPending, isError } = useNotifications();
  const markRead = useMarkRead();
  const client = useQueryClient();
  useMailLanguageFollowsApp(i18n.language as Language);
  const unread = data?.unread ?? 0;
  const count = formatNumber(Math.min(unread, 99), i18n.language);
  const [open, setOpen] = useState(false);

  const onOpen = (item: Notification) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    // The remembered session may still say connected, and the connect page would send a connected
    // user back to the dashboard: forgotten, the connect page asks the server when it opens.
    if (leadsToReconnect(item)) client.removeQueries({ queryKey: sessionQuery.queryKey });
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={unread ? t('bellUnread', { count: unread }) : t('bell')}
        className="relative flex size-9 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 hover:text-ink"
        data-testid="notification-bell"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute -end-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold leading-5 text-white"
          >
            {unread > 99 ? `${count}+` : count}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          dir={i18n.dir()}
          aria-label={t('title')}
          className="z-[70] w-[min(24rem,calc(100vw-1.5rem))] rounded-2xl border border-slate-200 bg-white shadow-xl"
          data-testid="notification-panel"
          // Any of its links leads elsewhere (a post, reconnecting, the preferences): the list closes behind it.
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
          }}
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
            <h2 className="font-semibold text-ink">{t('title')}</h2>
            <button
              type="button"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
              className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
              data-testid="mark-all-read"
            >
              <CheckCheck aria-hidden="true" className="size-4" />
              {t('markAllRead')}
            </button>
          </div>
          <div className="max-h-[min(28rem,70vh)] overflow-y-auto p-1.5" aria-live="polite">
            {isPending ? (
              <p className="px-3 py-6 text-center text-sm text-slate-500">{t('loading')}</p>
            ) : isError ? (
              <p className="px-3 py-6 text-center text-sm text-red-700">{t('loadFailed')}</p>
            ) : data.notifications.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-slate-500" data-testid="notifications-empty">
                {t('empty')}
              </p>
            ) : (
              <ul className="flex flex-col">
                {data.notifications.map((item) => (
                  <NotificationItem key={item.id} item={item} onOpen={onOpen} />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-slate-100 px-4 py-2.5 text-sm">
            <Link to="/personalization" hash="notifications" className="font-medium text-brand-700 hover:underline">
              {t('preferencesLink')}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
