import { DEFAULT_DISPLAY_PREFERENCES } from '@nashr/contracts';
import { createInstance, type i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withCount } from '../lib/error-text';
import { setDisplayPreferences } from '../lib/format';
import { addCountFormat } from './count-format';
import { resources } from './resources';

let i18n: I18n;

beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
  addCountFormat(i18n);
});
afterEach(() => setDisplayPreferences(DEFAULT_DISPLAY_PREFERENCES));

const say = (lng: 'ar' | 'en', key: string, values: Record<string, unknown>) => i18n.t(key, { lng, ...values });
// ICU puts direction marks around some numbers; what a reader sees is pinned here.
const visible = (text: string) => text.replace(/[\u200e\u200f\u061c\u2068\u2069]/g, '');

describe('counts', () => {
  it("say '1 repost' and '2 reposts' in English, never '1 reposts'", () => {
    const label = (count: number) => `${count} ${say('en', 'dashboard:posts.counts.reposts', { count })}`;
    expect([0, 1, 2, 11].map(label)).toEqual(['0 reposts', '1 repost', '2 reposts', '11 reposts']);
    expect(say('en', 'profile:followers', { count: 1 })).toBe('follower');
    expect(say('en', 'profile:endorsements', { count: 1 })).toBe('1 endorsement');
    expect(say('en', 'composer:ai.credits', { count: 1, model: 'GPT-4o' })).toBe('1 GPT-4o credit left.');
  });

  it('take the six Arabic forms: zero, one, two, few (3-10), many (11-99) and other (100+)', () => {
    const label = (count: number) => say('ar', 'dashboard:posts.counts.comments', { count });
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map(label)).toEqual([
      'تعليق',
      'تعليق',
      'تعليقَين',
      'تعليقات',
      'تعليقات',
      'تعليقًا',
      'تعليقًا',
      'تعليق',
      'تعليق',
    ]);
    const credits = (count: number) => say('ar', 'composer:ai.credits', { count, model: 'GPT-4o' });
    // The credit unit is «نقطة/نقاط»; «رصيد» is the balance that holds them.
    expect(credits(1)).toBe('تبقّت لك نقطة واحدة من GPT-4o.');
    expect(credits(2)).toBe('تبقّت لك نقطتان من GPT-4o.');
    expect(credits(5)).toBe('تبقّت لك 5 نقاط من GPT-4o.');
    expect(credits(40)).toBe('تبقّت لك 40 نقطةً من GPT-4o.');
    expect(credits(500)).toBe('تبقّت لك 500 نقطة من GPT-4o.');
    const free = (count: number) => say('ar', 'composer:ai.freeLeft', { count });
    expect([1, 2, 3, 11, 100].map(free)).toEqual([
      'تبقّت لك اليوم مسودة مجانية واحدة.',
      'تبقّت لك اليوم مسودتان مجانيتان.',
      'تبقّت لك اليوم 3 مسودات مجانية.',
      'تبقّت لك اليوم 11 مسودةً مجانيةً.',
      'تبقّت لك اليوم 100 مسودة مجانية.',
    ]);
    expect([1, 15].map((count) => say('en', 'composer:ai.freeLeft', { count }))).toEqual([
      '1 free draft left today.',
      '15 free drafts left today.',
    ]);
    const refused = (count: number) => say('ar', 'errors:ai.free_daily_limit', { count, limit: count });
    expect(refused(15)).toContain('وحصلت اليوم على 15 مسودةً مجانيةً، وهذا هو الحد اليومي.');
    expect(refused(2)).toContain('وحصلت اليوم على مسودتين مجانيتين');
    expect(refused(5)).toContain('وحصلت اليوم على 5 مسودات مجانية');
    expect(say('en', 'errors:ai.free_daily_limit', { count: 15, limit: 15 })).toContain("today's 15 free drafts.");
    const pages = (count: number) => say('ar', 'engage:media.pages', { count });
    expect([1, 2, 10, 12, 100].map(pages)).toEqual(['صفحة واحدة', 'صفحتان', '10 صفحات', '12 صفحةً', '100 صفحة']);
    expect([1, 12].map((count) => say('en', 'engage:media.pages', { count }))).toEqual(['1 page', '12 pages']);
  });

  it('count the limits of refusals at the values they ship with', () => {
    const error = (key: string, params: Record<string, unknown>) => visible(say('ar', key, withCount(params as never)));
    expect(error('errors:engage.too_many_people', { limit: 200 })).toContain('(200 شخص)');
    expect(error('errors:engage.too_many_people', { limit: 25 })).toContain('(25 شخصًا)');
    expect(error('errors:media.document_title_required', { limit: 100 })).toBe(
      'اكتب عنوانًا للمستند لا يزيد على 100 حرف.',
    );
    expect(error('errors:engage.network_busy', { seconds: 3 })).toBe(
      'طلب لينكدإن إبطاء الطلبات على حسابك. حاول مرة أخرى بعد 3 ثوانٍ.',
    );
    expect(error('errors:engage.network_busy', { seconds: 1 })).toContain('بعد ثانية واحدة.');
    expect(error('errors:post.too_long', { limit: 3000, length: 3412 })).toBe(
      'لا يمكن أن يتجاوز المنشور 3,000 حرف (عدد أحرف هذا المنشور: 3,412).',
    );
    expect(error('errors:post.too_far_ahead', { days: 365 })).toContain('لمدة لا تزيد على 365 يومًا');
    expect(error('errors:ai.timeout', { seconds: 60 })).toContain('خلال 60 ثانيةً');
    expect(visible(say('en', 'errors:engage.too_many_people', withCount({ limit: 200 })))).toBe(
      'You follow 200 people, the most Engage allows. Remove one first.',
    );
  });

  it("write every number in the user's digits, also those filled in without a format", () => {
    setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'arab' });
    expect(visible(say('ar', 'engage:people.count', { n: 12, limit: 200 }))).toBe('١٢ من ٢٠٠');
    expect(visible(say('ar', 'errors:engage.too_many_people', withCount({ limit: 200 })))).toContain('(٢٠٠ شخص)');
    expect(visible(say('ar', 'landing:hero.trialNote', { count: 7 }))).toBe(
      'ابدأ بفترة تجريبية مجانية مدتها ٧ أيام دون بطاقة دفع',
    );
  });

  it('count the queued posts new posting times move, and those they cannot hold', () => {
    const moved = (lng: 'ar' | 'en', count: number) => visible(say(lng, 'posts:queue.savedMoved', { count }));
    expect([1, 4].map((n) => moved('en', n))).toEqual([
      'Queue saved: 1 queued post moved to the new times',
      'Queue saved: 4 queued posts moved to the new times',
    ]);
    expect([1, 2, 4, 12].map((n) => moved('ar', n))).toEqual([
      'حُفظت قائمة النشر، ونُقل منشور واحد إلى المواعيد الجديدة',
      'حُفظت قائمة النشر، ونُقل منشوران إلى المواعيد الجديدة',
      'حُفظت قائمة النشر، ونُقلت 4 منشورات إلى المواعيد الجديدة',
      'حُفظت قائمة النشر، ونُقل 12 منشورًا إلى المواعيد الجديدة',
    ]);
    expect(say('en', 'posts:queue.tooFew', { count: 1 })).toMatch(/^A post is still waiting/);
    expect(visible(say('en', 'posts:queue.tooFew', { count: 54 }))).toMatch(/^54 posts are waiting/);
    expect(say('ar', 'posts:queue.tooFew', { count: 2 })).toMatch(/^ما زال في قائمة النشر منشوران/);
    expect(visible(say('ar', 'posts:queue.tooFew', { count: 54 }))).toMatch(/^في قائمة النشر 54 منشورًا/);
  });

  it('read a day of the calendar right in both languages', () => {
    const day = (lng: 'ar' | 'en', count: number) => say(lng, 'posts:calendar.postsOnDay', { date: 'D', count });
    expect([1, 3].map((n) => day('en', n))).toEqual(['D, 1 post', 'D, 3 posts']);
    expect([1, 2, 3, 12].map((n) => day('ar', n))).toEqual([
      'D، منشور واحد',
      'D، منشوران',
      'D، 3 منشورات',
      'D، 12 منشورًا',
    ]);
  });

  it("write the count in the user's digits", () => {
    setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'arab' });
    expect(visible(say('ar', 'posts:calendar.postsOnDay', { date: 'D', count: 1200 }))).toBe('D، ١٬٢٠٠ منشور');
    expect(visible(say('ar', 'notifications:bellUnread', { count: 4 }))).toContain('٤');
    setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'latn' });
    expect(visible(say('ar', 'posts:calendar.postsOnDay', { date: 'D', count: 1250 }))).toBe('D، 1,250 منشورًا');
  });

  it('read the analytics counts right: weeks of a streak, posts in an hour, the period', () => {
    const streak = (lng: 'ar' | 'en', count: number) => say(lng, 'dashboard:consistency.streakValue', { count });
    expect([0, 1, 2, 3, 11, 100].map((n) => streak('ar', n))).toEqual([
      'لا أسابيع متتالية',
      'أسبوع واحد',
      'أسبوعان',
      '3 أسابيع',
      '11 أسبوعًا',
      '100 أسبوع',
    ]);
    expect([1, 4].map((n) => streak('en', n))).toEqual(['1 week', '4 weeks']);
    const cell = (lng: 'ar' | 'en', count: number) => say(lng, 'analytics:bestTimes.cell', { count, engagement: '12' });
    expect(cell('en', 1)).toBe('1 post, average engagement 12');
    expect(cell('ar', 2)).toBe('منشوران، ومتوسط التفاعل 12');
    expect(cell('ar', 7)).toBe('7 منشورات، ومتوسط التفاعل 12');
    expect(say('ar', 'dashboard:period.days', { count: 30 })).toBe('30 يومًا');
    expect(say('ar', 'dashboard:period.days', { count: 7 })).toBe('7 أيام');
    setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'arab' });
    expect(visible(say('ar', 'dashboard:period.days', { count: 90 }))).toBe('٩٠ يومًا');
  });
});
