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
