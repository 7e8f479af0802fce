import {
  type Checkpoint,
  type CheckpointType,
  checkpointTypeSchema,
  type FullProfile,
  type OwnProfile,
} from '@nashr/contracts';
import type { z } from 'zod';
import type {
  CommentResult,
  ConnectOutcome,
  Credentials,
  NetworkPost,
  NetworkProvider,
  PostPage,
  PostToPublish,
  PublishResult,
} from '../network-provider.js';
import { noCompanyPages, PROVIDER_MESSAGES, ProviderError, type ProviderErrorKind } from '../provider-error.js';
import {
  type WireProfile,
  wireAccountSchema,
  wireAccountStepSchema,
  wireCommentSentSchema,
  wireErrorSchema,
  wirePostCreatedSchema,
  wirePostListSchema,
  wirePostSchema,
  wireProfileSchema,
} from './unipile-wire.js';

export interface UnipileOptions {
  /** `api1.unipile.com:13111`, or a full base such as `http://127.0.0.1:4010` for a local server. */
  dsn: string;
  apiKey: string;
  timeoutMs?: number;
  /** Where the browser loads the Arkose Labs widget from. */
  captchaScriptHost?: string;
  fetch?: typeof fetch;
}

const PROVIDER = 'LINKEDIN';

/** Error `type`s of the hosted API (the last path segment of e.g. `errors/invalid_credentials`). */
const ERROR_TYPES: Record<string, ProviderErrorKind> = {
  invalid_credentials: 'invalid_credentials',
  invalid_checkpoint_solution: 'invalid_checkpoint_solution',
  checkpoint_error: 'checkpoint_expired',
  expired_credentials: 'credentials_expired',
  disconnected_account: 'account_disconnected',
  insufficient_privileges: 'insufficient_privileges',
  resource_not_found: 'not_found',
  not_found: 'not_found',
  too_many_requests: 'rate_limited',
  provider_unreachable: 'unavailable',
  service_unavailable: 'unavailable',
  unexpected_error: 'unavailable',
  missing_credentials: 'misconfigured',
  invalid_api_key: 'misconfigured',
};

/** *Unconfirmed* status words that mean the account works (account status webhook vocabulary). */
const CONNECTED_STATUSES = new Set(['OK', 'RUNNING', 'CREATION_SUCCESS', 'RECONNECTED', 'SYNC_SUCCESS']);
const FAILED_STATUSES = new Set(['ERROR', 'STOPPED', 'DELETED']);

interface RequestOptions {
  query?: Record<string, string | number | undefined | null>;
  json?: unknown;
  form?: FormData;
  /** A call that changes something at the network: a lost answer leaves its outcome unknown. */
  write?: boolean;
  /** A sign-in step: a 408 means the checkpoint timed out. */
  checkpoint?: boolean;
}

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = causeCode(error);
  return code ? `${error.message} (${code})` : error.message;
}

const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && 'year' in value) return String((value as { year: unknown }).year);
  return null;
};

const countOrNull = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
const count = (value: number | null | undefined) => countOrNull(value) ?? 0;

/** The hosted LinkedIn API (Unipile v1 wire format, ../shared/design/network-provider.md). */
export class UnipileProvider implements NetworkProvider {
  readonly name = 'unipile' as const;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly captchaScriptHost: string;
  /** The account's own member id, asked once per process: posts and profiles are read by it. */
  private readonly identifiers = new Map<string, string>();

  constructor(private readonly options: UnipileOptions) {
    const root = options.dsn.includes('://') ? options.dsn : `https://${options.dsn}`;
    this.base = `${root.replace(/\/+$/, '')}/api/v1`;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.fetch = options.fetch ?? fetch;
    this.captchaScriptHost = (options.captchaScriptHost ?? 'https://client-api.arkoselabs.com').replace(/\/+$/, '');
  }

  private async request(method: string, path: string, options: RequestOptions = {}) {
    const url = new URL(`${this.base}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { 'X-API-KEY': this.options.apiKey, accept: 'application/json' };
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }

    let status: number;
    let raw: string;
    try {
      const response = await this.fetch(url, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
      status = response.status;
      raw = await response.text();
    } catch (error) {
      // A refused connection never reached the network, so even a write is known not to have happened.
      const unknown = options.write && causeCode(error) !== 'ECONNREFUSED';
      throw new ProviderError(unknown ? 'outcome_unknown' : 'unavailable', undefined, { detail: describe(error) });
    }
    let parsed: unknown = null;
    if (raw) {
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = null;
      }
    }
    if (status < 200 || status >= 300) throw this.toError(status, parsed, options);
    return { status, body: parsed };
  }

  private toError(status: number, body: unknown, options: RequestOptions): ProviderError {
    const wire = wireErrorSchema.safeParse(body);
    const error = wire.success ? wire.data : {};
    const type = (error.type ?? '').split('/').pop() ?? '';
    const detail = [error.title, error.detail].filter(Boolean).join(': ') || `HTTP ${status}`;
    let kind: ProviderErrorKind | undefined = ERROR_TYPES[type];
    if (!kind) {
      if (status === 401) kind = 'misconfigured';
      else if (status === 403) kind = 'insufficient_privileges';
      else if (status === 404) kind = 'not_found';
      else if (status === 408) kind = options.checkpoint ? 'checkpoint_expired' : 'unavailable';
      else if (status === 429) kind = 'rate_limited';
      else if (status >= 500) kind = options.write && status === 504 ? 'outcome_unknown' : 'unavailable';
      else kind = 'rejected';
    }
    const message =
      kind === 'rejected' && error.detail
        ? `LinkedIn refused this request: ${error.detail}`
        : kind === 'insufficient_privileges' && error.detail
          ? `${PROVIDER_MESSAGES.insufficient_privileges} ${error.detail}`
          : PROVIDER_MESSAGES[kind];
    return new ProviderError(kind, message, { detail: `${type || 'no type'}: ${detail}`, status });
  }

  private parse<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
    const result = schema.safeParse(body);
    if (!result.success) {
      throw new ProviderError('unavailable', 'LinkedIn answered in an unexpected way. Please try again.', {
        detail: `${what}: ${result.error.issues[0]?.message ?? 'invalid'}`,
      });
    }
    return result.data;
  }

  private toCheckpoint(wire: {
    type: string;
    source?: string | null;
    public_key?: string | null;
    data?: unknown;
  }): Checkpoint {
    const type = checkpointTypeSchema.safeParse(wire.type);
    if (!type.success) {
      throw new ProviderError(
        'rejected',
        `LinkedIn asked for a verification step this app cannot show (${wire.type}).`,
      );
    }
    const checkpoint: Checkpoint = { type: type.data as CheckpointType };
    if (wire.source) checkpoint.source = wire.source;
    if (wire.public_key) {
      checkpoint.public_key = wire.public_key;
      checkpoint.script_url = `${this.captchaScriptHost}/v2/${encodeURIComponent(wire.public_key)}/api.js`;
    }
    if (wire.data !== undefined && wire.data !== null) {
      checkpoint.data = typeof wire.data === 'string' ? wire.data : JSON.stringify(wire.data);
    }
    return checkpoint;
  }

  private toOutcome(status: number, body: unknown): ConnectOutcome {
    const step = this.parse(wireAccountStepSchema, body, 'account answer');
    if (status === 202 || step.object === 'Checkpoint' || step.checkpoint) {
      if (!step.checkpoint)
        throw new ProviderError('unavailable', undefined, { detail: 'checkpoint answer without checkpoint' });
      return { status: 'checkpoint', accountId: step.account_id, checkpoint: this.toCheckpoint(step.checkpoint) };
    }
    return { status: 'connected', accountId: step.account_id };
  }

  async connect(credentials: Credentials, options: { reconnectAccountId?: string } = {}): Promise<ConnectOutcome> {
    const body = { provider: PROVIDER, username: credentials.username, password: credentials.password };
    if (options.reconnectAccountId) {
      try {
        const res = await this.request('POST', `/accounts/${encodeURIComponent(options.reconnectAccountId)}`, {
          json: body,
        });
        return this.toOutcome(res.status, res.body);
      } catch (error) {
        // The old account is gone at the network: connect as a new one.
        if (
          !(error instanceof ProviderError) ||
          (error.kind !== 'not_found' && error.kind !== 'account_disconnected')
        ) {
          throw error;
        }
      }
    }
    const res = await this.request('POST', '/accounts', { json: body });
    return this.toOutcome(res.status, res.body);
  }

  async solveCheckpoint(accountId: string, code: string): Promise<ConnectOutcome> {
    // *Unconfirmed*: a CAPTCHA token is sent as `code` like any other answer.
    const res = await this.request('POST', '/accounts/checkpoint', {
      json: { provider: PROVIDER, account_id: accountId, code },
      checkpoint: true,
    });
    return this.toOutcome(res.status, res.body);
  }

  async resendCheckpoint(accountId: string): Promise<void> {
    await this.request('POST', '/accounts/checkpoint/resend', {
      json: { provider: PROVIDER, account_id: accountId },
      checkpoint: true,
    });
  }

  async disconnect(accountId: string): Promise<void> {
    try {
      await this.request('DELETE', `/accounts/${encodeURIComponent(accountId)}`);
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'not_found') return;
      throw error;
    }
  }

  /**
   * *Unconfirmed*: completion of an in-app validation is read from `GET /accounts/{id}`; until
   * the account reports a working status (or while it is not found yet) the step is still open.
   */
  async checkInAppValidation(accountId: string): Promise<ConnectOutcome> {
    const waiting: ConnectOutcome = { status: 'checkpoint', accountId, checkpoint: { type: 'IN_APP_VALIDATION' } };
    let body: unknown;
    try {
      body = (await this.request('GET', `/accounts/${encodeURIComponent(accountId)}`, { checkpoint: true })).body;
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'not_found') return waiting;
      throw error;
    }
    const account = this.parse(wireAccountSchema, body, 'account');
    const statuses = [account.status, ...(account.sources ?? []).map((s) => s.status)]
      .filter((s): s is string => typeof s === 'string')
      .map((s) => s.toUpperCase());
    if (statuses.some((s) => CONNECTED_STATUSES.has(s))) return { status: 'connected', accountId };
    if (statuses.includes('CREDENTIALS')) throw new ProviderError('invalid_credentials');
    if (statuses.some((s) => FAILED_STATUSES.has(s))) {
      throw new ProviderError('checkpoint_expired', 'The sign-in could not be completed. Please sign in again.');
    }
    return waiting;
  }

  private toOwnProfile(wire: WireProfile): OwnProfile {
    return {
      first_name: wire.first_name ?? '',
      last_name: wire.last_name ?? '',
      profile_picture_url: wire.profile_picture_url ?? null,
      headline: wire.headline ?? null,
      location: wire.location ?? null,
      public_identifier: wire.public_identifier ?? null,
      provider_id: wire.provider_id ?? null,
      email: wire.email ?? null,
      premium: wire.premium ?? false,
    };
  }

  async getOwnProfile(accountId: string): Promise<OwnProfile> {
    const res = await this.request('GET', '/users/me', { query: { account_id: accountId } });
    const profile = this.toOwnProfile(this.parse(wireProfileSchema, res.body, 'own profile'));
    const identifier = profile.provider_id ?? profile.public_identifier;
    if (identifier) this.identifiers.set(accountId, identifier);
    return profile;
  }

  private async identifier(accountId: string): Promise<string> {
    const known = this.identifiers.get(accountId);
    if (known) return known;
    const own = await this.getOwnProfile(accountId);
    const identifier = own.provider_id ?? own.public_identifier;
    if (!identifier) throw new ProviderError('unavailable', undefined, { detail: 'own profile without identifier' });
    return identifier;
  }

  async getFullProfile(accountId: string): Promise<FullProfile> {
    const own = await this.getOwnProfile(accountId);
    const identifier = await this.identifier(accountId);
    const res = await this.request('GET', `/users/${encodeURIComponent(identifier)}`, {
      query: { account_id: accountId, linkedin_sections: '*' },
    });
    const wire = this.parse(wireProfileSchema, res.body, 'profile');
    const full = this.toOwnProfile(wire);
    return {
      ...full,
      first_name: full.first_name || own.first_name,
      last_name: full.last_name || own.last_name,
      email: own.email ?? full.email,
      premium: own.premium || full.premium,
      summary: wire.summary ?? null,
      background_picture_url: wire.background_picture_url ?? null,
      websites: (wire.websites ?? [])
        .map((site) => (typeof site === 'string' ? site : (site.url ?? null)))
        .filter((site): site is string => Boolean(site)),
      education: (wire.education ?? [])
        .filter((e) => e.school)
        .map((e) => ({
          school: e.school ?? '',
          degree: e.degree ?? null,
          field_of_study: e.field_of_study ?? null,
          start: text(e.start),
          end: text(e.end),
        })),
      skills: (wire.skills ?? [])
        .filter((s) => s.name)
        .map((s) => ({ name: s.name ?? '', endorsement_count: countOrNull(s.endorsement_count) })),
      follower_count: countOrNull(wire.follower_count),
      connections_count: countOrNull(wire.connections_count),
    };
  }

  async listPosts(
    accountId: string,
    page: { limit?: number; cursor?: string | null; author?: string } = {},
  ): Promise<PostPage> {
    if (page.author) throw noCompanyPages();
    const identifier = await this.identifier(accountId);
    const res = await this.request('GET', `/users/${encodeURIComponent(identifier)}/posts`, {
      query: { account_id: accountId, limit: Math.min(Math.max(page.limit ?? 10, 1), 100), cursor: page.cursor },
    });
    const list = this.parse(wirePostListSchema, res.body, 'post list');
    const items: NetworkPost[] = [];
    for (const raw of list.items) {
      const post = wirePostSchema.safeParse(raw);
      if (!post.success) continue;
      const p = post.data;
      const id = p.id ?? p.social_id;
      if (id === null || id === undefined) continue;
      items.push({
        id: String(id),
        social_id: p.social_id ?? null,
        share_url: p.share_url ?? null,
        text: p.text ?? '',
        date: p.date ?? null,
        parsed_datetime:
          p.parsed_datetime && !Number.isNaN(Date.parse(p.parsed_datetime))
            ? new Date(p.parsed_datetime).toISOString()
            : new Date().toISOString(),
        reaction_counter: count(p.reaction_counter),
        comment_counter: count(p.comment_counter),
        repost_counter: count(p.repost_counter),
        impressions_counter: count(p.impressions_counter),
        author: { name: p.author?.name ?? '', public_identifier: p.author?.public_identifier ?? null },
      });
    }
    return { items, cursor: list.cursor ?? null };
  }

  async publish(accountId: string, post: PostToPublish): Promise<PublishResult> {
    if (post.author) throw noCompanyPages();
    const form = new FormData();
    form.append('account_id', accountId);
    form.append('text', post.text);
    for (const file of post.attachments ?? []) {
      form.append('attachments', new Blob([file.data], { type: file.contentType }), file.filename);
    }
    let res: Awaited<ReturnType<UnipileProvider['request']>>;
    try {
      res = await this.request('POST', '/posts', { form, write: true });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'rejected') {
        throw new ProviderError('rejected', error.message.replace('this request', 'this post'), {
          detail: error.detail,
          status: error.status,
        });
      }
      throw error;
    }
    const created = wirePostCreatedSchema.safeParse(res.body);
    const data = created.success ? created.data : {};
    const rawId = data.post_id ?? data.id ?? null;
    const postId = rawId === null ? null : String(rawId);
    const socialId = data.social_id ?? (postId && /^\d+$/.test(postId) ? `urn:li:activity:${postId}` : null);
    const url = data.share_url ?? (socialId ? `https://www.linkedin.com/feed/update/${socialId}/` : null);
    return { postId, url };
  }

  /**
   * Comments as the account on one of its posts. The hosted API names posts by their social id
   * (`urn:li:activity:…`); a bare activity number, as `publish` may return, is turned into one.
   */
  async comment(accountId: string, postId: string, text: string, author?: string): Promise<CommentResult> {
    if (author) throw noCompanyPages();
    const socialId = /^\d+$/.test(postId) ? `urn:li:activity:${postId}` : postId;
    let res: Awaited<ReturnType<UnipileProvider['request']>>;
    try {
      res = await this.request('POST', `/posts/${encodeURIComponent(socialId)}/comments`, {
        json: { account_id: accountId, text },
        write: true,
      });
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'rejected') {
        throw new ProviderError('rejected', error.message.replace('this request', 'this comment'), {
          detail: error.detail,
          status: error.status,
        });
      }
      throw error;
    }
    const sent = wireCommentSentSchema.safeParse(res.body);
    const rawId = sent.success ? (sent.data.comment_id ?? sent.data.id ?? null) : null;
    return { commentId: rawId === null ? null : String(rawId) };
  }
}
