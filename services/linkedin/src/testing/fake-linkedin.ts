import { createHash, randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  METRIC_TYPE_KEY,
  ORGANIZATION_PREFIX,
  POST_ANALYTICS_METRICS,
  POST_ANALYTICS_SCOPE,
  type PostAnalyticsMetric,
  parseRestli,
  type RestliValue,
} from '../providers/linkedin/linkedin-requests.js';
import { renderLittleText } from '../providers/linkedin/little-text.js';

/**
 * A local server speaking the professional network's official wire format: OAuth 2.0
 * authorization code with PKCE (`/oauth/v2/authorization`, `/oauth/v2/accessToken`), OpenID
 * userinfo (`/v2/userinfo`), and the versioned REST API (`/rest/posts`, `/rest/images`, `/rest/documents`,
 * `/rest/socialActions/{urn}/comments`, to comment and to list comments, and `/rest/memberCreatorPostAnalytics`
 * as the "Member Post Analytics API" describes it, and the company pages' `/rest/organizationAcls` and
 * `/rest/organizations`, a page posting as its author, and a page's share and follower statistics
 * and follower count) with its error answers (401, 403, 422, 426, 429). It
 * keeps what it received, and shows post text as the network would: little text unescaped and
 * cut at the first unescaped reserved character.
 */

export const FAKE_LINKEDIN_CLIENT_ID = 'fake-linkedin-client';
export const FAKE_LINKEDIN_CLIENT_SECRET = 'fake-linkedin-secret';
/** Versions the fake accepts; anything older is answered 426 as retired. */
export const FAKE_LINKEDIN_OLDEST_VERSION = '202501';

export interface FakeMember {
  sub: string;
  name: string;
  givenName: string;
  familyName: string;
  email: string;
  picture: string;
}

interface AuthorizationCode {
  member: FakeMember;
  redirectUri: string;
  challenge: string;
  scope: string;
  expiresAt: number;
}

interface Token {
  member: FakeMember;
  expiresAt: number;
  scope: string;
}

/** A company page of the local network, and who holds which role on it. */
export interface FakeOrganization {
  id: string;
  name: string;
  vanityName: string;
  /** Member `sub` → role (`ADMINISTRATOR`, `CONTENT_ADMINISTRATOR`, `ANALYST`…), all approved. */
  roles: Map<string, string>;
  /** Followers before any day the statistics name (the follower count adds each day's gains to it). */
  baseFollowers: number;
  /**
   * The page's figures on days a test names (`YYYY-MM-DD`), answered by the statistics beside the
   * days of the posts published as the page.
   */
  history: Map<string, Partial<FakePageFigures>>;
}

/** A company page's figures on one day, as "Organization Share/Follower Statistics" give them. */
export interface FakePageFigures {
  impressionCount: number;
  clickCount: number;
  likeCount: number;
  commentCount: number;
  shareCount: number;
  organicFollowerGain: number;
}

/** The roles that may post as a page ("Organization Access Control by Role"). */
const POSTING_ROLES = new Set(['ADMINISTRATOR', 'CONTENT_ADMINISTRATOR']);

export interface FakeLinkedinPost {
  id: string;
  author: string;
  /** The commentary exactly as received (little text). */
  commentary: string;
  /** What the network shows for it. */
  shown: string;
  body: Record<string, unknown>;
  createdAt: number;
}

/** A document (a PDF) uploaded through `/rest/documents`; its title is the one the post gave it. */
export interface FakeLinkedinDocument {
  urn: string;
  owner: string;
  uploaded: { contentType: string; bytes: number; data: Buffer } | null;
  title: string | null;
}

export interface FakeLinkedinImage {
  urn: string;
  owner: string;
  uploaded: { contentType: string; bytes: number } | null;
}

export interface FakeLinkedinComment {
  id: string;
  /** `urn:li:comment:({post},{id})`. */
  urn: string;
  object: string;
  actor: string;
  text: string;
  shown: string;
  createdAt: number;
}

/** A post's figures as the "Member Post Analytics API" gives them, by metric. */
export type FakePostFigures = Record<PostAnalyticsMetric, number>;

/** The longest comment the fake takes (the network's limit), in characters. */
export const FAKE_LINKEDIN_COMMENT_LIMIT = 1250;

export interface FakeLinkedin {
  url: string;
  app: FastifyInstance;
  /** The member the authorization page signs in as (change it to connect someone else). */
  member: FakeMember;
  posts: FakeLinkedinPost[];
  images: Map<string, FakeLinkedinImage>;
  documents: Map<string, FakeLinkedinDocument>;
  comments: FakeLinkedinComment[];
  /** Every request, as `METHOD /path`, with the headers that matter to the REST API. */
  calls: { call: string; version?: string; restli?: string; authorization?: boolean }[];
  /** Bodies of token requests, with secrets replaced by whether they were right. */
  tokenRequests: Record<string, string>[];
  options: {
    /** The next authorizations are refused as if the member pressed "Cancel". */
    denyNext: number;
    /** Scopes the members leave out at consent: their tokens lack them, whatever the app asked. */
    declineScopes: string[];
    /** Whether token answers carry a refresh token (only some apps are granted them). */
    issueRefreshTokens: boolean;
    /** Seconds an access token lives (the network's is 60 days). */
    accessTokenSeconds: number;
    /** Store the post, then close the connection without answering. */
    loseNextPostAnswers: number;
    /** Store the comment, then close the connection without answering. */
    loseNextCommentAnswers: number;
    /**
     * Take any post URN as another member's live post (the local network server for `npm start`,
     * where pasted addresses name posts it never saw); otherwise only its own and `addPost`'s posts.
     */
    anyPostExists: boolean;
    /**
     * Ask, on the authorization page, which member signs in: the usual one, another, or a new one
     * (the local network server for `npm start`, so a reconnection with another login, and other
     * Nashr users, can be tried by hand: a member is connected in one Nashr account at a time);
     * otherwise `member` signs in at once.
     */
    chooseMember: boolean;
    /** Answer requests whose path includes the key with this status, `times` times. */
    failures: Record<string, { status: number; times: number; retryAfterSeconds?: number; message?: string }>;
  };
  /**
   * Figures a post's analytics answer, set by a test; a post without any answers figures derived
   * from its id (the same every time), so a local run shows the server's numbers, not invented ones.
   */
  postFigures: Map<string, Partial<FakePostFigures>>;
  /**
   * The member's figures on days before they connected (`YYYY-MM-DD` → figures), answered by
   * `q=me` beside the days of the posts this server received.
   */
  memberHistory: Map<string, Partial<FakePostFigures>>;
  /** What a post's analytics answer now (the set figures, else the derived ones). */
  figuresOf: (urn: string) => FakePostFigures;
  /** Another member's post, which members may comment on. */
  addPost: (urn: string) => void;
  /** The company pages, by number. */
  organizations: Map<string, FakeOrganization>;
  /** A new company page on which each given member holds the given role; returns its URN. */
  addOrganization: (name: string, roles: Record<string, string>) => string;
  /** Deletes a post: commenting on it or listing its comments answers 404. */
  deletePost: (urn: string) => void;
  /** Revokes every access token of the member (as the member removing the app would). */
  revoke: (sub: string) => void;
  /** Makes every access token of the member expired. */
  expire: (sub: string) => void;
  close: () => Promise<void>;
}

const REST_ERRORS: Record<number, { code: string; message: string }> = {
  401: { code: 'REVOKED_ACCESS_TOKEN', message: 'The token used in the request has been revoked by the user' },
  403: { code: 'ACCESS_DENIED', message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE' },
  422: { code: 'UNPROCESSABLE_ENTITY', message: 'ERROR :: /commentary :: is too long' },
  426: { code: 'NONEXISTENT_VERSION', message: 'Requested version is not active' },
  429: {
    code: 'TOO_MANY_REQUESTS',
    message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
  },
  500: { code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' },
};

function restError(reply: FastifyReply, status: number, message?: string) {
  const known = REST_ERRORS[status] ?? { code: 'ERROR', message: 'Error' };
  return reply.status(status).send({ status, code: known.code, message: message ?? known.message });
}

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.status(status).send({ error, error_description: description });
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function fakeMember(sub = `fk${randomBytes(5).toString('hex')}`): FakeMember {
  return {
    sub,
    name: 'منى الفقيه',
    givenName: 'منى',
    familyName: 'الفقيه',
    email: `${sub}@fake-linkedin.test`,
    picture: 'https://media.fake-linkedin.test/mona.jpg',
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The local network's sign-in page when it asks which member signs in (`chooseMember`). */
function chooserPage(usual: FakeMember, other: FakeMember, choice: (member: string) => string): string {
  const button = (member: FakeMember, value: string) =>
    `<a href="${escapeHtml(choice(value))}" data-member="${value}">${escapeHtml(member.name)} <small>${escapeHtml(member.email)}</small></a>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Local LinkedIn: sign in</title>
<style>body{font:16px system-ui;max-width:28rem;margin:3rem auto;padding:0 1rem}a{display:block;margin:.75rem 0;padding:.75rem 1rem;border:1px solid #0a66c2;border-radius:.5rem;color:#0a66c2;text-decoration:none}small{display:block;color:#555}</style>
</head><body><h1>Local LinkedIn</h1><p>This stands in for LinkedIn on this machine. Sign in as:</p>
${button(usual, 'usual')}${button(other, 'other')}
<a href="${escapeHtml(choice('new'))}" data-member="new">A new member <small>someone not seen before</small></a></body></html>`;
}

/**
 * A request's query parameters as sent, not decoded: Rest.li values are read from the raw query,
 * since a parser that decodes first would lose their escaping.
 */
function rawQuery(url: string): Map<string, string> {
  const raw = new Map<string, string>();
  for (const part of (url.split('?')[1] ?? '').split('&')) {
    const eq = part.indexOf('=');
    if (eq > 0) raw.set(part.slice(0, eq), part.slice(eq + 1));
  }
  return raw;
}

export async function startFakeLinkedin(
  options: { port?: number; host?: string; redirectUris?: string[] } = {},
): Promise<FakeLinkedin> {
  const app = Fastify({ logger: false, bodyLimit: 20 * 1024 * 1024 });
  const codes = new Map<string, AuthorizationCode>();
  const accessTokens = new Map<string, Token>();
  const refreshTokens = new Map<string, { member: FakeMember; scope: string }>();
  const posts: FakeLinkedinPost[] = [];
  const images = new Map<string, FakeLinkedinImage>();
  const documents = new Map<string, FakeLinkedinDocument>();
  const comments: FakeLinkedinComment[] = [];
  const calls: FakeLinkedin['calls'] = [];
  const tokenRequests: FakeLinkedin['tokenRequests'] = [];
  const settings: FakeLinkedin['options'] = {
    denyNext: 0,
    declineScopes: [],
    issueRefreshTokens: true,
    accessTokenSeconds: 5_184_000,
    loseNextPostAnswers: 0,
    loseNextCommentAnswers: 0,
    anyPostExists: false,
    chooseMember: false,
    failures: {},
  };
  /** A member never seen before, for another Nashr user on the same machine (`chooseMember`). */
  const newMember = (): FakeMember => ({ ...fakeMember(), name: 'ليلى حداد', givenName: 'ليلى', familyName: 'حداد' });
  /** The other member the authorization page offers when it asks (`chooseMember`). */
  const otherMember: FakeMember = {
    ...fakeMember(),
    name: 'سارة العتيبي',
    givenName: 'سارة',
    familyName: 'العتيبي',
  };
  const othersPosts = new Set<string>();
  const deletedPosts = new Set<string>();
  const postExists = (urn: string) =>
    !deletedPosts.has(urn) &&
    (posts.some((p) => p.id === urn) ||
      othersPosts.has(urn) ||
      (settings.anyPostExists && /^urn:li:(activity|share|ugcPost):\d+$/.test(urn)));
  let base = '';
  let counter = 7_100_000_000_000_000_000n;
  const nextId = () => {
    counter += 1n;
    return counter.toString();
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_r, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    calls.push({
      call: `${request.method} ${path}`,
      version: request.headers['linkedin-version'] as string | undefined,
      restli: request.headers['x-restli-protocol-version'] as string | undefined,
      authorization: Boolean(request.headers.authorization),
    });
    for (const [key, failure] of Object.entries(settings.failures)) {
      if (request.url.includes(key) && failure.times > 0) {
        failure.times -= 1;
        if (failure.retryAfterSeconds !== undefined) reply.header('retry-after', String(failure.retryAfterSeconds));
        return restError(reply, failure.status, failure.message);
      }
    }
  });

  const member = (request: FastifyRequest): Token | null => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? accessTokens.get(header.slice(7)) : undefined;
    if (!token || token.expiresAt < Date.now()) return null;
    return token;
  };

  /** The REST API's own checks: a live token, a supported version, Rest.li 2.0.0. */
  const rest = (request: FastifyRequest, reply: FastifyReply): Token | null => {
    const token = member(request);
    if (!token) {
      restError(reply, 401, 'Invalid access token');
      return null;
    }
    const version = request.headers['linkedin-version'];
    if (typeof version !== 'string' || !/^\d{6}(\.\d{2})?$/.test(version)) {
      reply.status(400).send({ status: 400, code: 'VERSION_MISSING', message: 'A version must be present' });
      return null;
    }
    if (version.slice(0, 6) < FAKE_LINKEDIN_OLDEST_VERSION) {
      restError(reply, 426, `Requested version ${version} is not active`);
      return null;
    }
    if (request.headers['x-restli-protocol-version'] !== '2.0.0') {
      reply.status(400).send({ status: 400, code: 'ILLEGAL_ARGUMENT', message: 'Rest.li protocol 2.0.0 is required' });
      return null;
    }
    return token;
  };

  const organizations = new Map<string, FakeOrganization>();
  const scopesOf = (token: Token) => new Set(token.scope.split(/[\s,]+/));
  /**
   * Whether the token may write as `urn`: its member, or a page the member administers when the
   * token holds `w_organization_social` (the "Posts API" rule).
   */
  const writesAs = (token: Token, urn: string | undefined) => {
    if (urn === `urn:li:person:${token.member.sub}`) return true;
    if (!urn?.startsWith(ORGANIZATION_PREFIX) || !scopesOf(token).has('w_organization_social')) return false;
    const role = organizations.get(urn.slice(ORGANIZATION_PREFIX.length))?.roles.get(token.member.sub);
    return role !== undefined && POSTING_ROLES.has(role);
  };
  const readsPages = (token: Token) =>
    scopesOf(token).has('r_organization_admin') || scopesOf(token).has('rw_organization_admin');

  app.get('/healthz', async () => ({ ok: true }));

  app.get('/oauth/v2/authorization', async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (q.client_id !== FAKE_LINKEDIN_CLIENT_ID) return reply.status(400).type('text/plain').send('Unknown client_id');
    if (!q.redirect_uri || (options.redirectUris && !options.redirectUris.includes(q.redirect_uri))) {
      return reply.status(400).type('text/plain').send('The redirect_uri does not match the registered value');
    }
    if (q.response_type !== 'code') return reply.status(400).type('text/plain').send('response_type must be code');
    const back = new URL(q.redirect_uri);
    if (q.state) back.searchParams.set('state', q.state);
    if (settings.denyNext > 0) {
      settings.denyNext -= 1;
      back.searchParams.set('error', 'user_cancelled_authorize');
      back.searchParams.set('error_description', 'The user cancelled the authorization');
      return reply.redirect(back.toString(), 302);
    }
    if (q.code_challenge_method !== 'S256' || !q.code_challenge) {
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', 'PKCE with S256 is required');
      return reply.redirect(back.toString(), 302);
    }
    if (settings.chooseMember && !['usual', 'other', 'new'].includes(q.member ?? '')) {
      const choice = (member: string) => {
        const url = new URL(request.url, 'http://local');
        url.searchParams.set('member', member);
        return `${url.pathname}${url.search}`;
      };
      return reply.type('text/html; charset=utf-8').send(chooserPage(fake.member, otherMember, choice));
    }
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      member: q.member === 'other' ? otherMember : q.member === 'new' ? newMember() : fake.member,
      redirectUri: q.redirect_uri,
      challenge: q.code_challenge,
      scope: (q.scope ?? '')
        .split(' ')
        .filter((scope) => !settings.declineScopes.includes(scope))
        .join(' '),
      expiresAt: Date.now() + 30 * 60_000,
    });
    back.searchParams.set('code', code);
    return reply.redirect(back.toString(), 302);
  });

  const issue = (found: FakeMember, scope: string) => {
    const accessToken = `AQV${randomBytes(32).toString('base64url')}`;
    accessTokens.set(accessToken, { member: found, scope, expiresAt: Date.now() + settings.accessTokenSeconds * 1000 });
    const answer: Record<string, unknown> = {
      access_token: accessToken,
      expires_in: settings.accessTokenSeconds,
      scope,
      token_type: 'Bearer',
    };
    if (settings.issueRefreshTokens) {
      const refreshToken = `AQX${randomBytes(32).toString('base64url')}`;
      refreshTokens.set(refreshToken, { member: found, scope });
      answer.refresh_token = refreshToken;
      answer.refresh_token_expires_in = 31_536_000;
    }
    return answer;
  };

  app.post('/oauth/v2/accessToken', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    tokenRequests.push({
      ...body,
      client_secret: body.client_secret === FAKE_LINKEDIN_CLIENT_SECRET ? 'right' : 'wrong',
    });
    if (body.client_id !== FAKE_LINKEDIN_CLIENT_ID || body.client_secret !== FAKE_LINKEDIN_CLIENT_SECRET) {
      return oauthError(reply, 401, 'invalid_client', 'Client authentication failed');
    }
    if (body.grant_type === 'authorization_code') {
      const code = codes.get(body.code ?? '');
      codes.delete(body.code ?? '');
      if (!code || code.expiresAt < Date.now()) {
        return oauthError(reply, 400, 'invalid_grant', 'The authorization code is invalid or expired');
      }
      if (code.redirectUri !== body.redirect_uri) {
        return oauthError(reply, 400, 'invalid_redirect_uri', 'Unable to retrieve access token: redirect_uri mismatch');
      }
      if (!body.code_verifier || s256(body.code_verifier) !== code.challenge) {
        return oauthError(reply, 400, 'invalid_request', 'The code verifier does not match the code challenge');
      }
      return issue(code.member, code.scope);
    }
    if (body.grant_type === 'refresh_token') {
      const found = refreshTokens.get(body.refresh_token ?? '');
      if (!found) return oauthError(reply, 400, 'invalid_grant', 'The refresh token is invalid or revoked');
      // A refreshed token keeps the scopes the member granted at consent.
      return issue(found.member, found.scope);
    }
    return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type is not supported');
  });

  app.get('/v2/userinfo', async (request, reply) => {
    const token = member(request);
    if (!token) return restError(reply, 401, 'Invalid access token');
    const m = token.member;
    return {
      sub: m.sub,
      email_verified: true,
      name: m.name,
      locale: { country: 'OM', language: 'ar' },
      given_name: m.givenName,
      family_name: m.familyName,
      email: m.email,
      picture: m.picture,
    };
  });

  app.post('/rest/posts', async (request, reply) => {
    const token = rest(request, reply);
    if (!token) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body.author !== 'string' || !writesAs(token, body.author)) {
      return restError(reply, 403, `Author ${String(body.author)} is not the token's member or one of their pages`);
    }
    const urn = body.author;
    if (typeof body.commentary !== 'string') return restError(reply, 422, 'ERROR :: /commentary :: field is required');
    if (body.commentary.length > 3000) return restError(reply, 422);
    if (body.lifecycleState !== 'PUBLISHED') return restError(reply, 422, 'ERROR :: /lifecycleState :: invalid');
    const content = body.content as
      | { media?: { id?: string; title?: string }; multiImage?: { images?: { id?: string }[] } }
      | undefined;
    const mediaIds = [
      ...(content?.media?.id ? [content.media.id] : []),
      ...(content?.multiImage?.images ?? []).map((image) => image.id ?? ''),
    ];
    const document = content?.media?.id?.startsWith('urn:li:document:') ? documents.get(content.media.id) : undefined;
    for (const id of mediaIds) {
      const uploaded = id.startsWith('urn:li:document:') ? documents.get(id)?.uploaded : images.get(id)?.uploaded;
      if (!uploaded) return restError(reply, 422, `ERROR :: /content :: ${id} is not uploaded`);
    }
    if (document) {
      // The network shows a document under its title: a document post without one is refused.
      const title = content?.media?.title;
      if (typeof title !== 'string' || title.trim() === '') {
        return restError(reply, 422, 'ERROR :: /content/media/title :: field is required for a document');
      }
      document.title = title;
    }
    const id = `urn:li:share:${nextId()}`;
    posts.push({
      id,
      author: urn,
      commentary: body.commentary,
      shown: renderLittleText(body.commentary),
      body,
      createdAt: Date.now(),
    });
    if (settings.loseNextPostAnswers > 0) {
      settings.loseNextPostAnswers -= 1;
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    return reply.status(201).header('x-restli-id', id).header('x-linkedin-id', id).send();
  });

  app.get('/rest/posts', async (request, reply) => {
    const token = rest(request, reply);
    if (!token) return reply;
    const q = request.query as Record<string, string | undefined>;
    if (q.q !== 'author' || !q.author) return restError(reply, 400, 'q=author and author are required');
    const author = decodeURIComponent(q.author);
    if (!writesAs(token, author)) return restError(reply, 403);
    const count = Math.min(Number(q.count ?? 10), 100);
    const start = Number(q.start ?? 0);
    const mine = posts.filter((p) => p.author === author).sort((a, b) => b.createdAt - a.createdAt);
    return {
      paging: { start, count, total: mine.length },
      elements: mine.slice(start, start + count).map((p) => ({
        id: p.id,
        author: p.author,
        commentary: p.commentary,
        visibility: 'PUBLIC',
        lifecycleState: 'PUBLISHED',
        createdAt: p.createdAt,
        publishedAt: p.createdAt,
        lastModifiedAt: p.createdAt,
      })),
    };
  });

  app.post('/rest/images', async (request, reply) => {
    const token = rest(request, reply);
    if (!token) return reply;
    if ((request.query as { action?: string }).action !== 'initializeUpload') return restError(reply, 400, 'action');
    const body = (request.body ?? {}) as { initializeUploadRequest?: { owner?: string } };
    const owner = body.initializeUploadRequest?.owner;
    if (!owner || !writesAs(token, owner)) return restError(reply, 403, 'The owner is not the member or their page');
    const imageId = `D4E${randomBytes(8).toString('hex')}`;
    const urn = `urn:li:image:${imageId}`;
    images.set(urn, { urn, owner, uploaded: null });
    return {
      value: {
        uploadUrlExpiresAt: Date.now() + 3_600_000,
        uploadUrl: `${base}/dms-uploads/${imageId}?ca=vector_feedshare&cn=uploads`,
        image: urn,
      },
    };
  });

  app.put('/dms-uploads/:imageId', async (request, reply) => {
    if (!member(request)) return restError(reply, 401, 'Invalid access token');
    const image = images.get(`urn:li:image:${(request.params as { imageId: string }).imageId}`);
    if (!image) return reply.status(404).send();
    const data = request.body as Buffer | undefined;
    if (!data?.length) return reply.status(400).send();
    image.uploaded = { contentType: String(request.headers['content-type'] ?? ''), bytes: data.length };
    return reply.status(201).send();
  });

  app.post('/rest/documents', async (request, reply) => {
    const token = rest(request, reply);
    if (!token) return reply;
    if ((request.query as { action?: string }).action !== 'initializeUpload') return restError(reply, 400, 'action');
    const body = (request.body ?? {}) as { initializeUploadRequest?: { owner?: string } };
    const owner = body.initializeUploadRequest?.owner;
    if (!owner || !writesAs(token, owner)) return restError(reply, 403, 'The owner is not the member or their page');
    const documentId = `D5610AQ${randomBytes(8).toString('hex')}`;
    const urn = `urn:li:document:${documentId}`;
    documents.set(urn, { urn, owner, uploaded: null, title: null });
    return {
      value: {
        uploadUrlExpiresAt: Date.now() + 3_600_000,
        uploadUrl: `${base}/dms-uploads/sp/${documentId}/uploaded-document?ca=vector_feedshare&cn=uploads`,
        document: urn,
      },
    };
  });

  app.put('/dms-uploads/sp/:documentId/uploaded-document', async (request, reply) => {
    if (!member(request)) return restError(reply, 401, 'Invalid access token');
    const document = documents.get(`urn:li:document:${(request.params as { documentId: string }).documentId}`);
    if (!document) return reply.status(404).send();
    const data = request.body as Buffer | undefined;
    if (!data?.length) return reply.status(400).send();
    // A document is a PDF, PowerPoint or Word file; this product only sends PDFs.
    if (data.subarray(0, 5).toString('latin1') !== '%PDF-') return reply.status(400).send();
    document.uploaded = { contentType: String(request.headers['content-type'] ?? ''), bytes: data.length, data };
    return reply.status(201).send();
  });

  app.post('/rest/socialActions/:urn/comments', async (request, reply) => {
    const token = rest(request, reply);
    if (!token) return reply;
    const target = decodeURIComponent((request.params as { urn: string }).urn);
    if (!postExists(target)) return restError(reply, 404, 'Post not found');
    const body = (request.body ?? {}) as { actor?: string; object?: string; message?: { text?: string } };
    if (!body.actor || !writesAs(token, body.actor))
      return restError(reply, 403, 'The actor is not the member or their page');
    const text = body.message?.text;
    if (typeof text !== 'string' || text.length === 0)
      return restError(reply, 422, 'ERROR :: /message/text :: required');
    if (renderLittleText(text).length > FAKE_LINKEDIN_COMMENT_LIMIT) {
      return restError(
        reply,
        422,
        `ERROR :: /message/text :: length exceeds ${FAKE_LINKEDIN_COMMENT_LIMIT} characters`,
      );
    }
    const id = nextId();
    const urn = `urn:li:comment:(${target},${id})`;
    comments.push({
      id,
      urn,
      object: body.object ?? target,
      actor: body.actor,
      text,
      shown: renderLittleText(text),
      createdAt: Date.now(),
    });
    if (settings.loseNextCommentAnswers > 0) {
      settings.loseNextCommentAnswers -= 1;
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    return reply.status(201).header('x-restli-id', urn).send({ id, object: target, actor: body.actor });
  });

  app.get('/rest/socialActions/:urn/comments', async (request, reply) => {
    const token = rest(request, reply);
    if (!token) return reply;
    const target = decodeURIComponent((request.params as { urn: string }).urn);
    if (!postExists(target)) return restError(reply, 404, 'Post not found');
    const q = request.query as Record<string, string | undefined>;
    const count = Math.min(Number(q.count ?? 10), 100);
    const start = Number(q.start ?? 0);
    const under = comments.filter((c) => c.object === target).sort((a, b) => b.createdAt - a.createdAt);
    return {
      paging: { start, count, total: under.length },
      elements: under.slice(start, start + count).map((c) => ({
        id: c.id,
        $URN: c.urn,
        actor: c.actor,
        object: c.object,
        message: { text: c.text, attributes: [] },
        created: { actor: c.actor, time: c.createdAt },
        lastModified: { actor: c.actor, time: c.createdAt },
      })),
    };
  });

  // "Organization Access Control by Role": the member's roles, approved ones only, a page at a time;
  // refused without r_organization_admin (or rw_organization_admin), as the network does.
  app.get('/rest/organizationAcls', async (request, reply) => {
    const token = rest(request, reply);
    if (!token) return reply;
    if (!readsPages(token))
      return restError(reply, 403, 'Not enough permissions to access: organizationAcls.FINDER-roleAssignee');
    const q = request.query as Record<string, string | undefined>;
    if (q.q !== 'roleAssignee') return restError(reply, 400, 'q=roleAssignee is required');
    if (q.state && q.state !== 'APPROVED') return { paging: { start: 0, count: 0, total: 0 }, elements: [] };
    const person = `urn:li:person:${token.member.sub}`;
    const held = [...organizations.values()].flatMap((organization) => {
      const role = organization.roles.get(token.member.sub);
      return role
        ? [{ organization: `${ORGANIZATION_PREFIX}${organization.id}`, role, state: 'APPROVED', roleAssignee: person }]
        : [];
    });
    const count = Math.min(Number(q.count ?? 10), 100);
    const start = Number(q.start ?? 0);
    return { paging: { start, count, total: held.length }, elements: held.slice(start, start + count) };
  });

  // "Organization Lookup API", a batch get: `ids=List(1,2)` in Rest.li 2.0 syntax, read as sent.
  app.get('/rest/organizations', async (request, reply) => {
    const token = rest(request, reply);
    if (!token) return reply;
    const rawIds = rawQuery(request.url).get('ids');
    if (!rawIds) return restError(reply, 400, 'ids is required');
    let ids: RestliValue;
    try {
      ids = parseRestli(rawIds);
    } catch {
      return restError(reply, 400, 'ids is not in Rest.li 2.0 syntax');
    }
    if (!Array.isArray(ids)) return restError(reply, 400, 'ids must be a List');
    const results: Record<string, unknown> = {};
    for (const id of ids.map(String)) {
      const found = organizations.get(id);
      if (found) results[id] = { id: Number(found.id), localizedName: found.name, vanityName: found.vanityName };
    }
    return { results, statuses: {}, errors: {} };
  });

  const postFigures = new Map<string, Partial<FakePostFigures>>();
  const memberHistory = new Map<string, Partial<FakePostFigures>>();
  const figuresOf = (urn: string): FakePostFigures => {
    const seed = createHash('sha256').update(urn).digest();
    const impressions = 120 + (seed.readUInt16BE(0) % 900);
    const derived: FakePostFigures = {
      IMPRESSION: impressions,
      MEMBERS_REACHED: Math.round(impressions * 0.7),
      REACTION: 3 + ((seed[2] ?? 0) % 40),
      COMMENT: (seed[3] ?? 0) % 9,
      RESHARE: (seed[4] ?? 0) % 5,
      POST_SAVE: (seed[5] ?? 0) % 7,
      POST_SEND: (seed[6] ?? 0) % 6,
    };
    return { ...derived, ...postFigures.get(urn) };
  };
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const restliDay = (value: RestliValue | undefined): string | null => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const { year, month, day } = value as Record<string, RestliValue>;
    if ([year, month, day].some((part) => !/^\d+$/.test(String(part)))) return null;
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  };
  const metricType = (metric: string) => ({ [METRIC_TYPE_KEY]: metric });

  /**
   * A page's figures by day: each post published as the page counts its figures (derived from its
   * URN, as a member's post) on its publishing day, with a follower or more, beside the history a
   * test set.
   */
  const pageDays = (organization: FakeOrganization): Map<string, FakePageFigures> => {
    const urn = `${ORGANIZATION_PREFIX}${organization.id}`;
    const days = new Map<string, FakePageFigures>();
    const dayFigures = (day: string) => {
      const known = days.get(day) ?? {
        impressionCount: 0,
        clickCount: 0,
        likeCount: 0,
        commentCount: 0,
        shareCount: 0,
        organicFollowerGain: 0,
      };
      days.set(day, known);
      return known;
    };
    for (const [day, figures] of organization.history) {
      const known = dayFigures(day);
      for (const [key, value] of Object.entries(figures) as [keyof FakePageFigures, number][]) known[key] += value;
    }
    for (const post of posts) {
      if (post.author !== urn || deletedPosts.has(post.id)) continue;
      const figures = figuresOf(post.id);
      const known = dayFigures(dayOf(post.createdAt));
      known.impressionCount += figures.IMPRESSION;
      known.clickCount += Math.round(figures.IMPRESSION * 0.04);
      known.likeCount += figures.REACTION;
      known.commentCount += figures.COMMENT;
      known.shareCount += figures.RESHARE;
      known.organicFollowerGain += 1 + (figures.POST_SEND % 4);
    }
    return days;
  };
  /** The page named by a statistics call, when the token's member holds a role on it. */
  const statisticsPage = (request: FastifyRequest, reply: FastifyReply, token: Token, urn: string | undefined) => {
    const organization = urn?.startsWith(ORGANIZATION_PREFIX)
      ? organizations.get(urn.slice(ORGANIZATION_PREFIX.length))
      : undefined;
    if (!readsPages(token) || !organization?.roles.has(token.member.sub)) {
      restError(reply, 403, `Not enough permissions to access: ${request.url.split('?')[0]?.split('/')[2]}`);
      return null;
    }
    return organization;
  };

  // "Organization Share Statistics" and "Organization Follower Statistics", time-bound: one
  // element a day of `timeIntervals` (Rest.li 2.0, epoch milliseconds, DAY granularity).
  for (const [path, element] of [
    [
      '/rest/organizationalEntityShareStatistics',
      (figures: FakePageFigures | undefined, urn: string) => ({
        organizationalEntity: urn,
        totalShareStatistics: {
          impressionCount: figures?.impressionCount ?? 0,
          uniqueImpressionsCount: Math.round((figures?.impressionCount ?? 0) * 0.8),
          clickCount: figures?.clickCount ?? 0,
          likeCount: figures?.likeCount ?? 0,
          commentCount: figures?.commentCount ?? 0,
          shareCount: figures?.shareCount ?? 0,
          engagement: 0,
        },
      }),
    ],
    [
      '/rest/organizationalEntityFollowerStatistics',
      (figures: FakePageFigures | undefined, urn: string) => ({
        organizationalEntity: urn,
        followerGains: { organicFollowerGain: figures?.organicFollowerGain ?? 0, paidFollowerGain: 0 },
      }),
    ],
  ] as const) {
    app.get(path, async (request, reply) => {
      const token = rest(request, reply);
      if (!token) return reply;
      const raw = rawQuery(request.url);
      if (raw.get('q') !== 'organizationalEntity') return restError(reply, 400, 'q=organizationalEntity is required');
      const urn = decodeURIComponent(raw.get('organizationalEntity') ?? '');
      const organization = statisticsPage(request, reply, token, urn);
      if (!organization) return reply;
      // Lifetime figures of the page's posts named (`shares=List(…)`, `ugcPosts=List(…)`), one element each.
      const named = (['shares', 'ugcPosts'] as const).flatMap((key) => {
        const raw = rawQuery(request.url).get(key);
        if (!raw) return [];
        const list = parseRestli(raw);
        return Array.isArray(list)
          ? list.map((urn) => ({ key: key === 'shares' ? 'share' : 'ugcPost', urn: String(urn) }))
          : [];
      });
      if (path === '/rest/organizationalEntityShareStatistics' && named.length > 0) {
        const elements = named
          .filter(({ urn: post }) => posts.some((p) => p.id === post && p.author === urn && !deletedPosts.has(post)))
          .map(({ key, urn: post }) => {
            const figures = figuresOf(post);
            return {
              ...element(
                {
                  impressionCount: figures.IMPRESSION,
                  clickCount: Math.round(figures.IMPRESSION * 0.04),
                  likeCount: figures.REACTION,
                  commentCount: figures.COMMENT,
                  shareCount: figures.RESHARE,
                  organicFollowerGain: 0,
                },
                urn,
              ),
              [key]: post,
            };
          });
        return { paging: { start: 0, count: elements.length, total: elements.length }, elements };
      }
      let start: number;
      let end: number;
      try {
        const intervals = parseRestli(raw.get('timeIntervals') ?? '') as Record<string, RestliValue>;
        const range = intervals.timeRange as Record<string, RestliValue>;
        start = Number(range.start);
        end = Number(range.end);
        if (intervals.timeGranularityType !== 'DAY' || !(start < end)) throw new Error('bad');
      } catch {
        return reply.status(400).send({ status: 400, code: 'ILLEGAL_ARGUMENT', message: 'timeIntervals is invalid' });
      }
      if (end - start > 366 * 86_400_000) {
        return reply
          .status(400)
          .send({ status: 400, code: 'ILLEGAL_ARGUMENT', message: 'timeRange exceeds 12 months' });
      }
      const days = pageDays(organization);
      const elements = [];
      for (let at = start; at < end; at += 86_400_000) {
        elements.push({ ...element(days.get(dayOf(at)), urn), timeRange: { start: at, end: at + 86_400_000 } });
      }
      return { paging: { start: 0, count: elements.length, total: elements.length }, elements };
    });
  }

  // "Organization Follower Count": the page's followers now.
  app.get('/rest/networkSizes/:urn', async (request, reply) => {
    const token = rest(request, reply);
    if (!token) return reply;
    const { urn } = request.params as { urn: string };
    if (rawQuery(request.url).get('edgeType') !== 'COMPANY_FOLLOWED_BY_MEMBER') {
      return restError(reply, 400, 'edgeType is invalid');
    }
    const organization = statisticsPage(request, reply, token, urn);
    if (!organization) return reply;
    let gained = 0;
    for (const figures of pageDays(organization).values()) gained += figures.organicFollowerGain;
    return { firstDegreeSize: organization.baseFollowers + gained };
  });

  // "Member Post Analytics API": q=entity (one post) or q=me (all of the member's posts), one
  // queryType a call, DAILY or TOTAL; refused without r_member_postAnalytics, as the network does.
  app.get('/rest/memberCreatorPostAnalytics', async (request, reply) => {
    const token = rest(request, reply);
    if (!token) return reply;
    if (!token.scope.split(/[\s,]+/).includes(POST_ANALYTICS_SCOPE)) {
      return restError(reply, 403, 'Not enough permissions to access: memberCreatorPostAnalytics.FINDER-me');
    }
    const raw = rawQuery(request.url);
    const metric = raw.get('queryType') as PostAnalyticsMetric | undefined;
    if (!metric || !POST_ANALYTICS_METRICS.includes(metric)) {
      return reply.status(400).send({ status: 400, code: 'ILLEGAL_ARGUMENT', message: 'queryType is invalid' });
    }
    const aggregation = raw.get('aggregation') ?? 'DAILY';
    if (aggregation !== 'DAILY' && aggregation !== 'TOTAL') {
      return reply.status(400).send({ status: 400, code: 'ILLEGAL_ARGUMENT', message: 'aggregation is invalid' });
    }
    const author = `urn:li:person:${token.member.sub}`;
    if (raw.get('q') === 'entity') {
      let entity: RestliValue;
      try {
        entity = parseRestli(raw.get('entity') ?? '');
      } catch {
        return reply.status(400).send({ status: 400, code: 'ILLEGAL_ARGUMENT', message: 'entity is invalid' });
      }
      const record = typeof entity === 'object' && !Array.isArray(entity) ? entity : {};
      const urn = String(record.share ?? record.ugc ?? '');
      if (deletedPosts.has(urn)) return restError(reply, 404, 'Post not found');
      const post = posts.find((p) => p.id === urn);
      if (!post && !othersPosts.has(urn)) return restError(reply, 404, 'Post not found');
      if (post && post.author !== author) return restError(reply, 403, "The post is not the member's");
      const count = figuresOf(urn)[metric];
      const created = post?.createdAt ?? Date.now();
      const day = new Date(created);
      const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
      return {
        paging: { start: 0, count: 1, total: 1 },
        elements: [
          aggregation === 'TOTAL'
            ? { count, metricType: metricType(metric), targetEntity: record }
            : { count, metricType: metricType(metric), targetEntity: record, dateRange: { start: date, end: date } },
        ],
      };
    }
    if (raw.get('q') !== 'me') return restError(reply, 400, 'q=entity or q=me is required');
    const byDay = new Map<string, number>();
    for (const [day, figures] of memberHistory) byDay.set(day, (byDay.get(day) ?? 0) + (figures[metric] ?? 0));
    for (const post of posts) {
      if (post.author !== author || deletedPosts.has(post.id)) continue;
      const day = dayOf(post.createdAt);
      byDay.set(day, (byDay.get(day) ?? 0) + figuresOf(post.id)[metric]);
    }
    if (aggregation === 'TOTAL') {
      const count = [...byDay.values()].reduce((a, b) => a + b, 0);
      return { paging: { start: 0, count: 1, total: 1 }, elements: [{ count, metricType: metricType(metric) }] };
    }
    let from = dayOf(Date.now() - 27 * 86_400_000);
    let to = dayOf(Date.now());
    if (raw.has('dateRange')) {
      try {
        const range = parseRestli(raw.get('dateRange') ?? '') as Record<string, RestliValue>;
        from = restliDay(range.start) ?? from;
        to = restliDay(range.end) ?? to;
      } catch {
        return reply.status(400).send({ status: 400, code: 'ILLEGAL_ARGUMENT', message: 'dateRange is invalid' });
      }
    }
    const days: string[] = [];
    for (let at = Date.parse(`${from}T00:00:00Z`); dayOf(at) <= to && days.length < 800; at += 86_400_000) {
      days.push(dayOf(at));
    }
    const start = Number(raw.get('start') ?? 0);
    const count = Math.min(Number(raw.get('count') ?? 10), 100);
    return {
      paging: { start, count, total: days.length },
      elements: days.slice(start, start + count).map((day) => {
        const [year, month, date] = day.split('-').map(Number);
        const at = { year, month, day: date };
        return { count: byDay.get(day) ?? 0, metricType: metricType(metric), dateRange: { start: at, end: at } };
      }),
    };
  });

  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  base = `http://${options.host ?? '127.0.0.1'}:${port}`;

  const fake: FakeLinkedin = {
    url: base,
    app,
    member: fakeMember(),
    posts,
    images,
    documents,
    comments,
    calls,
    tokenRequests,
    options: settings,
    postFigures,
    memberHistory,
    figuresOf,
    organizations,
    addOrganization: (name, roles) => {
      const id = String(91_000_001 + organizations.size);
      const vanityName = name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || `page-${id}`;
      const baseFollowers = 300 + (createHash('sha256').update(name).digest().readUInt16BE(0) % 2_000);
      organizations.set(id, {
        id,
        name,
        vanityName,
        roles: new Map(Object.entries(roles)),
        baseFollowers,
        history: new Map(),
      });
      return `${ORGANIZATION_PREFIX}${id}`;
    },
    addPost: (urn) => {
      othersPosts.add(urn);
      deletedPosts.delete(urn);
    },
    deletePost: (urn) => {
      othersPosts.delete(urn);
      deletedPosts.add(urn);
    },
    revoke: (sub) => {
      for (const [key, token] of accessTokens) if (token.member.sub === sub) accessTokens.delete(key);
      for (const [key, m] of refreshTokens) if (m.member.sub === sub) refreshTokens.delete(key);
    },
    expire: (sub) => {
      for (const token of accessTokens.values()) if (token.member.sub === sub) token.expiresAt = Date.now() - 1;
    },
    close: () => app.close(),
  };
  return fake;
}

/** A fresh id for tests that need a unique member. */
export const uniqueSub = () => `fk${randomUUID().replaceAll('-', '').slice(0, 12)}`;
