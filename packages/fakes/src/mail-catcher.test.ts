// The development mail catcher through its public faces: SMTP in, the JSON API and the inbox page out.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaughtMail, type MailCatcher, startMailCatcher } from './mail-catcher.js';

describe('development mail catcher', () => {
  let catcher: MailCatcher;
  let base: string;
  beforeAll(async () => {
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
    base = `http://127.0.0.1:${catcher.httpPort}`;
  });
  afterAll(async () => {
    await catcher?.close();
  });

  const list = async (query = '') =>
    ((await (await fetch(`${base}/api/messages${query}`)).json()) as { messages: CaughtMail[] }).messages;

  async function send(to: string, subject: string, withAuth = false) {
    const transport = nodemailer.createTransport(
      withAuth ? `smtp://user:pass@127.0.0.1:${catcher.smtpPort}` : catcher.smtpUrl,
    );
    await transport.sendMail({
      from: 'Nashr <no-reply@nashr.local>',
      to,
      subject,
      text: `Plain ${subject}`,
      html: `<p>HTML <b>${subject}</b></p>`,
    });
    transport.close();
  }

  /** Hands a message to the catcher over SMTP exactly as written, and reads it back from the JSON API. */
  async function deliverRaw(raw: string): Promise<CaughtMail> {
    const transport = nodemailer.createTransport(catcher.smtpUrl);
    await transport.sendMail({ envelope: { from: 'no-reply@nashr.local', to: ['raw@example.com'] }, raw });
    transport.close();
    const [mail] = await list('?to=raw@example.com');
    if (!mail) throw new Error('the catcher kept no mail');
    await fetch(`${base}/api/messages`, { method: 'DELETE' });
    return mail;
  }

  it('decodes folded headers, split encoded words, quoted-printable and base64 parts', async () => {
    const subject = 'رابط تسجيل الدخول';
    const bytes = Buffer.from(subject);
    // A two-byte Arabic character split across two encoded words, as long subjects are.
    const first = bytes.subarray(0, 5).toString('base64');
    const second = bytes.subarray(5).toString('base64');
    const raw = [
      'From: "Nashr" <no-reply@nashr.local>',
      'To: salma@example.com',
      `Subject: =?UTF-8?B?${first}?=`,
      ` =?UTF-8?B?${second}?=`,
      'List-Unsubscribe: <http://localhost:8080/unsubscribe?token=abc>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Open https://nashr.example/verify?token=3Dabc=3D and a very long line that is =',
      'soft-broken here. Caf=C3=A9',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p dir="rtl">مرحبًا</p>').toString('base64'),
      '--b1--',
      '',
    ].join('\r\n');
    const mail = await deliverRaw(raw);
    expect(mail.subject).toBe(subject);
    expect(mail.from).toBe('"Nashr" <no-reply@nashr.local>');
    expect(mail.to).toBe('salma@example.com');
    expect(mail.listUnsubscribe).toBe('<http://localhost:8080/unsubscribe?token=abc>');
    expect(mail.text?.trim()).toBe(
      'Open https://nashr.example/verify?token=abc= and a very long line that is soft-broken here. Café',
    );
    expect(mail.html).toBe('<p dir="rtl">مرحبًا</p>');
  });

  it('reads a single-part message and Q-encoded headers', async () => {
    const mail = await deliverRaw('Subject: =?utf-8?Q?Caf=C3=A9_ouvert?=\r\nContent-Type: text/plain\r\n\r\nhello\r\n');
    expect(mail).toMatchObject({ subject: 'Café ouvert', html: null, listUnsubscribe: null });
    expect(mail.text?.trim()).toBe('hello');
  });

  it('keeps received mails and lists them newest first, as JSON and on the inbox page', async () => {
    await send('one@example.com', 'First mail');
    await send('two@example.com', 'Second mail', true);

    const all = await list();
    expect(all.map((m) => m.subject)).toEqual(['Second mail', 'First mail']);
    expect(all[0]).toMatchObject({
      envelope: { from: 'no-reply@nashr.local', to: ['two@example.com'] },
      text: 'Plain Second mail',
      html: '<p>HTML <b>Second mail</b></p>',
    });

    const filtered = await list('?to=ONE@example.com');
    expect(filtered.map((m) => m.subject)).toEqual(['First mail']);

    const one = await fetch(`${base}/messages/${all[1]?.id}`);
    expect(await one.text()).toBe('<p>HTML <b>First mail</b></p>');

    const page = await (await fetch(`${base}/`)).text();
    expect(page.indexOf('Second mail')).toBeLessThan(page.indexOf('First mail'));
    // The mail's HTML is shown in a sandboxed frame, escaped into srcdoc.
    expect(page).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(page).toContain('&lt;p&gt;HTML &lt;b&gt;First mail&lt;/b&gt;&lt;/p&gt;');
  });

  it('empties the inbox on DELETE and answers its health check', async () => {
    expect((await fetch(`${base}/api/messages`, { method: 'DELETE' })).status).toBe(200);
    expect(await list()).toEqual([]);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/`)).text()).toContain('No mail yet');
  });
});
