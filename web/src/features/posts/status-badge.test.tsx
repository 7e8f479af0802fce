import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../i18n/resources';
import { PostStatusBadges } from './status-badge';

let i18n: I18n;
beforeAll(async () => {
  i18n = createInstance();
  await i18n.init({ resources, lng: 'ar', fallbackLng: 'ar', interpolation: { escapeValue: false } });
});

async function render(language: 'ar' | 'en', node: ReactNode): Promise<string> {
  await i18n.changeLanguage(language);
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

const deletedOnNetworkAt = '2026-11-20T10:00:00.000Z';

describe("a post's badges in the posts lists", () => {
  it('say in words, with the date, that a published post was deleted on LinkedIn, in both languages', async () => {
    const en = await render('en', <PostStatusBadges post={{ status: 'published', deletedOnNetworkAt }} />);
    expect(en).toContain('data-status="published"');
    expect(en).toContain('data-testid="post-deleted-badge"');
    expect(en).toMatch(/Deleted on LinkedIn <time dateTime="2026-11-20T10:00:00.000Z"[^>]*>November 20, 2026<\/time>/);
    const ar = await render('ar', <PostStatusBadges post={{ status: 'published', deletedOnNetworkAt }} />);
    expect(ar).toContain('محذوف من لينكدإن');
    expect(ar).toContain(`<time dateTime="${deletedOnNetworkAt}"`);
  });

  it('say nothing of LinkedIn for a post still there, or one that was never published', async () => {
    for (const post of [
      { status: 'published', deletedOnNetworkAt: null },
      { status: 'failed', deletedOnNetworkAt },
    ] as const) {
      expect(await render('en', <PostStatusBadges post={post} />)).not.toContain('post-deleted-badge');
    }
  });
});
