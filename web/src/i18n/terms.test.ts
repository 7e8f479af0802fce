import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COPY_NUMBERS } from './count-format';
import { localeFile, localeFiles } from './locale-files';

/**
 * The Arabic editor's term table and rules (shared/design/arabic-copy-review-2.md), held for every
 * locale file, so what the two reviews fixed cannot come back: one term per concept, a plural form
 * for every count, every number in the user's digits, the brand set apart from the verb, and no
 * address that assumes a man. The legal pages are being rewritten apart and are left out here.
 */
const SKIPPED = new Set(['legal.json']);

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.entries(value).reduce<Record<string, string>>(
    (all, [key, inner]) => Object.assign(all, flatten(inner, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

type Entry = { key: string; text: string; en: string | undefined };

const PLURAL = /_(zero|one|two|few|many|other)$/;

function entries(lang: 'ar' | 'en'): Entry[] {
  return localeFiles(lang)
    .filter((file) => !SKIPPED.has(file))
    .flatMap((file) => {
      const namespace = file.replace(/\.json$/, '');
      const read = (l: string) => flatten(JSON.parse(readFileSync(localeFile(l, file), 'utf8')));
      const english = read('en');
      return Object.entries(read(lang)).map(([key, text]) => ({
        key: `${namespace}:${key}`,
        text,
        en: english[key] ?? english[key.replace(PLURAL, '_other')] ?? english[key.replace(PLURAL, '')],
      }));
    });
}

const arabic = entries('ar');
const english = entries('en');

/** The keys whose Arabic matches `pattern`, with their text, to read in a failure. */
const offending = (list: Entry[], pattern: RegExp, except: (entry: Entry) => boolean = () => false) =>
  list
    .filter((entry) => pattern.test(entry.text.replace(/\{\{[^}]*\}\}/g, '')) && !except(entry))
    .map(({ key, text }) => `${key}: ${text}`);

/** One term per concept: what the table says not to write, and why. */
const ARABIC_TERMS: [string, RegExp][] = [
  ['LinkedIn is «لينكدإن» in Arabic letters', /LinkedIn/],
  ['LinkedIn is masculine', /(تسمح|طلبت|تردّ|تتيح|تشارك|رفضت|أكّدت|أكدت) لينكدإن|لينكدإن (طلبت|رفضت)/],
  ['no plan is called Premium', /Premium|بريميوم|premium/i],
  ['«مميّز» means highlighted, never a paid plan', /(خطة|خطط|أرصدة|أرصدتك|نقاط) ?(ال)?مم[يّ]+زة/],
  [
    'the credit unit is «نقطة/نقاط», the balance «رصيد»',
    /أرصدة|رصيدان|رصيدا |رصيدًا|رصيدَين|رصيد واحد|رصيد تعليق|رصيد التعليقات|أرصدت/,
  ],
  [
    'Engage is «مساعد التفاعل», never the bare metric',
    /Engage|ميزة التفاعل|صفحة التفاعل|«التفاعل»|فالتفاعل|للتفاعل إرسال|يتيحه التفاعل|في التفاعل[.،]|يستطيع التفاعل|(?<!مساعد )التفاعل (يقرأ|غير مشمول|التلقائي)/,
  ],
  ['autopilot is «الوضع التلقائي»', /الإرسال التلقائي/],
  [
    'the trial is «الفترة التجريبية»',
    /تجربة مجانية|التجربة المجانية|تجربتك المجانية|فترة التجربة|في التجربة|انتهاء تجربته/,
  ],
  ['unlimited is «بلا حدود»', /بلا حد(?!ود)|غير محدود/],
  ['connections are «علاقات»', /جهات الاتصال|جهة اتصال|جهتا اتصال|معارف/],
  ['the link to LinkedIn is «ربط»', /الاتصال بحسابك|اتصال حسابك|الاتصال بلينكدإن|في اتصالك/],
  ['casual is «عفوية»', /ودّية|ودية/],
  ['the offline writer is «الكاتب المدمج»', /الكاتب دون اتصال/],
  ['«في الطريق» misleads: «قريبًا» or «جارٍ…»', /في الطريق|في طريقه/],
  ['Open on LinkedIn is «فتح في لينكدإن»', /(فتح|افتح|عرض)( \S+)* على لينكدإن/],
  ['«تجاهل» is a calque for discard', /تجاهل/],
  ['«جلب» is a calque for fetch', /جلب|اجلب/],
  [
    'calques the reviews named',
    /سحري|موثوق من|منشورات منشورة|منشوراتك المنشورة|\/ شهريًا|أولًا بأول|في العمر نفسه|تعليم الكل/,
  ],
  ['the ellipsis is one character', /\.\.\./],
  ['address that assumes a man', /أنت مسجّل|مسجّل الدخول|أنت مستعد|هل أنت|التقطتَ|رائد أعمال|تتابعه\b|رابط ملفه|صاحب رأي/],
  // A fatha on the ending of «بلغتَ» or «حسابكَ» says the reader is a man; left bare, it reads for anyone.
  ['no vowel marks the reader as a man', /[\u0621-\u064A](تَ|كَ)(?![\u0621-\u0652])/],
  ['figures are «إحصاءات»', /الأرقام التي ستراها|أرقامه للتوضيح|أرقام أي مستخدم/],
  ['«خلّونا» is dialect', /خلّونا|خلونا/],
];

/**
 * The Arabic written outside the locale files: the hooks library, the landing and inspiration
 * seeds, the e-mails and the offline writer. Each Arabic string literal is one entry.
 */
const ARABIC_SOURCES = [
  'src/features/hooks-library/data/ar.ts',
  '../services/content/src/seed/ar.ts',
  '../services/content/src/seed/library.ts',
  '../services/auth/src/mail/magic-link-mail.ts',
  '../services/auth/src/mail/notification-mail.ts',
  '../services/ai/src/providers/offline/phrases.ts',
  '../services/ai/src/providers/offline/advice.ts',
  '../services/engage/src/providers/sandbox/creators.ts',
];
const WEB = join(import.meta.dirname, '..', '..');
const LITERAL = /(['"`])((?:\\.|(?!\1)[^\\\n])*)\1/g;
const sourceArabic: Entry[] = ARABIC_SOURCES.flatMap((file) =>
  readFileSync(join(WEB, file), 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(LITERAL)]
        .map(([, , text]) => text ?? '')
        .filter((text) => /[\u0600-\u06FF]/.test(text))
        .map((text) => ({ key: `${file}:${index + 1}`, text: text.replace(/\$\{[^}]*\}/g, '{{x}}'), en: undefined })),
    ),
);
/**
 * In the hooks and the e-mails «تجاهل» means to ignore, and in a story «في الطريق» is along the
 * way: both say that well. They are calques only on the app's buttons and states.
 */
const SOURCE_RULES = ARABIC_TERMS.filter(([rule]) => !/تجاهل|في الطريق/.test(rule));

describe('the Arabic copy keeps the term table', () => {
  it.each(ARABIC_TERMS)('%s', (_rule, pattern) => {
    expect(offending(arabic, pattern)).toEqual([]);
  });

  it.each(SOURCE_RULES)('%s, also in the seeds, the e-mails, the hooks and the offline writer', (_rule, pattern) => {
    expect(sourceArabic.length).toBeGreaterThan(100);
    expect(offending(sourceArabic, pattern)).toEqual([]);
  });

  it('names the feature Engage «مساعد التفاعل» wherever it is a title', () => {
    const title = (key: string) => arabic.find((entry) => entry.key === key)?.text;
    expect([title('shell:nav.engage'), title('engage:title')]).toEqual(['مساعد التفاعل', 'مساعد التفاعل']);
    expect(title('engage:autopilot.title')).toBe('الوضع التلقائي');
    expect(title('billing:plans.trial')).toBe('الفترة التجريبية');
  });

  it('sets the brand «نشر» apart from the verb wherever the English names Nashr', () => {
    const bare = arabic.filter(
      ({ key, text, en }) => en?.includes('Nashr') && key !== 'common:appName' && !text.includes('«نشر»'),
    );
    expect(bare.map(({ key, text }) => `${key}: ${text}`)).toEqual([]);
  });
});

describe('English copy', () => {
  it('calls no plan Premium (only LinkedIn has one)', () => {
    expect(offending(english, /Premium/i, ({ text }) => /LinkedIn Premium/.test(text))).toEqual([]);
  });
});

/** The counted nouns of the copy, in every form Arabic gives them after a number. */
const COUNTED_NOUNS = [
  'حرف|حرفًا|أحرف|حرفا',
  'يوم|يومًا|أيام',
  'ثانية|ثانيةً|ثوانٍ',
  'دقيقة|دقيقةً|دقائق',
  'ساعة|ساعةً|ساعات',
  'أسبوع|أسبوعًا|أسابيع',
  'منشور|منشورًا|منشورات',
  'شخص|شخصًا|أشخاص',
  'موضوع|موضوعًا|مواضيع',
  'تعليق|تعليقًا|تعليقات',
  'نقطة|نقطةً|نقاط|رصيد',
  'صفحة|صفحةً|صفحات',
  'صورة|صورةً|صور',
  'ملف|ملفًا|ملفات',
  'مسودة|مسودةً|مسودات',
  'مجموعة|مجموعةً|مجموعات',
  'جلسة|جلسةً|جلسات',
  'تفاعل|تفاعلًا|تفاعلات',
  'مرة|مرةً|مرات',
  'عنصر|عنصرًا|عناصر',
  'حقل|حقلًا|حقول',
  'وقت|وقتًا|أوقات',
  'موعد|موعدًا|مواعيد',
  'تأييد|تأييدًا|تأييدات',
  'ألف|آلاف|ألفًا',
  'متابع|متابِع|متابعًا|متابعين',
  'مهارة|مهارةً|مهارات',
].join('|');

/** A number filled in, then a counted noun: the form depends on the number. */
const COUNT_THEN_NOUN = new RegExp(`\\{\\{\\s*(\\w+)[^}]*\\}\\}\\s+(${COUNTED_NOUNS})(?![\\u0600-\\u06FF])`, 'g');

describe('counts', () => {
  it('give every Arabic number followed by a counted noun its six plural forms', () => {
    const missing = arabic.flatMap(({ key, text }) =>
      [...text.matchAll(COUNT_THEN_NOUN)]
        // The copy's fixed numbers (COPY_NUMBERS) never vary: their words are written for them.
        .filter(([, name]) => !Object.hasOwn(COPY_NUMBERS, name ?? ''))
        .filter(([, name]) => name !== 'count' || !PLURAL.test(key))
        .map(([match]) => `${key}: «${match}» (the count must be \`count\`, in a key with plural forms)`),
    );
    expect(missing).toEqual([]);
  });

  it('write the count of a plural string through the digit setting', () => {
    const plain = [...arabic, ...english].filter(({ text }) => /\{\{\s*count\s*\}\}/.test(text));
    expect(plain.map(({ key, text }) => `${key}: ${text}`)).toEqual([]);
  });

  it("never use i18next's `number` format, which ignores the digit setting", () => {
    const numberFormat = [...arabic, ...english].filter(({ text }) => /\{\{[^}]*,\s*number[^}]*\}\}/.test(text));
    expect(numberFormat.map(({ key, text }) => `${key}: ${text}`)).toEqual([]);
  });

  it('write no number into an Arabic string: numbers are filled in, in the user digits', () => {
    // What the user must type as shown (a date's or a time's format), samples of each digit
    // setting, and the examples an admin edits stay as they are.
    const typed = new Set([
      'errors:post.bad_date_format',
      'errors:post.bad_time_format',
      'errors:engage.autopilot_hours_invalid',
      'onboarding:display.digitOptions.latn',
      'onboarding:display.digitOptions.arab',
      'admin:sections.statsHint',
      'admin:defaults.statValue',
      'admin:defaults.planFeature1',
      'common:notFound.code',
    ]);
    const written = arabic.filter(({ key, text }) => {
      if (typed.has(key)) return false;
      const words = text.replace(/\{\{[^}]*\}\}/g, '').replace(/GPT-[\d.]+o?|UTF-8|https?:\S+|#R+G+B+|a-z|0-9/g, '');
      return /[0-9٠-٩]/.test(words);
    });
    expect(written.map(({ key, text }) => `${key}: ${text}`)).toEqual([]);
  });
});
