import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/**
 * A local server speaking the hosted API's v1 wire format (../shared/design/network-provider.md),
 * for testing the unipile adapter: API key check, error types, 202 checkpoints and chains,
 * in-app validation by polling, profiles, paged posts, multipart publishing, and switches for
 * lost answers, delays and failures.
 */

type Step = '2FA' | 'OTP' | 'IN_APP_VALIDATION' | 'CAPTCHA';

interface FakeAccount {
  id: string;
  username: string;
  steps: Step[];
  captchaBlob: string;
  status: 'CONNECTING' | 'OK' | 'CREDENTIALS';
  inAppChecks: number;
  /** Set when the checkpoint timed out at the network. */
  checkpointExpired: boolean;
}

interface FakePost {
  id: string;
  text: string;
  date: Date;
}

export const FAKE_API_KEY = 'fake-unipile-key';
export const FAKE_CAPTCHA_KEY = 'ARKOSE-PUBLIC-KEY-1';
export const FAKE_CODE = '424242';

const SCENARIOS: Record<string, Step[]> = {
  '2fa@fake.test': ['2FA'],
  'otp@fake.test': ['OTP'],
  'inapp@fake.test': ['IN_APP_VALIDATION'],
  'chain@fake.test': ['CAPTCHA', '2FA'],
};

export interface FakeUnipile {
  url: string;
  app: FastifyInstance;
  accounts: Map<string, FakeAccount>;
  posts: Map<string, FakePost[]>;
  /** Every request received, as `METHOD /path`. */
  calls: string[];
  /** Bodies of `POST /posts` as received (multipart fields; the attached files when there are some). */
  published: {
    account_id: string | null;
    text: string | null;
    attachments?: { name: string; type: string; size: number }[];
  }[];
  /** Bodies of `POST /posts/{social_id}/comments` as received, with the post id from the path. */
  comments: { post_id: string; account_id: unknown; text: unknown }[];
  /** Connection-account bodies (to check what the adapter sends). */
  connectBodies: unknown[];
  options: {
    /** Create the post, then close the connection without answering. */
    loseNextPublishAnswers: number;
    /** Delay (ms) before answering any request whose path includes the key. */
    delays: Record<string, number>;
    /** Answer requests whose path includes the key with this status and error body. */
    failures: Record<string, { status: number; type?: string; times: number }>;
    /** In-app validation reports OK from this check on. */
    inAppOkAfter: number;
  };
  close: () => Promise<void>;
}

function error(reply: FastifyReply, status: number, type: string, detail: string) {
  return reply.status(status).send({ title: type.replace('errors/', '').replaceAll('_', ' '), detail, type, status });
}

function checkpointOf(account: FakeAccount) {
  const step = account.steps[0];
  if (step === 'CAPTCHA') return { type: 'CAPTCHA', public_key: FAKE_CAPTCHA_KEY, data: account.captchaBlob };
  if (step === '2FA') return { type: '2FA', source: 'APP' };
  return { type: step };
}

export async function startFakeUnipile(): Promise<FakeUnipile> {
  const app = Fastify({ logger: false });
  const accounts = new Map<string, FakeAccount>();
  const posts = new Map<string, FakePost[]>();
  const calls: string[] = [];
  const published: FakeUnipile['published'] = [];
  const connectBodies: unknown[] = [];
  const options: FakeUnipile['options'] = { loseNextPublishAnswers: 0, delays: {}, failures: {}, inAppOkAfter: 2 };

  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    calls.push(`${request.method} ${path}`);
    for (const [key, ms] of Object.entries(options.delays)) {
      if (path.includes(key)) await new Promise((resolve) => setTimeout(resolve, ms));
    }
    if (request.headers['x-api-key'] !== FAKE_API_KEY) {
      return error(reply, 401, 'errors/missing_credentials', 'The API key is missing or wrong');
    }
    for (const [key, failure] of Object.entries(options.failures)) {
      if (path.includes(key) && failure.times > 0) {
        failure.times -= 1;
        return error(reply, failure.status, failure.type ?? 'errors/unexpected_error', 'Injected failure');
      }
    }
  });

  const accountAnswer = (reply: FastifyReply, account: FakeAccount) => {
    if (account.steps.length === 0) {
      account.status = 'OK';
      return reply.status(201).send({ object: 'AccountCreated', account_id: account.id });
    }
    return reply.status(202).send({ object: 'Checkpoint', account_id: account.id, checkpoint: checkpointOf(account) });
  };

  const connect = (
    body: { provider?: string; username?: string; password?: string },
    reply: FastifyReply,
    id: string,
  ) => {
    connectBodies.push(body);
    if (body.provider !== 'LINKEDIN' || !body.username || !body.password) {
      return error(reply, 400, 'errors/invalid_parameters', 'provider, username and password are required');
    }
    if (body.password === 'wrong') return error(reply, 401, 'errors/invalid_credentials', 'Wrong username or password');
    const account: FakeAccount = {
      id,
      username: body.username,
      steps: [...(SCENARIOS[body.username] ?? [])],
      captchaBlob: randomUUID(),
      status: 'CONNECTING',
      inAppChecks: 0,
      checkpointExpired: false,
    };
    accounts.set(id, account);
    if (!posts.has(id)) {
      posts.set(
        id,
        Array.from({ length: 5 }, (_, i) => ({
          id: `70000000000000000${i}`,
          text: `Earlier post number ${i}`,
          date: new Date(Date.now() - (i + 1) * 86_400_000),
        })),
      );
    }
    return accountAnswer(reply, account);
  };

  app.post('/api/v1/accounts', async (request, reply) => connect(request.body as never, reply, `acc_${randomUUID()}`));

  app.post('/api/v1/accounts/checkpoint', async (request, reply) => {
    const body = request.body as { provider?: string; account_id?: string; code?: string };
    const account = accounts.get(body.account_id ?? '');
    if (!account || account.steps.length === 0) return error(reply, 400, 'errors/checkpoint_error', 'No checkpoint');
    if (account.checkpointExpired) return error(reply, 408, 'errors/request_timeout', 'The checkpoint expired');
    const step = account.steps[0];
    const expected = step === 'CAPTCHA' ? `arkose-token-for-${account.captchaBlob}` : FAKE_CODE;
    if (step === 'IN_APP_VALIDATION' || body.code !== expected) {
      return error(reply, 400, 'errors/invalid_checkpoint_solution', 'The code is wrong');
    }
    account.steps.shift();
    return accountAnswer(reply, account);
  });

  app.post('/api/v1/accounts/checkpoint/resend', async (request, reply) => {
    const body = request.body as { account_id?: string };
    if (!accounts.get(body.account_id ?? '')?.steps.length)
      return error(reply, 400, 'errors/checkpoint_error', 'No checkpoint');
    return reply.status(201).send({ object: 'CheckpointResent' });
  });

  app.post('/api/v1/accounts/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!accounts.has(id)) return error(reply, 404, 'errors/resource_not_found', 'No such account');
    return connect(request.body as never, reply, id);
  });

  app.get('/api/v1/accounts/:id', async (request, reply) => {
    const account = accounts.get((request.params as { id: string }).id);
    if (!account) return error(reply, 404, 'errors/resource_not_found', 'No such account');
    if (account.steps[0] === 'IN_APP_VALIDATION') {
      account.inAppChecks += 1;
      if (account.inAppChecks >= options.inAppOkAfter) {
        account.steps.shift();
        if (account.steps.length === 0) account.status = 'OK';
      }
    }
    return {
      object: 'Account',
      id: account.id,
      type: 'LINKEDIN',
      sources: [{ id: `${account.id}_MESSAGING`, status: account.status }],
    };
  });

  const connected = (accountId: unknown, reply: FastifyReply): FakeAccount | undefined => {
    const account = accounts.get(String(accountId ?? ''));
    if (!account) {
      error(reply, 404, 'errors/disconnected_account', 'The account is not connected');
      return undefined;
    }
    if (account.status === 'CREDENTIALS') {
      error(reply, 401, 'errors/expired_credentials', 'The session expired');
      return undefined;
    }
    return account;
  };

  const profile = (account: FakeAccount) => ({
    object: 'AccountOwnerProfile',
    provider: 'LINKEDIN',
    provider_id: `ACoAA${account.id.slice(4, 14)}`,
    public_identifier: 'mona-fake',
    first_name: 'Mona',
    last_name: 'Fakeh',
    headline: 'Head of Growth at Fake Corp',
    location: 'Muscat, Oman',
    email: account.username,
    premium: true,
    profile_picture_url: 'https://media.example.test/mona.jpg',
  });

  app.get('/api/v1/users/me', async (request, reply) => {
    const account = connected((request.query as { account_id?: string }).account_id, reply);
    if (!account) return reply;
    return profile(account);
  });

  app.get('/api/v1/users/:identifier', async (request, reply) => {
    const query = request.query as { account_id?: string; linkedin_sections?: string };
    const account = connected(query.account_id, reply);
    if (!account) return reply;
    return {
      ...profile(account),
      object: 'UserProfile',
      summary: 'Growth person.',
      background_picture_url: 'https://media.example.test/banner.jpg',
      websites: ['https://mona.example.test'],
      education: [
        { school: 'Sultan Qaboos University', degree: 'BSc', field_of_study: 'Marketing', start: '2012', end: '2016' },
      ],
      skills: [{ name: 'Growth', endorsement_count: 12 }, { name: 'SEO' }],
      follower_count: 5120,
      connections_count: 830,
      sections_asked: query.linkedin_sections,
    };
  });

  app.get('/api/v1/users/:identifier/posts', async (request, reply) => {
    const query = request.query as { account_id?: string; limit?: string; cursor?: string };
    const account = connected(query.account_id, reply);
    if (!account) return reply;
    const all = [...(posts.get(account.id) ?? [])].sort((a, b) => b.date.getTime() - a.date.getTime());
    const start = query.cursor ? Number(Buffer.from(query.cursor, 'base64url').toString()) : 0;
    const limit = Number(query.limit ?? 10);
    const page = all.slice(start, start + limit);
    const next = start + limit < all.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
    return {
      object: 'PostList',
      cursor: next,
      items: page.map((p) => ({
        object: 'Post',
        provider: 'LINKEDIN',
        id: p.id,
        social_id: `urn:li:activity:${p.id}`,
        share_url: `https://www.linkedin.com/posts/mona-fake_${p.id}`,
        text: p.text,
        date: '1d',
        parsed_datetime: p.date.toISOString(),
        reaction_counter: 7,
        comment_counter: 2,
        repost_counter: 1,
        impressions_counter: 300,
        author: { public_identifier: 'mona-fake', name: 'Mona Fakeh', is_company: false },
      })),
    };
  });

  app.post('/api/v1/posts', async (request, reply) => {
    const form = await new Response(Uint8Array.from(request.body as Buffer), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    const accountId = form.get('account_id');
    const text = form.get('text');
    const files = form
      .getAll('attachments')
      .filter((item) => typeof item !== 'string')
      .map((item) => item as unknown as { name: string; type: string; size: number });
    published.push({
      account_id: typeof accountId === 'string' ? accountId : null,
      text: typeof text === 'string' ? text : null,
      ...(files.length ? { attachments: files.map((f) => ({ name: f.name, type: f.type, size: f.size })) } : {}),
    });
    const account = connected(accountId, reply);
    if (!account) return reply;
    if (typeof text !== 'string' || text.length === 0)
      return error(reply, 400, 'errors/invalid_parameters', 'text is required');
    const id = `71${Date.now()}${Math.floor(Math.random() * 1000)}`;
    posts.get(account.id)?.push({ id, text, date: new Date() });
    if (options.loseNextPublishAnswers > 0) {
      options.loseNextPublishAnswers -= 1;
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    return reply.status(201).send({ object: 'PostCreated', post_id: id });
  });

  const comments: FakeUnipile['comments'] = [];
  app.post('/api/v1/posts/:postId/comments', async (request, reply) => {
    const { postId } = request.params as { postId: string };
    const body = (request.body ?? {}) as { account_id?: unknown; text?: unknown };
    comments.push({ post_id: postId, account_id: body.account_id, text: body.text });
    const account = connected(body.account_id, reply);
    if (!account) return reply;
    const activity = postId.replace(/^urn:li:activity:/, '');
    if (!(posts.get(account.id) ?? []).some((p) => p.id === activity)) {
      return error(reply, 404, 'errors/resource_not_found', 'Post not found');
    }
    if (typeof body.text !== 'string' || body.text.length === 0) {
      return error(reply, 400, 'errors/invalid_parameters', 'text is required');
    }
    if (body.text.length > 1250) return error(reply, 400, 'errors/invalid_parameters', 'text is too long');
    return reply.status(201).send({ object: 'CommentSent' });
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    accounts,
    posts,
    calls,
    published,
    comments,
    connectBodies,
    options,
    close: () => app.close(),
  };
}
