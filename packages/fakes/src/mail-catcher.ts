/**
 * Development mail catcher: an SMTP server that keeps every mail in memory and an inbox web page
 * that shows them, newest first. `npm start` runs it when no SMTP_URL is given, so sign-in links
 * can be followed on a machine without a mail server.
 *
 *   MAIL_CATCHER_SMTP_PORT (1025)  MAIL_CATCHER_HTTP_PORT (8025)  MAIL_CATCHER_HOST (127.0.0.1)
 *
 * Inbox: GET /   JSON: GET /api/messages[?to=address], GET /api/messages/:id, DELETE /api/messages
 * One mail's HTML: GET /messages/:id   Health: GET /healthz
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: string;
  receivedAt: string;
  /** Envelope sender and recipients, as the SMTP client gave them. */
  envelope: { from: string | null; to: string[] };
  from: string;
  to: string;
  subject: string;
  date: string | null;
  text: string | null;
  html: string | null;
  listUnsubscribe: string | null;
}

export interface MailCatcherOptions {
  smtpPort?: number;
  httpPort?: number;
  host?: string;
  /** Older mails are dropped beyond this many. */
  maxMessages?: number;
}

export interface MailCatcher {
  smtpPort: number;
  httpPort: number;
  smtpUrl: string;
  inboxUrl: string;
  /** Newest first. */
  messages: () => CaughtMail[];
  clear: () => void;
  close: () => Promise<void>;
}

const MAX_MAIL_BYTES = 10 * 1024 * 1024;

type ReadMail = Pick<CaughtMail, 'from' | 'to' | 'subject' | 'date' | 'text' | 'html' | 'listUnsubscribe'>;

const addressText = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');

/** The header's value as the sender wrote it (mailparser reads List-* headers into objects). */
function rawHeader(lines: readonly { key: string; line: string }[], name: string): string | null {
  const line = lines.find((l) => l.key === name)?.line;
  return line === undefined ? null : line.slice(line.indexOf(':') + 1).trim();
}

/** Reads a received message: headers decoded, the first text and HTML bodies of any multipart. */
async function readMail(raw: Buffer): Promise<ReadMail> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  return {
    from: mail.from?.text ?? '',
    to: addressText(mail.to),
    subject: mail.subject ?? '',
    date: mail.date?.toISOString() ?? null,
    text: mail.text ?? null,
    html: mail.html === false ? null : (mail.html ?? null),
    listUnsubscribe: rawHeader(mail.headerLines, 'list-unsubscribe'),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Links in a mail open in a new tab, never inside the inbox's frame. */
const framed = (html: string) => `<base target="_blank">${html}`;

function inboxPage(mails: CaughtMail[]): string {
  const cards = mails
    .map(
      (m) => `<article class="mail">
  <header>
    <h2 dir="auto">${escapeHtml(m.subject || '(no subject)')}</h2>
    <p><span>From</span> ${escapeHtml(m.from)} &nbsp; <span>To</span> ${escapeHtml(m.to || m.envelope.to.join(', '))}</p>
    <p><span>Received</span> <time datetime="${m.receivedAt}">${escapeHtml(new Date(m.receivedAt).toLocaleString('en-GB'))}</time>
      &nbsp; <a href="/messages/${m.id}" target="_blank" rel="noopener">Open in a new tab</a></p>
  </header>
  ${
    m.html
      ? `<iframe title="${escapeHtml(m.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(framed(m.html))}"></iframe>`
      : ''
  }
  ${m.text ? `<details${m.html ? '' : ' open'}><summary>Plain text</summary><pre>${escapeHtml(m.text)}</pre></details>` : ''}
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Nashr · development inbox (${mails.length})</title>
<style>
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;background:#eef6ff;color:#12386a}
  .top{position:sticky;top:0;background:#0a66c2;color:#fff;padding:14px 20px;display:flex;gap:16px;align-items:center;justify-content:space-between}
  .top h1{font-size:18px;margin:0}.top p{margin:0;font-size:13px;opacity:.9}
  main{max-width:860px;margin:0 auto;padding:20px}
  .mail{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(15,67,127,.15);margin-bottom:20px;overflow:hidden}
  .mail header{padding:14px 18px;border-bottom:1px solid #d9eaff}
  .mail h2{font-size:17px;margin:0 0 6px}.mail p{margin:2px 0;font-size:13px;color:#0f437f}.mail p span{color:#599fff}
  iframe{width:100%;height:520px;border:0;display:block}
  details{padding:10px 18px;border-top:1px solid #d9eaff}pre{white-space:pre-wrap;font-size:13px}
  .empty{text-align:center;padding:60px 20px;color:#0b4f9a}
</style>
</head>
<body>
<div class="top"><h1>Development inbox</h1><p>Mails sent by the local stack. Nothing here leaves this machine.</p></div>
<main>
${cards || '<p class="empty">No mail yet. Ask for a sign-in link and it will appear here.</p>'}
</main>
<script>
  // Refresh when a new mail arrives, so the page can stay open while signing in.
  const count = ${mails.length};
  setInterval(async () => {
    try {
      const res = await fetch('/api/messages/count');
      if ((await res.json()).count !== count) location.reload();
    } catch {}
  }, 2000);
</script>
</body>
</html>`;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function listenHttp(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function listenSmtp(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => {
      server.server.off('error', reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const maxMessages = options.maxMessages ?? 200;
  let mails: CaughtMail[] = [];

  const smtp = new SMTPServer({
    // Plain SMTP on localhost: no TLS upgrade; any credentials are accepted so any SMTP_URL works.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'dev' }),
    size: MAX_MAIL_BYTES,
    logger: false,
    banner: 'Nashr development mail catcher',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (stream.sizeExceeded) return callback(new Error('Message too large'));
        let parsed: ReadMail;
        try {
          parsed = await readMail(Buffer.concat(chunks));
        } catch (error) {
          return callback(error as Error);
        }
        const from = session.envelope.mailFrom;
        mails = [
          {
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            envelope: {
              from: from ? from.address : null,
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            ...parsed,
          },
          ...mails,
        ].slice(0, maxMessages);
        callback();
      });
    },
  });
  smtp.on('error', (error) => console.error(`mail catcher SMTP error: ${error.message}`));

  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://catcher');
    const path = url.pathname.replace(/\/$/, '') || '/';
    if (req.method === 'GET' && path === '/healthz') return json(res, 200, { ok: true });
    if (req.method === 'GET' && path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(inboxPage(mails));
    }
    if (req.method === 'GET' && path === '/api/messages/count') return json(res, 200, { count: mails.length });
    if (req.method === 'GET' && path === '/api/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const list = to
        ? mails.filter((m) => m.envelope.to.some((a) => a.toLowerCase() === to) || m.to.toLowerCase().includes(to))
        : mails;
      return json(res, 200, { messages: list });
    }
    if (req.method === 'DELETE' && path === '/api/messages') {
      mails = [];
      return json(res, 200, { ok: true });
    }
    const one = /^\/(api\/)?messages\/([0-9a-f-]{36})$/.exec(path);
    const mail = one ? mails.find((m) => m.id === one[2]) : undefined;
    if (req.method === 'GET' && one && mail) {
      if (one[1]) return json(res, 200, mail);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(mail.html ?? `<pre>${escapeHtml(mail.text ?? '')}</pre>`);
    }
    return json(res, 404, { message: 'Not found' });
  });

  const smtpPort = await listenSmtp(smtp, options.smtpPort ?? 1025, host);
  const httpPort = await listenHttp(http, options.httpPort ?? 8025, host).catch(async (error: unknown) => {
    await new Promise<void>((r) => smtp.close(() => r()));
    throw error;
  });
  const shownHost = host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host;
  return {
    smtpPort,
    httpPort,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://${shownHost}:${httpPort}`,
    messages: () => [...mails],
    clear: () => {
      mails = [];
    },
    close: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((r) => smtp.close(() => r())),
        new Promise<void>((r) => http.close(() => r())),
      ]);
    },
  };
}

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    console.error(`mail catcher: ${name}=${process.env[name]} is not a port`);
    process.exit(1);
  }
  return value;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const catcher = await startMailCatcher({
    smtpPort: port('MAIL_CATCHER_SMTP_PORT', 1025),
    httpPort: port('MAIL_CATCHER_HTTP_PORT', 8025),
    host: process.env.MAIL_CATCHER_HOST ?? '127.0.0.1',
  }).catch((error: Error) => {
    console.error(`mail catcher could not start: ${error.message}`);
    process.exit(1);
  });
  console.log(`mail catcher: SMTP on ${catcher.smtpUrl}, inbox at ${catcher.inboxUrl}`);
  const stop = () => void catcher.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
