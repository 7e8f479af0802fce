import type { Notification } from '@nashr/contracts';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { NotificationItem } from './notification-bell';

beforeAll(async () => {
  await startI18nForTests();
});

const workspaceId = '3f0c1c2e-8f57-4d4b-9d38-1f0a3c1e2b11';
const draftId = '7a6f0b61-6a0e-4a5b-8d8e-7d5c9b0b2c22';
const changes: Notification = {
  id: '0e6f0b61-6a0e-4a5b-8d8e-7d5c9b0b2c33',
  kind: 'changes_requested',
  postId: null,
  url: null,
  reason: null,
  reasonCode: null,
  workspaceId,
  draftId,
  actorEmail: 'lina@example.com',
  excerpt: 'Shorten the opening, and name the launch date',
  createdAt: '2026-11-30T07:15:00.000Z',
  read: false,
};

const render = (item: Notification) => renderToStaticMarkup(<NotificationItem item={item} onOpen={() => {}} />);
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/[\u200e\u200f\u061c\u2068\u2069]/g, '');

describe('a bell item about a draft’s review', () => {
  it('links to the draft’s review page and says in Arabic what happened, who did it and their words', async () => {
    await i18next.changeLanguage('ar');
    const html = render(changes);
    expect(html).toContain(`href="/review/${draftId}?workspace=${workspaceId}"`);
    expect(text(html)).toContain('طلب تعديلات على مسودتك');
    expect(text(html)).toContain('من: lina@example.com');
    expect(text(html)).toContain('«Shorten the opening, and name the launch date»');
    expect(text(html)).toContain('فتح المراجعة لمعرفة التعديلات المطلوبة');
    expect(html).toContain('data-kind="changes_requested"');
  });

  it('says it in English too, and names no one when the account that acted is gone', async () => {
    await i18next.changeLanguage('en');
    const html = render({ ...changes, kind: 'mentioned', actorEmail: null, read: true });
    expect(html).toContain(`href="/review/${draftId}?workspace=${workspaceId}"`);
    expect(text(html)).toContain('A member mentioned you in a draft’s review');
    expect(text(html)).toContain('“Shorten the opening, and name the launch date”');
    expect(html).not.toContain('data-testid="notification-actor"');
    await i18next.changeLanguage('ar');
  });
});

describe('a bell item about a team’s post its publisher could no longer put out', () => {
  const postId = '5b7e1c2a-3d4f-4a5b-8c6d-7e8f9a0b1c44';
  const held: Notification = {
    ...changes,
    kind: 'team_post_failed',
    postId,
    draftId: null,
    excerpt: null,
    actorEmail: 'omar@example.com',
    reason: 'The member who scheduled it may no longer publish in this workspace, so it was not published',
    reasonCode: 'workspace.publisher_left',
  };

  it('opens the post in its workspace, and says why and who scheduled it, in both languages', async () => {
    await i18next.changeLanguage('ar');
    const arabic = render(held);
    expect(arabic).toContain(`href="/posts?post=${postId}&amp;workspace=${workspaceId}"`);
    expect(text(arabic)).toContain('تعذّر نشر منشور مجدول للفريق');
    expect(text(arabic)).toContain('لم يعد لمن جدوله حق النشر في مساحة العمل هذه');
    expect(text(arabic)).toContain('جدوله: omar@example.com');
    await i18next.changeLanguage('en');
    const english = render(held);
    expect(text(english)).toContain('A team post could not be published');
    expect(text(english)).toContain('Scheduled by omar@example.com');
    expect(text(english)).toContain('Open it to schedule it again');
    await i18next.changeLanguage('ar');
  });
});
