/**
 * Users in the states the screens expect, made through the product's own interfaces: an account
 * signed in (the auth service's user store and a session), a network account connected through
 * the sandbox, personalization saved.
 *
 *   const user = await fullUser(stack, 'sara');           // may use every screen
 *   const admin = await signedInUser(stack, 'root', ['user', 'admin']);  // stops at /connect-linkedIn
 */
import { randomUUID } from 'node:crypto';
import { schema as authSchema, UserStore } from '@nashr/auth';
import { type EndpointSpec, type Role, urlOf } from '@nashr/contracts';
import { createDatabase } from '@nashr/platform';
import type { CallArgs, CallInput } from '@nashr/platform/testing';
import type { Stack } from '@nashr/tools/process-stack';
import { createSession, type TestSession } from './session';

export interface StackUser {
  userId: string;
  email: string;
  session: TestSession;
}

/** Calls the API through the gateway as the user, the way the web app does (`headers` are sent besides the session's). */
export async function callAs(
  stack: Stack,
  user: StackUser,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: {
      cookie: user.session.cookieHeader,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field.
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

/**
 * Calls `endpoint` of the catalogue through the gateway as the user: its method and path come from
 * the catalogue (`callEndpointAs(stack, user, API.posts.schedule, { body })`), so a test never
 * spells a path. Answers as `callAs` does.
 */
export function callEndpointAs<E extends EndpointSpec>(
  stack: Stack,
  user: StackUser,
  endpoint: E,
  ...[input]: CallArgs<E>
) {
  const { params, query, body, headers } = (input ?? {}) as CallInput<EndpointSpec>;
  return callAs(stack, user, endpoint.method, urlOf(endpoint, params, query), body, headers);
}

/** An account with an e-mail and a session, nothing more. `email` defaults to a fresh example.test address. */
export async function signedInUser(
  stack: Stack,
  name: string,
  roles: Role[] = ['user'],
  email = `${name}-${randomUUID().slice(0, 8)}@example.test`,
): Promise<StackUser> {
  const database = createDatabase({ url: stack.databaseUrl, schema: authSchema, applicationName: 'e2e-users' });
  let userId: string;
  try {
    userId = (await new UserStore(database.db, null).signIn(email, roles)).id;
  } finally {
    await database.close();
  }
  return { userId, email, session: await createSession(stack, { userId, email, roles }) };
}

/**
 * Saves a personalization for `user`, so every screen is open to them. `jobTitle` is how the
 * writer introduces themselves in drafts.
 */
export async function personalize(
  stack: Stack,
  user: StackUser,
  language: 'English' | 'Arabic' = 'English',
  jobTitle = 'Founder',
): Promise<void> {
  const personalized = await callAs(stack, user, 'PUT', '/api/v1/personalization', {
    jobTitle,
    language,
    accent: '',
    goals: ['Grow Network'],
    interests: ['Leadership'],
    tones: ['Professional'],
    styles: ['Simple Language'],
  });
  if (personalized.status !== 200) throw new Error(`personalization failed: ${JSON.stringify(personalized.body)}`);
}

/**
 * A full user (spec section 2): needs the auth, linkedin and posts services with the auth and linkedin workers.
 * `language` is the personalization's writing language.
 */
export async function fullUser(
  stack: Stack,
  name: string,
  email?: string,
  language: 'English' | 'Arabic' = 'English',
): Promise<StackUser> {
  const user = await signedInUser(stack, name, ['user'], email);
  const connected = await callAs(stack, user, 'POST', '/api/v1/linkedin/accounts', {
    username: user.email,
    password: 'sandbox',
  });
  if (connected.status >= 300) throw new Error(`connecting failed: ${JSON.stringify(connected.body)}`);
  await personalize(stack, user, language);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const me = await callAs(stack, user, 'GET', '/api/v1/auth/me');
    if (me.body?.data?.user?.linkedinConnected) {
      // The spec's calls carry the user's id (saveSchedulePost's userId, getScheduledPosts/{id}).
      if (me.body.data.user.id !== user.userId) {
        throw new Error('GET /api/v1/auth/me does not answer data.user.id: the web app cannot know the user id');
      }
      return user;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the connected account never reached auth\n${stack.output('auth-worker')}`);
}

/** Uploads a file as the user, as the composer does; `title` names a document. Returns the media id. */
export async function uploadMedia(
  stack: Stack,
  user: StackUser,
  body: Buffer,
  contentType: string,
  title?: string,
): Promise<string> {
  const query = title === undefined ? '' : `?title=${encodeURIComponent(title)}`;
  const answer = await fetch(`${stack.url}/api/v1/media${query}`, {
    method: 'POST',
    headers: { cookie: user.session.cookieHeader, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  if (answer.status !== 201) throw new Error(`upload failed (${answer.status}): ${await answer.text()}`);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

/** The user's posts on the sandbox network whose text holds `marker`. */
export async function sandboxPostsWith(stack: Stack, user: StackUser, marker: string) {
  const posts = await callAs(stack, user, 'POST', '/linkedln/getPosts', {});
  return (posts.body.data?.items ?? []).filter((p: { text: string }) => p.text.includes(marker));
}
