// oidc-provider ships no types: its declarations come with this file, for every workspace that imports it.
/// <reference path="./oidc-provider-module.d.ts" />
/**
 * Development OpenID Connect provider standing in for Google: a sign-in form where the person
 * proves the mailbox with a code mailed to it (through the same SMTP path as sign-in links, so
 * locally it lands in the mail catcher), consent granted automatically, real OpenID Connect on
 * the wire (discovery, authorization code + PKCE, signed ID tokens, userinfo). `npm start` and the
 * auth tests use it, so 'Continue with Google' works on a machine without internet. It refuses to
 * start when NODE_ENV is production.
 *
 *   OIDC_PROVIDER_PORT (8110)   OIDC_PROVIDER_HOST (127.0.0.1)
 *   SMTP_URL (smtp://127.0.0.1:1025)   MAIL_FROM   where the codes are sent
 *   OIDC_ISSUER (http://localhost:<port>)   the auth service must be given the same value
 *   OIDC_CLIENT_ID (nashr-local)   OIDC_CLIENT_SECRET (nashr-local-secret)
 *   OIDC_REDIRECT_URIS (PUBLIC_URL + /api/v1/auth/google/callback; PUBLIC_URL defaults to http://localhost:8080)
 */
import { createHash, generateKeyPairSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import nodemailer from 'nodemailer';
import Provider, { type InteractionDetails, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';

/** What the provider needs to mail a code; the auth service's SMTP mailer fits it as is. */
export interface CodeMailer {
  send: (mail: { to: string; subject: string; text: string; html: string; lang: 'ar' | 'en' }) => Promise<void>;
  close: () => void;
}

/** Plain SMTP to the address in SMTP_URL (the local mail catcher in development). */
function createSmtpCodeMailer(url: string, from: string): CodeMailer {
  const transport = nodemailer.createTransport(url, { from });
  return {
    send: async ({ to, subject, text, html, lang }) => {
      await transport.sendMail({ to, subject, text, html, headers: { 'Content-Language': lang } });
    },
    close: () => transport.close(),
  };
}

export interface DevOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface DevOidcProviderOptions {
  port?: number;
  host?: string;
  /** Defaults to http://localhost:<port> (the port actually bound, so port 0 works). */
  issuer?: string | ((port: number) => string);
  clients: DevOidcClient[];
  /** Sends the codes that prove a mailbox: the same SMTP path as the sign-in links. */
  mailer: CodeMailer;
  /** Defaults to process.env.NODE_ENV; 'production' refuses to start. */
  nodeEnv?: string;
}

export interface DevOidcProvider {
  issuer: string;
  port: number;
  close: () => Promise<void>;
}

interface DevAccount {
  email: string;
  emailVerified: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_FORM_BYTES = 16 * 1024;
/** A mailed code proves the mailbox for this long, and for this many tries. */
const CODE_TTL_MS = 10 * 60_000;
const CODE_TRIES = 5;

/** A sign-in waiting for the code mailed to `email`; only the code's hash is kept. */
interface PendingProof {
  email: string;
  codeHash: Buffer;
  expiresAt: number;
  triesLeft: number;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest();

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Stable per address, like Google's numeric `sub`, and never the address itself. */
const subjectFor = (email: string) => `dev-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f1f3f4;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#202124}
  .card{background:#fff;border:1px solid #dadce0;border-radius:12px;padding:36px 32px;width:min(400px,calc(100vw - 32px));box-sizing:border-box}
  h1{font-size:22px;font-weight:500;margin:0 0 6px;text-align:center}
  .sub{text-align:center;color:#5f6368;margin:0 0 24px;font-size:15px}
  label{display:block;font-size:14px;margin-bottom:6px}
  input[type=email]{width:100%;box-sizing:border-box;font-size:16px;padding:12px;border:1px solid #dadce0;border-radius:6px}
  input[type=email]:focus{outline:2px solid #1a73e8;border-color:#1a73e8}
  .check{display:flex;gap:8px;align-items:center;margin:14px 0 4px;font-size:14px;color:#3c4043}
  .error{color:#d93025;font-size:14px;margin:8px 0 0}
  .note{font-size:12px;color:#5f6368;margin:18px 0 0;line-height:1.5}
  .actions{display:flex;justify-content:space-between;align-items:center;margin-top:24px}
  a{color:#1a73e8;text-decoration:none;font-size:14px}
  button{background:#1a73e8;color:#fff;border:0;border-radius:6px;padding:10px 24px;font-size:14px;font-weight:500;cursor:pointer}
  button:focus-visible,a:focus-visible{outline:2px solid #1a73e8;outline-offset:2px}
</style></head>
<body><main class="card">${body}</main></body></html>`;
}

function signInForm(uid: string, details: { email?: string; error?: string; clientId: string }): string {
  return page(
    'Sign in · local provider',
    `<h1>Sign in</h1>
<p class="sub">to continue to ${escapeHtml(details.clientId)}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}" novalidate>
  <label for="email">E-mail address</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(details.email ?? '')}">
  ${details.error ? `<p class="error" role="alert">${escapeHtml(details.error)}</p>` : ''}
  <div class="actions">
    <a href="/interaction/${escapeHtml(uid)}/abort">Cancel</a>
    <button type="submit">Next</button>
  </div>
</form>
<p class="note">Local development provider standing in for Google. No password is asked: a code is e-mailed to the address (locally, to the mail catcher's inbox) and proves it is yours.</p>`,
  );
}

function codeForm(uid: string, details: { email: string; error?: string }): string {
  return page(
    'Check your e-mail · local provider',
    `<h1>Check your e-mail</h1>
<p class="sub">We sent a 6-digit code to <b>${escapeHtml(details.email)}</b></p>
<form method="post" action="/interaction/${escapeHtml(uid)}" novalidate>
  <label for="code">Code</label>
  <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required autofocus>
  ${details.error ? `<p class="error" role="alert">${escapeHtml(details.error)}</p>` : ''}
  <div class="actions">
    <a href="/interaction/${escapeHtml(uid)}/abort">Cancel</a>
    <button type="submit">Verify</button>
  </div>
</form>
<p class="note"><a href="/interaction/${escapeHtml(uid)}/unproven">Continue without proving this address</a> (the app must refuse it, as it refuses any address a provider has not verified).</p>`,
  );
}

function codeMail(code: string) {
  const text = `Your sign-in code for the local OpenID provider is ${code}. It works for 10 minutes. If you did not ask for it, ignore this message.`;
  return {
    subject: `Your sign-in code: ${code}`,
    text,
    html: `<!doctype html><html lang="en"><body><p>Your sign-in code for the local OpenID provider is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p><p>It works for 10 minutes. If you did not ask for it, ignore this message.</p></body></html>`,
  };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export async function startOidcProvider(options: DevOidcProviderOptions): Promise<DevOidcProvider> {
  // It signs in whoever reads the mail catcher: never a stand-in for a real provider in production.
  if ((options.nodeEnv ?? process.env.NODE_ENV) === 'production') {
    throw new Error('the development OpenID provider does not run in production (NODE_ENV=production)');
  }
  const server = createServer();
  const port = await listen(server, options.port ?? 8110, options.host ?? '127.0.0.1');
  const issuer =
    typeof options.issuer === 'function'
      ? options.issuer(port)
      : (options.issuer ?? `http://localhost:${port}`).replace(/\/$/, '');
  const accounts = new Map<string, DevAccount>();
  const pending = new Map<string, PendingProof>();
  const forgetExpired = () => {
    for (const [uid, proof] of pending) if (proof.expiresAt < Date.now()) pending.delete(uid);
  };

  // Every authorization asks for the form again, so one can switch addresses freely.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('every_time', 'the development provider signs in every time', (ctx) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          use: 'sig',
          kid: 'dev',
        },
      ],
    },
    // Cookies ignore ports, so on localhost the app sees these too: names that say whose they are.
    cookies: {
      keys: [randomBytes(32).toString('hex')],
      names: { session: 'devoidc_session', interaction: 'devoidc_interaction', resume: 'devoidc_resume' },
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Like Google: the ID token itself carries the e-mail claims.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.email.split('@')[0],
        }),
      };
    },
    // Consent is granted automatically: this provider stands in for a first-party sign-in.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const existing = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      const found = existing ? await oidc.provider.Grant.find(existing) : undefined;
      if (found) return found;
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope(String(oidc.params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    renderError: async (ctx: KoaContextWithOIDC, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in problem',
        `<h1>Something went wrong</h1><p class="sub">${escapeHtml(out.error_description ?? out.error ?? 'Unknown error')}</p>`,
      );
    },
  });
  const handleOidc = provider.callback();

  const finish = (req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, merge = true) =>
    provider.interactionFinished(req, res, result, { mergeWithLastSubmission: merge });

  async function autoConsent(req: IncomingMessage, res: ServerResponse, details: InteractionDetails) {
    const accountId = details.session?.accountId;
    const clientId = String(details.params.client_id);
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ?? new provider.Grant({ accountId, clientId }))
      : new provider.Grant({ accountId, clientId });
    const missingScope = details.prompt.details.missingOIDCScope;
    if (Array.isArray(missingScope)) grant.addOIDCScope(missingScope.join(' '));
    const missingClaims = details.prompt.details.missingOIDCClaims;
    if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims as string[]);
    return finish(req, res, { consent: { grantId: await grant.save() } });
  }

  async function handleInteraction(req: IncomingMessage, res: ServerResponse, path: string) {
    const [, , uid = '', action] = path.split('/');
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
    };
    if (action === 'abort') {
      return finish(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in' }, false);
    }
    if (details.prompt.name === 'consent') return autoConsent(req, res, details);
    if (details.prompt.name !== 'login') return html(501, page('Not supported', '<h1>Not supported</h1>'));
    const clientId = String(details.params.client_id);
    const proof = pending.get(uid);
    const signInAs = (email: string, emailVerified: boolean) => {
      pending.delete(uid);
      const sub = subjectFor(email);
      accounts.set(sub, { email, emailVerified });
      return finish(req, res, { login: { accountId: sub } }, false);
    };
    if (action === 'unproven' && proof) return signInAs(proof.email, false);
    if (req.method === 'GET') {
      if (proof) return html(200, codeForm(uid, { email: proof.email }));
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      return html(200, signInForm(uid, { email: hint, clientId }));
    }
    const form = await readForm(req);
    if (proof) {
      const code = (form.get('code') ?? '').trim();
      const matches = /^\d{6}$/.test(code) && timingSafeEqual(hashCode(code), proof.codeHash);
      if (matches && proof.expiresAt > Date.now()) return signInAs(proof.email, true);
      proof.triesLeft -= 1;
      if (proof.triesLeft <= 0 || proof.expiresAt <= Date.now()) {
        pending.delete(uid);
        return html(400, signInForm(uid, { clientId, error: 'That code no longer works. Enter your address again.' }));
      }
      return html(
        400,
        codeForm(uid, { email: proof.email, error: 'That code is not right. Check the e-mail and try again.' }),
      );
    }
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (!EMAIL.test(email)) {
      return html(400, signInForm(uid, { email, clientId, error: 'Enter a valid e-mail address' }));
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    forgetExpired();
    pending.set(uid, { email, codeHash: hashCode(code), expiresAt: Date.now() + CODE_TTL_MS, triesLeft: CODE_TRIES });
    await options.mailer.send({ to: email, lang: 'en', ...codeMail(code) });
    return html(200, codeForm(uid, { email }));
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"ok":true}');
    }
    if (!path.startsWith('/interaction/')) return handleOidc(req, res);
    handleInteraction(req, res, path).catch((error: Error) => {
      if (res.headersSent) return res.end();
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        page(
          'Sign-in expired',
          `<h1>This sign-in has expired</h1><p class="sub">${escapeHtml(error.message)}. Go back to the app and start again.</p>`,
        ),
      );
    });
  });

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = process.env;
  const publicUrl = (env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/$/, '');
  const issuerPort = env.OIDC_ISSUER ? Number(new URL(env.OIDC_ISSUER).port || 80) : undefined;
  const port = Number(env.OIDC_PROVIDER_PORT ?? issuerPort ?? 8110);
  const mailer = createSmtpCodeMailer(
    env.SMTP_URL ?? 'smtp://127.0.0.1:1025',
    env.MAIL_FROM ?? 'Local OpenID provider <no-reply@oidc.local>',
  );
  try {
    const started = await startOidcProvider({
      mailer,
      port,
      host: env.OIDC_PROVIDER_HOST ?? '127.0.0.1',
      issuer: env.OIDC_ISSUER,
      clients: [
        {
          clientId: env.OIDC_CLIENT_ID ?? 'nashr-local',
          clientSecret: env.OIDC_CLIENT_SECRET ?? 'nashr-local-secret',
          redirectUris: (env.OIDC_REDIRECT_URIS ?? `${publicUrl}/api/v1/auth/google/callback`)
            .split(',')
            .map((u) => u.trim())
            .filter(Boolean),
        },
      ],
    });
    console.log(`OpenID provider (development) at ${started.issuer}`);
    const stop = () =>
      void started.close().then(() => {
        mailer.close();
        process.exit(0);
      });
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (error) {
    console.error(`OpenID provider could not start: ${(error as Error).message}`);
    process.exit(1);
  }
}
