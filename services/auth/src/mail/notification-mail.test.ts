import { describe, expect, it } from 'vitest';
import type { NotificationRow } from '../db/schema.js';
import { digestMail, pushMessage } from './notification-mail.js';

const links = {
  publicUrl: 'https://nashr.example',
  unsubscribeToken: (kind: string) => `user.${kind}.${'a'.repeat(32)}`,
};
const row = (id: number): NotificationRow =>
  ({
    id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    kind: 'post_published',
    postId: null,
    url: null,
    reason: null,
    reasonCode: null,
  }) as unknown as NotificationRow;
const rows = (n: number) => Array.from({ length: n }, (_, i) => row(i));

describe('the digest e-mail', () => {
  it('counts its notifications with the Arabic form each number takes', () => {
    const subject = (n: number) => digestMail('ar', rows(n), links).subject;
    expect([1, 2, 3, 10, 11, 100].map(subject)).toEqual([
      'ملخص «نشر» اليومي: إشعار واحد',
      'ملخص «نشر» اليومي: إشعاران',
      'ملخص «نشر» اليومي: 3 إشعارات',
      'ملخص «نشر» اليومي: 10 إشعارات',
      'ملخص «نشر» اليومي: 11 إشعارًا',
      'ملخص «نشر» اليومي: 100 إشعار',
    ]);
  });

  it("writes its numbers in the reader's digits", () => {
    expect(digestMail('ar', rows(12), { ...links, digits: 'arab' }).subject).toBe('ملخص «نشر» اليومي: ١٢ إشعارًا');
    expect(digestMail('ar', rows(12), { ...links, digits: 'latn' }).subject).toBe('ملخص «نشر» اليومي: 12 إشعارًا');
  });

  it('is written right to left in Arabic and left to right in English, with a plain-text part', () => {
    const arabic = digestMail('ar', rows(2), links);
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text).toContain('إليك ما جرى لمنشوراتك منذ آخر ملخص');
    const english = digestMail('en', rows(1), links);
    expect(english.subject).toBe('Your Nashr digest: 1 notification');
    expect(english.html).toContain('<html lang="en" dir="ltr">');
    expect(english.text).toContain('Here is what happened to your posts since the last digest');
  });
});

describe('a draft’s review in the digest', () => {
  const workspaceId = '11111111-1111-4111-8111-111111111111';
  const draftId = '22222222-2222-4222-8222-222222222222';
  const approved = {
    ...row(1),
    kind: 'draft_approved',
    workspaceId,
    draftId,
    excerpt: '<b>Launch</b> day',
    actorEmail: 'lina@example.com',
  } as unknown as NotificationRow & { actorEmail: string };

  it('names who approved, quotes the draft and links to its review page on the web', () => {
    const arabic = digestMail('ar', [approved], links);
    const link = `https://nashr.example/review/${draftId}?workspace=${workspaceId}`;
    expect(arabic.text).toContain('أصبحت مسودتك معتمدة.');
    expect(arabic.text).toContain('من: lina@example.com');
    expect(arabic.text).toContain('«<b>Launch</b> day»');
    expect(arabic.text).toContain(`فتح المراجعة: ${link}`);
    expect(arabic.html).toContain(`href="${link}"`);
    // The draft's words are the writer's: shown, never taken as markup.
    expect(arabic.html).toContain('&lt;b&gt;Launch&lt;/b&gt; day');
    expect(arabic.text).toContain('لإيقاف رسائل «اعتماد مسوداتك» عبر البريد:');
    const english = digestMail('en', [approved], links);
    expect(english.text).toContain('Your draft is approved.');
    expect(english.text).toContain(`Open the review: ${link}`);
  });

  it('is pushed with who acted and the review page to open, never the draft’s words', () => {
    const pushed = pushMessage('ar', { ...approved, kind: 'mentioned' } as typeof approved);
    expect(pushed).toEqual({
      title: 'أشار إليك أحد الأعضاء في مراجعة مسودة.',
      body: 'من: lina@example.com',
      url: `/review/${draftId}?workspace=${workspaceId}`,
    });
  });
});

describe('a team post that its publisher could no longer put out', () => {
  const workspaceId = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
  const postId = '6f1c1d4e-8d1b-4c37-9a57-0a4e3c2b1a10';
  const held = {
    ...row(1),
    kind: 'team_post_failed',
    postId,
    workspaceId,
    reason: 'The member who scheduled it may no longer publish in this workspace, so it was not published',
    reasonCode: 'workspace.publisher_left',
    actorEmail: 'omar@example.com',
  } as unknown as NotificationRow & { actorEmail: string };

  it('says who scheduled it and why, and opens the post in its workspace', () => {
    const link = `https://nashr.example/posts?post=${postId}&workspace=${workspaceId}`;
    const arabic = digestMail('ar', [held], links);
    expect(arabic.text).toContain('تعذّر نشر منشور مجدول على لينكدإن في مساحة عمل دورك فيها مالك أو مدير.');
    expect(arabic.text).toContain('\nجدوله: omar@example.com\n');
    expect(arabic.text).toContain(`عرض المنشور: ${link}`);
    expect(arabic.text).toContain('لإيقاف رسائل «منشورات الفريق التي تعذّر نشرها» عبر البريد:');
    const english = digestMail('en', [held], links);
    expect(english.text).toContain('A scheduled post of a workspace you manage could not be published on LinkedIn.');
    expect(english.text).toContain('Scheduled by omar@example.com');
    expect(english.text).toContain(`View the post: ${link}`);
    expect(pushMessage('en', held).url).toBe(`/posts?post=${postId}&workspace=${workspaceId}`);
  });
});
