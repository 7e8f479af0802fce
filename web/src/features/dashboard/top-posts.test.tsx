import { type AnalyticsPost, DEFAULT_DISPLAY_PREFERENCES } from '@nashr/contracts';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { setDisplayPreferences } from '../../lib/format';
import { TopPosts } from './top-posts';

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});
afterEach(() => setDisplayPreferences(DEFAULT_DISPLAY_PREFERENCES));

const post: AnalyticsPost = {
  id: 'urn:li:share:1',
  text: 'A post worth keeping',
  publishedAt: '2026-11-02T09:00:00.000Z',
  shareUrl: null,
  reactions: 40,
  comments: 8,
  reposts: 2,
  impressions: 1500,
  saves: 12,
  sends: 3,
  engagementRate: 0.0333,
  deletedAt: null,
};

async function render(language: 'ar' | 'en', posts: AnalyticsPost[]): Promise<string> {
  await i18n.changeLanguage(language);
  // Each post links to its own page: the list renders inside a router.
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <TopPosts posts={posts} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

/** The text of the element with `testId`, tags stripped. */
const textOf = (html: string, testId: string) =>
  html
    .match(new RegExp(`data-testid="${testId}"[^>]*>(.*?)</span>`))?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim() ?? null;

describe('the top posts of the period', () => {
  it('show saves and sends beside the other figures, in both languages', async () => {
    const en = await render('en', [post]);
    expect(textOf(en, 'top-post-saves')).toBe('12 saves');
    expect(textOf(en, 'top-post-sends')).toBe('3 sends');
    const single = await render('en', [{ ...post, saves: 1, sends: 1 }]);
    expect(textOf(single, 'top-post-saves')).toBe('1 save');
    expect(textOf(single, 'top-post-sends')).toBe('1 send');

    const ar = await render('ar', [post]);
    expect(textOf(ar, 'top-post-saves')).toBe('12 مرةَ حفظ');
    expect(textOf(ar, 'top-post-sends')).toBe('3 مرات إرسال');
  });

  it('write them in the digits the user chose, like the other numbers', async () => {
    setDisplayPreferences({ ...DEFAULT_DISPLAY_PREFERENCES, digits: 'arab' });
    const ar = await render('ar', [post]);
    expect(textOf(ar, 'top-post-saves')).toBe('١٢ مرةَ حفظ');
    expect(textOf(ar, 'top-post-sends')).toBe('٣ مرات إرسال');
    expect(ar).toContain('١٬٥٠٠');
  });

  it('mark a post deleted on LinkedIn, in both languages, and keep its figures', async () => {
    const deleted = { ...post, id: 'urn:li:share:2', deletedAt: '2026-11-20T10:00:00.000Z' };
    const en = await render('en', [deleted, post]);
    expect(en.match(/data-testid="post-deleted-badge"/g)).toHaveLength(1);
    expect(en).toMatch(/data-post-id="urn:li:share:2".*Deleted on LinkedIn.*data-post-id="urn:li:share:1"/s);
    expect(en).toContain('deleted on LinkedIn on November 20, 2026');
    expect(textOf(en, 'top-post-saves')).toBe('12 saves');
    const ar = await render('ar', [deleted]);
    expect(ar).toContain('محذوف من لينكدإن');
    expect(ar).toContain('حُذف هذا المنشور من لينكدإن في');
  });

  it('leave them out where the connection does not give them, rather than show zeros', async () => {
    const html = await render('en', [{ ...post, saves: null, sends: null }]);
    expect(html).not.toContain('top-post-saves');
    expect(html).not.toContain('top-post-sends');
    expect(html).toContain('impressions');
  });

  it("say a post's figures were not read yet, in both languages, rather than show zeros, and offer no results page", async () => {
    const unread: AnalyticsPost = {
      ...post,
      id: 'urn:li:share:3',
      reactions: null,
      comments: null,
      reposts: null,
      impressions: null,
      saves: null,
      sends: null,
      engagementRate: null,
    };
    const en = await render('en', [unread, post]);
    expect(textOf(en, 'top-post-figures-unknown')).toBe(
      'This post&#x27;s figures have not been read from LinkedIn yet.',
    );
    // Only the post whose figures were read counts them and links to its results.
    expect(en.match(/interactions/g)).toHaveLength(1);
    expect(en.match(/data-testid="top-post-link"/g)).toHaveLength(1);
    expect(en).toMatch(/data-post-id="urn:li:share:3"(?:(?!data-post-id).)*top-post-figures-unknown/s);
    const ar = await render('ar', [unread]);
    expect(textOf(ar, 'top-post-figures-unknown')).toBe('لم تُقرأ أرقام هذا المنشور من لينكدإن بعد.');
    expect(ar).not.toContain('top-post-link');
  });
});
