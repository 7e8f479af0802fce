import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE } from '@nashr/contracts';

export interface SignedIn {
  email: string;
  /** `sid=<signed id>`, ready for a `cookie` header. */
  cookie: string;
}

interface CaughtMail {
  text: string | null;
  html: string | null;
}

const SIGN_IN_LINK = /https?:\/\/[^\s"'<>]+\/api\/v1\/auth\/magic-login\/verify\?token=[^\s"'<>]+/;

/**
 * Signs in the way a person does: asks for a magic link through the gateway, reads it from the
 * stack's mail catcher, spends it as the /verify page does, and keeps the session cookie. The
 * session is therefore a real one, for a real user row in the auth service. A new address unless
 * one is given (an address the stack's ADMIN_EMAILS names signs in as an admin).
 */
export async function signIn(
  gatewayUrl: string,
  inboxUrl: string,
  // Unique even for sign-ins in the same millisecond (the Lighthouse benchmark makes several).
  email = `bench-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@example.test`,
): Promise<SignedIn> {
  const ask = await fetch(`${gatewayUrl}/api/v1/auth/magic-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl },
    body: JSON.stringify({ destination: email, lang: 'en' }),
  });
  if (!ask.ok) throw new Error(`magic-login answered ${ask.status}: ${await ask.text()}`);

  let link: string | undefined;
  for (let attempt = 0; attempt < 100 && !link; attempt++) {
    const inbox = await fetch(`${inboxUrl}/api/messages?to=${encodeURIComponent(email)}`);
    const { messages } = (await inbox.json()) as { messages: CaughtMail[] };
    const found = SIGN_IN_LINK.exec(messages[0]?.text ?? messages[0]?.html ?? '');
    if (found) link = found[0].replace(/&amp;/g, '&');
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!link) throw new Error(`no sign-in mail reached ${email} within 20 s`);

  // The link leads to the /verify page with the token in the fragment; the page spends it with a POST.
  const opened = await fetch(link, { redirect: 'manual' });
  const location = opened.headers.get('location') ?? '';
  // The fragment also names the address the link signs in as ("Continue as …"): the token is one field of it.
  const token = location.startsWith('/verify#')
    ? new URLSearchParams(location.slice('/verify#'.length)).get('token')
    : null;
  if (!token) throw new Error(`the sign-in link led to ${location}`);
  const verify = await fetch(`${gatewayUrl}/api/v1/auth/magic-login/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl },
    body: JSON.stringify({ token }),
  });
  const cookie = verify.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`spending the sign-in link set no ${SESSION_COOKIE} cookie (${verify.status})`);
  return { email, cookie };
}
