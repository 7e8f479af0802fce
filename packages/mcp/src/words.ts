/**
 * The sentences the tools answer with, in the user's language. Counts take the language's plural
 * forms (`Intl.PluralRules`) and digits stay Western: an assistant quotes them back as they are.
 */
export const MCP_LANGUAGES = ['ar', 'en'] as const;
export type McpLanguage = (typeof MCP_LANGUAGES)[number];

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const counted = (language: McpLanguage, forms: Forms) => (count: number) => {
  const form = forms[new Intl.PluralRules(language).select(count)] ?? forms.other;
  return form.replace('{count}', String(count));
};

interface Words {
  identities: (count: number) => string;
  workspaces: (count: number) => string;
  posts: (count: number) => string;
  post: string;
  drafts: (count: number) => string;
  draftSaved: string;
  draftWritten: (offline: boolean) => string;
  scheduled: (date: string, time: string, timeZone: string) => string;
  queued: string;
  review: (comments: number) => string;
  submitted: string;
  commented: string;
  analytics: (days: number) => string;
  bestTimes: string;
  refused: (code: string, message: string) => string;
}

export const words: Record<McpLanguage, Words> = {
  en: {
    identities: counted('en', { one: 'One LinkedIn identity.', other: '{count} LinkedIn identities.' }),
    workspaces: counted('en', { one: 'One workspace.', other: '{count} workspaces.' }),
    posts: counted('en', { zero: 'No posts in this period.', one: 'One post.', other: '{count} posts.' }),
    post: 'The post.',
    drafts: counted('en', { one: 'One draft.', other: '{count} drafts.' }),
    draftSaved: 'The draft is saved. It goes out only when it is scheduled or queued.',
    draftWritten: (offline) =>
      offline
        ? 'The AI could not be reached, so the built-in writer wrote this draft without AI. It is saved as a draft.'
        : 'The AI wrote this draft. It is saved as a draft and goes out only when it is scheduled or queued.',
    scheduled: (date, time, timeZone) => `Scheduled for ${date} at ${time} (${timeZone}).`,
    queued: 'The post is in the queue, in the next free slot.',
    review: counted('en', {
      zero: 'The draft, its review state and its history. No comments yet.',
      one: 'The draft, its review state and its history, with one comment.',
      other: 'The draft, its review state and its history, with {count} comments.',
    }),
    submitted: 'Sent for review. An owner or admin of this workspace will review it.',
    commented: 'Comment added.',
    analytics: counted('en', { one: 'The figures of the last day.', other: 'The figures of the last {count} days.' }),
    bestTimes: 'The best times to post.',
    refused: (code, message) => `Nashr refused this (${code}): ${message}`,
  },
  ar: {
    identities: counted('ar', {
      zero: 'لا هويات على لينكدإن.',
      one: 'هوية واحدة على لينكدإن.',
      two: 'هويتان على لينكدإن.',
      few: '{count} هويات على لينكدإن.',
      many: '{count} هوية على لينكدإن.',
      other: '{count} هوية على لينكدإن.',
    }),
    workspaces: counted('ar', {
      zero: 'لا مساحات عمل.',
      one: 'مساحة عمل واحدة.',
      two: 'مساحتا عمل.',
      few: '{count} مساحات عمل.',
      many: '{count} مساحة عمل.',
      other: '{count} مساحة عمل.',
    }),
    posts: counted('ar', {
      zero: 'لا منشورات في هذه المدة.',
      one: 'منشور واحد.',
      two: 'منشوران.',
      few: '{count} منشورات.',
      many: '{count} منشورًا.',
      other: '{count} منشور.',
    }),
    post: 'المنشور.',
    drafts: counted('ar', {
      zero: 'لا مسودات.',
      one: 'مسودة واحدة.',
      two: 'مسودتان.',
      few: '{count} مسودات.',
      many: '{count} مسودة.',
      other: '{count} مسودة.',
    }),
    draftSaved: 'حُفظت المسودة، ولا تُنشر إلا إذا جُدولت أو أُضيفت إلى قائمة النشر.',
    draftWritten: (offline) =>
      offline
        ? 'تعذّر الوصول إلى الذكاء الاصطناعي، فكتب الكاتب المدمج هذه المسودة دون ذكاء اصطناعي، وحُفظت مسودةً.'
        : 'كتب الذكاء الاصطناعي هذه المسودة وحُفظت، ولا تُنشر إلا إذا جُدولت أو أُضيفت إلى قائمة النشر.',
    // «ص» and «م» say AM and PM in Arabic; the time itself stays as the assistant gave it.
    scheduled: (date, time, timeZone) =>
      `جُدول المنشور في ${date} الساعة ${time.replace(/ AM$/, ' ص').replace(/ PM$/, ' م')} (${timeZone}).`,
    queued: 'أُضيف المنشور إلى قائمة النشر في أول موعد متاح.',
    review: counted('ar', {
      zero: 'المسودة وحالة مراجعتها وسجلّها، ولا تعليقات بعد.',
      one: 'المسودة وحالة مراجعتها وسجلّها، وعليها تعليق واحد.',
      two: 'المسودة وحالة مراجعتها وسجلّها، وعليها تعليقان.',
      few: 'المسودة وحالة مراجعتها وسجلّها، وعليها {count} تعليقات.',
      many: 'المسودة وحالة مراجعتها وسجلّها، وعليها {count} تعليقًا.',
      other: 'المسودة وحالة مراجعتها وسجلّها، وعليها {count} تعليق.',
    }),
    submitted: 'أُرسلت المسودة للمراجعة، وسيراجعها المالك أو أحد المديرين في مساحة العمل هذه.',
    commented: 'أُضيف التعليق.',
    analytics: counted('ar', {
      zero: 'الأرقام.',
      one: 'أرقام اليوم الأخير.',
      two: 'أرقام اليومين الأخيرين.',
      few: 'أرقام آخر {count} أيام.',
      many: 'أرقام آخر {count} يومًا.',
      other: 'أرقام آخر {count} يوم.',
    }),
    bestTimes: 'أفضل أوقات النشر.',
    refused: (code, message) => `رفضت منصة «نشر» هذا الطلب (${code}): ${message}`,
  },
};

/** The language a client asks for (`Accept-Language`), Arabic unless it prefers English. */
export function mcpLanguageOf(acceptLanguage: string | undefined): McpLanguage {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'ar';
}
