/**
 * The visitors the app screens need, made through the product's own API after a real magic-link
 * sign-in: a full user (dashboard, posts, composer, profile, settings and the other signed-in
 * screens), an account that has not connected its network account (/connect-linkedIn), one that
 * has connected but not personalized (/personalize), and an admin (/admin/dashboard, the address
 * the stack's ADMIN_EMAILS must name). Each onboarding screen sends anyone further along away.
 */
import { signIn } from '../gateway/sign-in';

/** The admin's address: the Lighthouse stack gives it to the auth service as ADMIN_EMAILS. */
export const BENCH_ADMIN_EMAIL = 'bench-admin@example.test';

export interface Visitors {
  full: string;
  unconnected: string;
  connected: string;
  admin: string;
  /** One of the full user's published posts with analytics (for /posts/analytics/…), if any yet. */
  analyticsPostId: string | undefined;
}

async function call(gatewayUrl: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: {
      cookie,
      origin: gatewayUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as { data?: { user?: { linkedinConnected?: boolean } }; topPosts?: { id: string }[] };
}

export async function connect(gatewayUrl: string, cookie: string, email: string): Promise<void> {
  await call(gatewayUrl, cookie, 'POST', '/api/v1/linkedin/accounts', { username: email, password: 'sandbox' });
  // The linkedin service tells auth by an event: wait until the session says so.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const me = await call(gatewayUrl, cookie, 'GET', '/api/v1/auth/me');
    if (me.data?.user?.linkedinConnected) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the connected account never reached the auth service within 30 s');
}

export async function makeVisitors(gatewayUrl: string, inboxUrl: string): Promise<Visitors> {
  const full = await signIn(gatewayUrl, inboxUrl);
  await connect(gatewayUrl, full.cookie, full.email);
  await call(gatewayUrl, full.cookie, 'PUT', '/api/v1/personalization', {
    jobTitle: 'Founder',
    language: 'English',
    accent: '',
    goals: ['Grow Network'],
    interests: ['Leadership'],
    tones: ['Professional'],
    styles: ['Simple Language'],
  });
  const unconnected = await signIn(gatewayUrl, inboxUrl);
  const connected = await signIn(gatewayUrl, inboxUrl);
  await connect(gatewayUrl, connected.cookie, connected.email);
  const admin = await signIn(gatewayUrl, inboxUrl, BENCH_ADMIN_EMAIL);
  const summary = await call(gatewayUrl, full.cookie, 'GET', '/api/v1/analytics/summary?days=365');
  return {
    full: full.cookie,
    unconnected: unconnected.cookie,
    connected: connected.cookie,
    admin: admin.cookie,
    analyticsPostId: summary.topPosts?.[0]?.id,
  };
}
