import {
  type DisplayPreferences,
  LINKEDIN_ERROR_CODES,
  type Locale,
  type NotificationKind,
  postPagePath,
  reviewPagePath,
} from '@nashr/contracts';
import type { NotificationRow } from '../db/schema.js';
import { reasonWords } from './reason-words.js';

export interface NotificationMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface MailLinks {
  /** The web app's address (PUBLIC_URL). */
  publicUrl: string;
  /** The token of one kind's unsubscribe links (see unsubscribeTokenFor). */
  unsubscribeToken: (kind: NotificationKind) => string;
  /** The user's time zone, for the dates a mail names (UTC when not given). */
  timeZone?: string;
  /** The user's digits (their display preference), for the numbers and dates a mail names; Western when not given. */
  digits?: DisplayPreferences['digits'];
}

type Digits = NonNullable<MailLinks['digits']>;

/** The locale Intl writes a number or date in, in the reader's language and digits. */
const intlLocale = (lang: Locale, digits: Digits) =>
  lang === 'ar' ? `ar-u-nu-${digits}` : digits === 'arab' ? 'en-GB-u-nu-arab' : 'en-GB';

interface Told {
  title: string;
  detail: string | null;
  /** Who did what it tells of, on a line of its own under the detail. */
  byline?: string | null;
  /** Words someone wrote (a draft's first words, a comment), quoted in the e-mail; never pushed. */
  quote?: string | null;
  action: { label: string; href: string } | null;
}

/** A notification as a mail tells it: with the address of whoever acted, read when the mail is written. */
export type MailRow = NotificationRow & { actorEmail?: string | null };

/**
 * Arabic counts agree with the noun in six ways (CLDR's plural categories, as the web app's
 * strings do): إشعار واحد، إشعاران، 3 إشعارات، 11 إشعارًا، 100 إشعار.
 */
const ARABIC_PLURAL = new Intl.PluralRules('ar');
function arabicNotifications(n: number, digits: Digits): string {
  const count = new Intl.NumberFormat(intlLocale('ar', digits)).format(n);
  switch (ARABIC_PLURAL.select(n)) {
    case 'zero':
      return 'لا إشعارات';
    case 'one':
      return 'إشعار واحد';
    case 'two':
      return 'إشعاران';
    case 'few':
      return `${count} إشعارات`;
    case 'many':
      return `${count} إشعارًا`;
    default:
      return `${count} إشعار`;
  }
}

const COPY = {
  ar: {
    brand: 'نشر',
    greeting: 'مرحبًا،',
    post_published: 'نُشر منشورك المجدول على لينكدإن.',
    post_failed: 'تعذّر نشر منشورك المجدول على لينكدإن.',
    post_needs_attention: 'منشورك المجدول يحتاج إلى تدخّلك قبل موعده، وإلا فلن يُنشر.',
    account_disconnected: 'انقطع ربط حسابك على لينكدإن، ولن تُنشر منشوراتك المجدولة حتى تعيد ربطه.',
    credits_low: 'أوشكت نقاط GPT-4o في رصيدك على النفاد.',
    credits_low_detail: 'عند نفادها تُكتب مسوداتك بـ GPT-3.5 دون أن يُخصم من رصيدك شيء.',
    autopilot_stopped: 'توقّف الوضع التلقائي في مساعد التفاعل من تلقاء نفسه، ولن يُرسل تعليقات أخرى حتى تعيد تشغيله.',
    open_engage: 'فتح مساعد التفاعل',
    checkout_refunded: 'رُفضت عملية دفع وأُعيد مبلغها كاملًا.',
    checkout_refunded_reasons: {
      'billing.checkout_stale': 'السبب: تمّت من صفحة دفع حلّت محلها صفحة أحدث، فلا تبدأ بها خطة.',
      'billing.already_subscribed': 'السبب: لديك اشتراك قائم بالفعل، وكان اشتراك ثانٍ سيُحتسب عليك مرتين.',
    } as Record<string, string>,
    checkout_refunded_detail: 'خطتك كما هي، وقد يستغرق ظهور المبلغ في بطاقتك بضعة أيام.',
    open_billing: 'فتح صفحة الفوترة',
    autopilot_reasons: {
      'engage.credits_exhausted':
        'السبب: نفدت نقاط التعليق لهذه الفترة. اختر خطة أكبر، أو أعد تشغيله مع بداية فترتك التالية.',
      'engage.not_included': 'السبب: خطتك الحالية لم تعد تشمل مساعد التفاعل.',
    } as Record<string, string>,
    connection_expiring: (soon: 'week' | 'day', date: string) =>
      soon === 'week'
        ? `تنتهي صلاحية ربط حسابك على لينكدإن خلال أسبوع، في ${date}.`
        : `تنتهي صلاحية ربط حسابك على لينكدإن خلال يوم، في ${date}.`,
    connection_expiring_detail:
      'أعد ربطه قبل ذلك لتُنشر منشوراتك المجدولة في مواعيدها، وسيبقى حسابك ومنشوراتك وجدولك كما هي.',
    reason: 'السبب:',
    view: 'عرض المنشور',
    retry: 'إعادة المحاولة',
    reconnect: 'إعادة ربط الحساب',
    write: 'فتح كاتب المنشورات',
    digestSubject: (n: number, digits: Digits) => `ملخص «نشر» اليومي: ${arabicNotifications(n, digits)}`,
    digestIntro: 'إليك ما جرى لمنشوراتك منذ آخر ملخص:',
    unsubscribe: (kind: string) => `لإيقاف رسائل «${kind}» عبر البريد:`,
    kindNames: {
      post_published: 'ما نُشر من منشوراتك',
      post_failed: 'المنشورات التي تعذّر نشرها',
      post_needs_attention: 'المنشورات المجدولة التي تحتاج إلى تدخّلك',
      account_disconnected: 'انقطاع ربط حساب لينكدإن',
      credits_low: 'قرب نفاد نقاط GPT-4o',
      connection_expiring: 'قرب انتهاء ربط لينكدإن',
      autopilot_stopped: 'توقّف الوضع التلقائي',
      checkout_refunded: 'إعادة مبالغ الدفعات المرفوضة',
      review_requested: 'المسودات المرسلة إليك للمراجعة',
      changes_requested: 'طلب تعديلات على مسوداتك',
      draft_approved: 'اعتماد مسوداتك',
      draft_commented: 'التعليقات في مراجعة المسودات',
      mentioned: 'الإشارة إليك في المراجعة',
      team_post_failed: 'منشورات الفريق التي تعذّر نشرها',
    },
    review_requested: 'مسودة بانتظار مراجعتك.',
    changes_requested: 'طلب تعديلات على مسودتك قبل اعتمادها.',
    draft_approved: 'أصبحت مسودتك معتمدة.',
    draft_commented: 'تعليق جديد في مراجعة مسودة.',
    mentioned: 'أشار إليك أحد الأعضاء في مراجعة مسودة.',
    team_post_failed: 'تعذّر نشر منشور مجدول على لينكدإن في مساحة عمل دورك فيها مالك أو مدير.',
    scheduled_by: (actor: string) => `جدوله: ${actor}`,
    by: (actor: string) => `من: ${actor}`,
    quote: (words: string) => `«${words}»`,
    open_review: 'فتح المراجعة',
    settings: 'يمكنك تغيير إعدادات الإشعارات من صفحة الإعدادات في «نشر».',
    signature: 'فريق «نشر»',
  },
  en: {
    brand: 'Nashr',
    greeting: 'Hello,',
    post_published: 'Your scheduled post is live on LinkedIn.',
    post_failed: 'Your scheduled post could not be published on LinkedIn.',
    post_needs_attention: 'Your scheduled post needs you before its time, or it will not go out.',
    credits_low: 'Your GPT-4o credits are running low.',
    credits_low_detail: 'When they run out, your drafts are written with GPT-3.5 at no cost.',
    autopilot_stopped: 'Engage’s autopilot stopped by itself: it sends no more comments until you turn it on again.',
    open_engage: 'Open Engage',
    checkout_refunded: 'A payment was refused and refunded in full.',
    checkout_refunded_reasons: {
      'billing.checkout_stale': 'Reason: it was made on a checkout a newer one had replaced, so it starts no plan.',
      'billing.already_subscribed':
        'Reason: you already had a subscription, and a second one would have charged you twice.',
    } as Record<string, string>,
    checkout_refunded_detail: 'Your plan is as it was. The refund may take some days to show on your card.',
    open_billing: 'Open Billing',
    autopilot_reasons: {
      'engage.credits_exhausted':
        'Reason: this period’s commenting credits are used up. Choose a larger plan, or turn it on again when your next period starts.',
      'engage.not_included': 'Reason: your plan no longer includes Engage.',
    } as Record<string, string>,
    connection_expiring: (soon: 'week' | 'day', date: string) =>
      `Your LinkedIn connection expires within a ${soon}, on ${date}.`,
    connection_expiring_detail:
      'Reconnect before then so your scheduled posts go out on time. Your account, posts and schedule stay as they are.',
    account_disconnected:
      'Your LinkedIn connection was lost. Your scheduled posts will not go out until you reconnect it.',
    reason: 'Reason:',
    view: 'View the post',
    retry: 'Retry',
    reconnect: 'Reconnect LinkedIn',
    write: 'Open the post writer',
    digestSubject: (n: number, digits: Digits) =>
      `Your Nashr digest: ${new Intl.NumberFormat(intlLocale('en', digits)).format(n)} notification${n === 1 ? '' : 's'}`,
    digestIntro: 'Here is what happened to your posts since the last digest:',
    unsubscribe: (kind: string) => `To stop e-mails about ${kind}:`,
    kindNames: {
      post_published: 'published posts',
      post_failed: 'posts that could not be published',
      post_needs_attention: 'scheduled posts that need you',
      account_disconnected: 'a lost LinkedIn connection',
      credits_low: 'GPT-4o credits running low',
      connection_expiring: 'a LinkedIn connection about to expire',
      autopilot_stopped: 'autopilot stopping by itself',
      checkout_refunded: 'refused payments refunded',
      review_requested: 'drafts sent for your review',
      changes_requested: 'changes requested on your drafts',
      draft_approved: 'your drafts approved',
      draft_commented: 'comments in a draft’s review',
      mentioned: 'mentions of you in a review',
      team_post_failed: 'team posts that could not be published',
    },
    review_requested: 'A draft is waiting for your review.',
    changes_requested: 'Changes were requested on your draft before it is approved.',
    draft_approved: 'Your draft is approved.',
    draft_commented: 'A new comment in a draft’s review.',
    mentioned: 'A member mentioned you in a draft’s review.',
    team_post_failed: 'A scheduled post of a workspace you manage could not be published on LinkedIn.',
    scheduled_by: (actor: string) => `Scheduled by ${actor}`,
    by: (actor: string) => `From ${actor}`,
    quote: (words: string) => `“${words}”`,
    open_review: 'Open the review',
    settings: 'You can change your notification preferences in Nashr’s settings.',
    signature: 'The Nashr team',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The reason in the reader's language by its code, as the bell shows it; the stored words otherwise. */
function reasonLine(lang: Locale, row: NotificationRow): string | null {
  const reason = reasonWords(lang, row.reasonCode) ?? row.reason;
  return reason ? `${COPY[lang].reason} ${reason}` : null;
}

/** Where reconnecting happens (the web's route). */
const RECONNECT_PATH = '/connect-linkedIn';

const DAY_MS = 86_400_000;

/** The expiry a reminder names (stored as its reason), in the reader's language and time zone. */
function expiryWords(
  lang: Locale,
  row: NotificationRow,
  timeZone: string,
  digits: Digits,
): { soon: 'week' | 'day'; date: string } {
  const expires = new Date(row.reason ?? '');
  if (Number.isNaN(expires.getTime())) return { soon: 'week', date: '' };
  const soon = expires.getTime() - row.createdAt.getTime() <= DAY_MS ? 'day' : 'week';
  const date = new Intl.DateTimeFormat(intlLocale(lang, digits), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(expires);
  return { soon, date };
}

function told(lang: Locale, row: MailRow, publicUrl: string, timeZone = 'UTC', digits: Digits = 'latn'): Told {
  const c = COPY[lang];
  const kind = row.kind as NotificationKind;
  // The post in its list, in its workspace when the notification names one (a team's post).
  const post = `${publicUrl}${row.postId ? postPagePath(row.postId, row.workspaceId) : '/posts'}`;
  const reconnect = { label: c.reconnect, href: `${publicUrl}${RECONNECT_PATH}` };
  switch (kind) {
    case 'post_published':
      return { title: c.post_published, detail: null, action: { label: c.view, href: row.url ?? post } };
    case 'post_failed':
      return { title: c.post_failed, detail: reasonLine(lang, row), action: { label: c.retry, href: post } };
    case 'post_needs_attention':
      // The one action that fixes the cause: a lost or expiring connection is fixed by reconnecting.
      return {
        title: c.post_needs_attention,
        detail: reasonLine(lang, row),
        action:
          row.reasonCode === LINKEDIN_ERROR_CODES.reconnect || row.reasonCode === LINKEDIN_ERROR_CODES.expiresBeforePost
            ? reconnect
            : { label: c.view, href: post },
      };
    case 'account_disconnected':
      return { title: c.account_disconnected, detail: null, action: reconnect };
    case 'connection_expiring': {
      const { soon, date } = expiryWords(lang, row, timeZone, digits);
      return { title: c.connection_expiring(soon, date), detail: c.connection_expiring_detail, action: reconnect };
    }
    case 'credits_low':
      return {
        title: c.credits_low,
        detail: c.credits_low_detail,
        action: { label: c.write, href: `${publicUrl}/generate-post` },
      };
    case 'autopilot_stopped':
      return {
        title: c.autopilot_stopped,
        detail: (row.reasonCode && c.autopilot_reasons[row.reasonCode]) || reasonLine(lang, row),
        action: { label: c.open_engage, href: `${publicUrl}/engage` },
      };
    case 'checkout_refunded': {
      const why = row.reasonCode ? c.checkout_refunded_reasons[row.reasonCode] : undefined;
      return {
        title: c.checkout_refunded,
        detail: why ? `${why} ${c.checkout_refunded_detail}` : c.checkout_refunded_detail,
        action: { label: c.open_billing, href: `${publicUrl}/billing` },
      };
    }
    case 'team_post_failed': {
      // The post opens in its workspace; the reason says how to put it out again.
      return {
        title: c.team_post_failed,
        detail: reasonLine(lang, row),
        byline: row.actorEmail ? c.scheduled_by(row.actorEmail) : null,
        action: { label: c.view, href: post },
      };
    }
    case 'review_requested':
    case 'changes_requested':
    case 'draft_approved':
    case 'draft_commented':
    case 'mentioned':
      // The review page opens the draft in its workspace, on a phone as on a desk.
      return {
        title: c[kind],
        detail: row.actorEmail ? c.by(row.actorEmail) : null,
        quote: row.excerpt ? c.quote(row.excerpt) : null,
        action: {
          label: c.open_review,
          href:
            row.workspaceId && row.draftId
              ? `${publicUrl}${reviewPagePath(row.workspaceId, row.draftId)}`
              : `${publicUrl}/posts`,
        },
      };
  }
}

const unsubscribeHref = (links: MailLinks, kind: NotificationKind, api: boolean) =>
  `${links.publicUrl}${api ? '/api/v1/notifications/unsubscribe' : '/unsubscribe'}?token=${encodeURIComponent(links.unsubscribeToken(kind))}&kind=${kind}`;

/** RFC 8058 one-click unsubscribe: mail clients show their own button and POST to the API. */
const unsubscribeHeaders = (links: MailLinks, kind: NotificationKind) => ({
  'List-Unsubscribe': `<${unsubscribeHref(links, kind, true)}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

function layout(lang: Locale, subject: string, blocks: string[]): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const align = lang === 'ar' ? 'right' : 'left';
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#eef6ff;font-family:Tahoma,Arial,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#eef6ff;padding:32px 12px;">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="${dir}" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px;text-align:${align};">
        <tr><td style="font-size:22px;font-weight:bold;color:#0a66c2;padding-bottom:16px;">${COPY[lang].brand}</td></tr>
        ${blocks.join('\n        ')}
      </table>
    </td></tr>
  </table>
</body>
</html>
`;
}

function htmlOf(item: Told): string {
  const rows = [
    `<tr><td dir="auto" style="font-size:16px;line-height:1.7;padding-bottom:4px;">${escapeHtml(item.title)}</td></tr>`,
  ];
  if (item.detail) {
    rows.push(
      `<tr><td dir="auto" style="font-size:14px;line-height:1.7;color:#4b5563;">${escapeHtml(item.detail)}</td></tr>`,
    );
  }
  if (item.byline) {
    rows.push(
      `<tr><td dir="auto" style="font-size:14px;line-height:1.7;color:#4b5563;">${escapeHtml(item.byline)}</td></tr>`,
    );
  }
  if (item.quote) {
    rows.push(
      `<tr><td dir="auto" style="font-size:14px;line-height:1.7;color:#1f2937;background:#f8fafc;border-radius:8px;padding:8px 12px;margin-top:4px;">${escapeHtml(item.quote)}</td></tr>`,
    );
  }
  if (item.action) {
    rows.push(
      `<tr><td style="padding:12px 0 20px;"><a href="${escapeHtml(item.action.href)}" style="display:inline-block;background:#0a66c2;color:#ffffff;text-decoration:none;font-weight:bold;font-size:15px;padding:10px 22px;border-radius:8px;">${escapeHtml(item.action.label)}</a></td></tr>`,
    );
  }
  return rows.join('\n        ');
}

function textOf(item: Told): string[] {
  return [
    item.title,
    ...(item.detail ? [item.detail] : []),
    ...(item.byline ? [item.byline] : []),
    ...(item.quote ? [item.quote] : []),
    ...(item.action ? [`${item.action.label}: ${item.action.href}`] : []),
    '',
  ];
}

function footer(lang: Locale, links: MailLinks, kinds: NotificationKind[]): { html: string; text: string[] } {
  const c = COPY[lang];
  const lines = kinds.map((kind) => ({
    label: c.unsubscribe(c.kindNames[kind]),
    href: unsubscribeHref(links, kind, false),
  }));
  return {
    html: `<tr><td style="font-size:12px;line-height:1.6;color:#6b7280;border-top:1px solid #e5e7eb;padding-top:16px;">${lines
      .map(
        (l) =>
          `${escapeHtml(l.label)} <a href="${escapeHtml(l.href)}" style="color:#0a66c2;">${escapeHtml(l.href)}</a>`,
      )
      .join('<br>')}<br>${escapeHtml(c.settings)}<br>${escapeHtml(c.signature)}</td></tr>`,
    text: [...lines.map((l) => `${l.label} ${l.href}`), c.settings, c.signature, ''],
  };
}

/** One urgent notification, e-mailed at once. */
export function notificationMail(lang: Locale, row: MailRow, links: MailLinks): NotificationMail {
  const item = told(lang, row, links.publicUrl, links.timeZone, links.digits);
  const kind = row.kind as NotificationKind;
  const end = footer(lang, links, [kind]);
  const subject = item.title;
  return {
    subject,
    text: [COPY[lang].greeting, '', ...textOf(item), ...end.text].join('\n'),
    html: layout(lang, subject, [
      `<tr><td style="font-size:16px;line-height:1.7;padding-bottom:8px;">${escapeHtml(COPY[lang].greeting)}</td></tr>`,
      htmlOf(item),
      end.html,
    ]),
    headers: unsubscribeHeaders(links, kind),
  };
}

/** The daily digest: everything that waited, in one e-mail. */
export function digestMail(lang: Locale, rows: MailRow[], links: MailLinks): NotificationMail {
  const c = COPY[lang];
  const items = rows.map((row) => told(lang, row, links.publicUrl, links.timeZone, links.digits));
  const kinds = [...new Set(rows.map((row) => row.kind as NotificationKind))];
  const end = footer(lang, links, kinds);
  const subject = c.digestSubject(rows.length, links.digits ?? 'latn');
  return {
    subject,
    text: [c.greeting, '', c.digestIntro, '', ...items.flatMap(textOf), ...end.text].join('\n'),
    html: layout(lang, subject, [
      `<tr><td style="font-size:16px;line-height:1.7;padding-bottom:12px;">${escapeHtml(c.greeting)}<br>${escapeHtml(c.digestIntro)}</td></tr>`,
      ...items.map(htmlOf),
      end.html,
    ]),
    // A digest of one kind can offer that kind's one-click unsubscribe; a mixed one points to the links inside.
    headers: kinds.length === 1 && kinds[0] ? unsubscribeHeaders(links, kinds[0]) : {},
  };
}

/** The longest detail a push notification carries: a phone shows two or three lines. */
const PUSH_DETAIL_MAX = 200;

/**
 * A push notification's words: the title and detail the e-mail and the bell use, and the app's
 * path its action leads to (relative: the service worker opens it on the app's own origin). A
 * published post opens in the app, not on the network. Never the post's text.
 */
export function pushMessage(
  lang: Locale,
  row: MailRow,
  options: { timeZone?: string; digits?: Digits } = {},
): { title: string; body: string | null; url: string } {
  const item = told(lang, row, '', options.timeZone, options.digits);
  const href = item.action?.href;
  const url = href?.startsWith('/') ? href : row.postId ? postPagePath(row.postId, row.workspaceId) : '/posts';
  const body =
    item.detail && item.detail.length > PUSH_DETAIL_MAX ? `${item.detail.slice(0, PUSH_DETAIL_MAX - 1)}…` : item.detail;
  return { title: item.title, body, url };
}
