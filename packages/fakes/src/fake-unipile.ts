import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/**
 * A local server speaking the hosted API's v1 wire format (../shared/design/network-provider.md),
 * for testing the unipile adapters of the linkedin and engage services: API key check, error
 * types, 202 checkpoints and chains, in-app validation by polling, profiles, paged posts,
 * multipart publishing; for Engage, other members (`addMember`) with their posts, search for
 * people and posts, one post, comments and their list, and a per-account rate limit (429 with
 * Retry-After); and switches for lost answers, delays and failures.
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

/** Another member of the network, whose posts Engage reads. */
export interface FakeMember {
  provider_id: string;
  public_identifier: string;
  first_name: string;
  last_name: string;
  headline: string;
  /** Their profile cannot be seen by others. */
  private?: boolean;
}

export interface FakeMemberPost {
  id: string;
  author: string;
  text: string;
  date: Date;
  reactions?: number;
  /** Only the author's connections can see it (403 to anyone else). */
  private?: boolean;
  deleted?: boolean;
}

export interface FakeComment {
  id: string;
  post_id: string;
  account_id: string;
  /** The commenting account's member id. */
  author_id: string;
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
  /** Other members, by provider id; their posts by activity id; the comments stored on posts. */
  members: Map<string, FakeMember>;
  memberPosts: Map<string, FakeMemberPost>;
  storedComments: FakeComment[];
  /** Adds a member with posts (newest first as given or not): Engage follows and reads them. */
  addMember: (member: FakeMember, posts?: Omit<FakeMemberPost, 'author'>[]) => void;
  /** The member id of an account (its own profile's provider_id). */
  memberIdOf: (accountId: string) => string;
  /** Per account: when each call arrived (ms), and how many were answered 429 for the rate. */
  accountCalls: Map<string, number[]>;
  rateLimited: number;
  /** Connection-account bodies (to check what the adapter sends). */
  connectBodies: unknown[];
  options: {
    /** Create the post, then close the connection without answering. */
    loseNextPublishAnswers: number;
    /** Delay (ms) before answering any request whose path includes the key. */
    delays: Record<string, number>;
    /** Answer requests whose path includes the key with this status and error body. */
    failures: Record<string, { status: number; type?: string; times: number; retryAfterSeconds?: number }>;
    /** In-app validation reports OK from this check on. */
    inAppOkAfter: number;
    /** Store the comment, then close the connection without answering. */
    loseNextCommentAnswers: number;
    /** Each account's limit, as the network enforces it: more calls within the window get 429. */
    rateLimit: { calls: number; windowMs: number; retryAfterSeconds: number } | null;
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
  const options: FakeUnipile['options'] = {
    loseNextPublishAnswers: 0,
    delays: {},
    failures: {},
    inAppOkAfter: 2,
    loseNextCommentAnswers: 0,
    rateLimit: null,
  };
  const members = new Map<string, FakeMember>();
  const memberPosts = new Map<string, FakeMemberPost>();
  const storedComments: FakeComment[] = [];
  const accountCalls = new Map<string, number[]>();
  let rateLimited = 0;
  const memberIdOf = (accountId: string) => `ACoAA${accountId.slice(4, 14)}`;
  const memberBy = (identifier: string) =>
    members.get(identifier) ?? [...members.values()].find((m) => m.public_identifier === identifier.toLowerCase());

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
        if (failure.retryAfterSeconds !== undefined) reply.header('retry-after', String(failure.retryAfterSeconds));
        return error(reply, failure.status, failure.type ?? 'errors/unexpected_error', 'Injected failure');
      }
    }
    // The account a call is made as, from its query (calls naming it only in a body are not counted).
    const query = request.query as { account_id?: string };
    const account = query.account_id;
    if (account) {
      const now = Date.now();
      const calls = accountCalls.get(account) ?? [];
      const limit = options.rateLimit;
      if (limit && calls.filter((at) => at > now - limit.windowMs).length >= limit.calls) {
        rateLimited += 1;
        reply.header('retry-after', String(limit.retryAfterSeconds));
        return error(reply, 429, 'errors/too_many_requests', 'Too many requests for this account');
      }
      calls.push(now);
      accountCalls.set(account, calls);
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
    provider_id: memberIdOf(account.id),
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

  const memberProfile = (member: FakeMember) => ({
    object: 'UserProfile',
    provider: 'LINKEDIN',
    provider_id: member.provider_id,
    public_identifier: member.public_identifier,
    first_name: member.first_name,
    last_name: member.last_name,
    headline: member.headline,
  });

  app.get('/api/v1/users/:identifier', async (request, reply) => {
    const query = request.query as { account_id?: string; linkedin_sections?: string };
    const account = connected(query.account_id, reply);
    if (!account) return reply;
    const { identifier } = request.params as { identifier: string };
    const member = memberBy(identifier);
    if (member) {
      if (member.private) return error(reply, 403, 'errors/insufficient_privileges', 'This profile is private');
      return memberProfile(member);
    }
    if (identifier !== memberIdOf(account.id) && identifier !== 'mona-fake') {
      return error(reply, 404, 'errors/resource_not_found', 'No such member');
    }
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

  const memberPostWire = (post: FakeMemberPost) => {
    const author = members.get(post.author);
    return {
      object: 'Post',
      provider: 'LINKEDIN',
      id: post.id,
      social_id: `urn:li:activity:${post.id}`,
      share_url: `https://www.linkedin.com/posts/${author?.public_identifier ?? 'someone'}_post-activity-${post.id}-AbCd`,
      text: post.text,
      date: '1d',
      parsed_datetime: post.date.toISOString(),
      reaction_counter: post.reactions ?? 12,
      comment_counter: storedComments.filter((c) => c.post_id === post.id).length,
      repost_counter: 1,
      author: {
        id: author?.provider_id,
        public_identifier: author?.public_identifier ?? null,
        name: author ? `${author.first_name} ${author.last_name}` : 'Someone',
        headline: author?.headline ?? null,
        is_company: false,
      },
    };
  };

  app.get('/api/v1/users/:identifier/posts', async (request, reply) => {
    const query = request.query as { account_id?: string; limit?: string; cursor?: string };
    const account = connected(query.account_id, reply);
    if (!account) return reply;
    const member = memberBy((request.params as { identifier: string }).identifier);
    if (member) {
      const theirs = [...memberPosts.values()]
        .filter((p) => p.author === member.provider_id && !p.deleted && !p.private)
        .sort((a, b) => b.date.getTime() - a.date.getTime())
        .slice(0, Number(query.limit ?? 10));
      return { object: 'PostList', cursor: null, items: theirs.map(memberPostWire) };
    }
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
    const theirs = memberPosts.get(activity);
    if (theirs?.private) return error(reply, 403, 'errors/insufficient_privileges', 'You cannot see this post');
    if (!(posts.get(account.id) ?? []).some((p) => p.id === activity) && (!theirs || theirs.deleted)) {
      return error(reply, 404, 'errors/resource_not_found', 'Post not found');
    }
    if (typeof body.text !== 'string' || body.text.length === 0) {
      return error(reply, 400, 'errors/invalid_parameters', 'text is required');
    }
    if (body.text.length > 1250) return error(reply, 400, 'errors/invalid_parameters', 'text is too long');
    storedComments.push({
      id: `7${Date.now()}${storedComments.length}`,
      post_id: activity,
      account_id: account.id,
      author_id: memberIdOf(account.id),
      text: body.text,
      date: new Date(),
    });
    if (options.loseNextCommentAnswers > 0) {
      options.loseNextCommentAnswers -= 1;
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    return reply.status(201).send({ object: 'CommentSent' });
  });

  app.get('/api/v1/posts/:postId/comments', async (request, reply) => {
    const query = request.query as { account_id?: string; limit?: string; cursor?: string };
    const account = connected(query.account_id, reply);
    if (!account) return reply;
    const activity = (request.params as { postId: string }).postId.replace(/^urn:li:activity:/, '');
    const post = memberPosts.get(activity);
    if (!post || post.deleted) return error(reply, 404, 'errors/resource_not_found', 'Post not found');
    const all = storedComments
      .filter((c) => c.post_id === activity)
      .sort((a, b) => b.date.getTime() - a.date.getTime());
    const start = query.cursor ? Number(Buffer.from(query.cursor, 'base64url').toString()) : 0;
    const limit = Number(query.limit ?? 10);
    const next = start + limit < all.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
    return {
      object: 'CommentList',
      cursor: next,
      items: all.slice(start, start + limit).map((c) => ({
        object: 'Comment',
        id: c.id,
        post_id: `urn:li:activity:${c.post_id}`,
        date: c.date.toISOString(),
        author: 'Mona Fakeh',
        author_details: { id: c.author_id, headline: 'Head of Growth at Fake Corp' },
        text: c.text,
        reaction_counter: 0,
        reply_counter: 0,
      })),
    };
  });

  app.get('/api/v1/posts/:postId', async (request, reply) => {
    const account = connected((request.query as { account_id?: string }).account_id, reply);
    if (!account) return reply;
    const activity = (request.params as { postId: string }).postId.replace(/^urn:li:(?:activity|share|ugcPost):/, '');
    const post = memberPosts.get(activity);
    if (!post || post.deleted) return error(reply, 404, 'errors/resource_not_found', 'Post not found');
    if (post.private) return error(reply, 403, 'errors/insufficient_privileges', 'You cannot see this post');
    return memberPostWire(post);
  });

  app.post('/api/v1/linkedin/search', async (request, reply) => {
    const query = request.query as { account_id?: string; limit?: string };
    const account = connected(query.account_id, reply);
    if (!account) return reply;
    const body = (request.body ?? {}) as { api?: string; category?: string; keywords?: string };
    const words = (body.keywords ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const limit = Number(query.limit ?? 10);
    if (body.category === 'people') {
      const found = [...members.values()].filter((m) => {
        const hay = `${m.first_name} ${m.last_name} ${m.headline} ${m.public_identifier}`.toLowerCase();
        return words.every((w) => hay.includes(w));
      });
      return {
        object: 'LinkedinSearch',
        cursor: null,
        items: found.slice(0, limit).map((m) => ({
          object: 'SearchResult',
          type: 'PEOPLE',
          id: m.provider_id,
          public_identifier: m.public_identifier,
          name: `${m.first_name} ${m.last_name}`,
          headline: m.headline,
          profile_url: `https://www.linkedin.com/in/${m.public_identifier}`,
        })),
      };
    }
    if (body.category === 'posts') {
      const found = [...memberPosts.values()]
        .filter((p) => !p.deleted && !p.private && words.every((w) => p.text.toLowerCase().includes(w)))
        .sort((a, b) => b.date.getTime() - a.date.getTime());
      return {
        object: 'LinkedinSearch',
        cursor: null,
        items: found.slice(0, limit).map((p) => ({ ...memberPostWire(p), type: 'POST' })),
      };
    }
    return error(reply, 400, 'errors/invalid_parameters', 'category must be people or posts');
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
    members,
    memberPosts,
    storedComments,
    addMember: (member, theirPosts = []) => {
      members.set(member.provider_id, member);
      for (const post of theirPosts) memberPosts.set(post.id, { ...post, author: member.provider_id });
    },
    memberIdOf,
    accountCalls,
    get rateLimited() {
      return rateLimited;
    },
    connectBodies,
    options,
    close: () => app.close(),
  };
}
