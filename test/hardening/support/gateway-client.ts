import { type EndpointSpec, urlOf } from '@nashr/contracts';
import type { CallInput } from '@nashr/platform/testing';
import type { Stack } from '@nashr/tools/in-process-stack';
import type { Answer } from './answers.js';

export interface Sent extends Answer {
  /** The parsed body; tests check its shape with assertions rather than types. */
  // biome-ignore lint/suspicious/noExplicitAny: an answer's shape is what the assertions check
  json: () => any;
  headers: Headers;
  ms: number;
}

/** One request to the gateway over real HTTP, as a browser sends it (cookie, JSON body). */
export async function send(
  stack: Stack,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Sent> {
  const started = Date.now();
  const res = await fetch(`${stack.gatewayUrl}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const body = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? undefined,
    body,
    headers: res.headers,
    ms: Date.now() - started,
    json: () => JSON.parse(body),
  };
}

/**
 * One request to `endpoint` of the catalogue through the gateway, as `send` makes it: its method
 * and path come from the catalogue (`sendEndpoint(stack, API.posts.schedule, { cookie, body })`).
 */
export function sendEndpoint<E extends EndpointSpec>(
  stack: Stack,
  endpoint: E,
  input: CallInput<E> & { cookie?: string; timeoutMs?: number },
): Promise<Sent> {
  const { params, query, ...options } = input as CallInput<EndpointSpec> & { cookie?: string; timeoutMs?: number };
  return send(stack, endpoint.method, urlOf(endpoint, params, query), options);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const LINK = /https?:\/\/\S+\/api\/v1\/auth\/magic-login\/verify\?token=[A-Za-z0-9_%-]+/;

/**
 * Asks for a sign-in link through the gateway, receives it by SMTP (the auth worker and the mail
 * catcher run in the stack) and opens it through the gateway, which leads to the `/verify` page
 * without spending it. Returns the token that page would spend.
 */
export async function signInToken(stack: Stack, email: string): Promise<string> {
  const mail = stack.mail;
  if (!mail) throw new Error('signing in needs the auth worker: start the stack with workers: ["auth"]');
  const before = mail.messages().filter((m) => m.envelope.to.includes(email)).length;
  const asked = await send(stack, 'POST', '/api/v1/auth/magic-login', { body: { destination: email, lang: 'en' } });
  if (asked.status !== 200) throw new Error(`asking for a sign-in link answered ${asked.status}: ${asked.body}`);
  let text: string | null = null;
  for (const deadline = Date.now() + 15_000; text === null; await sleep(50)) {
    const mine = mail.messages().filter((m) => m.envelope.to.includes(email));
    text = mine.length > before ? (mine[0]?.text ?? '') : null;
    if (text === null && Date.now() > deadline) throw new Error(`no mail to ${email} arrived within 15 s`);
  }
  const link = LINK.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no sign-in link in the mail to ${email}`);
  const url = new URL(link);
  const landed = await send(stack, 'GET', `${url.pathname}${url.search}`);
  const location = landed.headers.get('location') ?? '';
  const token = location.startsWith('/verify#')
    ? new URLSearchParams(location.slice('/verify#'.length)).get('token')
    : null;
  if (!token) throw new Error(`the sign-in link for ${email} led to ${location}`);
  return token;
}

/**
 * Signs `email` in the way a person does: a link by mail (signInToken), whose token is spent the
 * way the `/verify` page does (a POST). Returns the `sid` cookie to send back.
 */
export async function signInByMail(stack: Stack, email: string): Promise<string> {
  const token = await signInToken(stack, email);
  const opened = await send(stack, 'POST', '/api/v1/auth/magic-login/verify', { body: { token } });
  if (opened.status !== 200) throw new Error(`spending the sign-in link for ${email} answered ${opened.status}`);
  const sid = opened.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('sid=') && c.length > 4);
  if (!sid) throw new Error(`no session cookie after following the link for ${email}`);
  return sid;
}

/** Connects a network account for the signed-in `cookie` through the gateway (the sandbox accepts it at once). */
export async function connectAccount(stack: Stack, cookie: string, username: string, password: string): Promise<void> {
  const connected = await send(stack, 'POST', '/api/v1/linkedin/accounts', { cookie, body: { username, password } });
  if (connected.status !== 200) {
    throw new Error(`connecting ${username} answered ${connected.status}: ${connected.body}`);
  }
}
