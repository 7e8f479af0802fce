import type { EngageNetwork, PostRef } from '@nashr/contracts';
import { NetworkRateBusy, networkAccountKey } from '@nashr/platform';
import type { z } from 'zod';
import { languageOf } from '../../language.js';
import type { NetworkAccounts } from '../../network-accounts.js';
import type { OfficialEngageProvider } from '../linkedin/official-provider.js';
import type { Pacer } from '../pacing.js';
import { networkOf, refusals } from '../refusals.js';
import {
  type CommentLookup,
  type EngageProvider,
  EngageProviderError,
  type NetworkPost,
  type NetworkProfile,
  type PostedComment,
  type ResolvedPost,
} from '../types.js';
import {
  type WirePost,
  type WireUser,
  wireCommentSchema,
  wireCommentSentSchema,
  wireErrorSchema,
  wireListSchema,
  wirePostSchema,
  wireSearchPersonSchema,
  wireUserSchema,
} from './unipile-wire.js';

export interface UnipileEngageOptions {
  /** `api1.unipile.com:13111`, or a full base such as `http://127.0.0.1:4010` for a local server. */
  dsn: string;
  apiKey: string;
  timeoutMs?: number;
  /** Each account's rate: every call takes a slot first. */
  pacer: Pacer;
  /** Engage's copy of the users' accounts (which network, the hosted API's account id). */
  accounts: NetworkAccounts;
  /** For users whose account is on the official API: Engage works from post addresses there. */
  official: OfficialEngageProvider;
  /** How long a user's request may wait for a slot of their account (a refresh waits longer). */
  requestWaitMs?: number;
  fetch?: typeof fetch;
}

/** A 429 without Retry-After: the account rests this long. */
const DEFAULT_HOLD_OFF_MS = 30_000;
/** Posts read per followed person at a refresh, and comments read per page when looking one up. */
const POSTS_PER_PERSON = 10;
const COMMENT_PAGE = 100;
const COMMENT_PAGES = 3;
/** Calls of one refresh in flight at once (each still takes a slot of the account's rate). */
const PARALLEL_CALLS = 4;
/** Clocks differ: a comment stamped this much before the attempt was recorded may still be it. */
const CLOCK_SKEW_MS = 5 * 60_000;

class WireFailure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly retryAfterMs: number | null,
    detail: string,
  ) {
    super(detail);
    this.name = 'WireFailure';
  }
}

/** Neither answer nor refusal: the request may or may not have reached the network. */
class NoAnswer extends Error {
  constructor(
    readonly reachedNetwork: boolean,
    detail: string,
  ) {
    super(detail);
    this.name = 'NoAnswer';
  }
}

/** Comments compared as people see them: spaces and line ends folded, Unicode composed. */
const sameWords = (a: string, b: string) =>
  a.normalize('NFC').replace(/\s+/g, ' ').trim() === b.normalize('NFC').replace(/\s+/g, ' ').trim();

const postUrlOf = (socialId: string, shareUrl?: string | null) =>
  shareUrl ?? `https://www.linkedin.com/feed/update/${socialId}/`;

/**
 * Engage on the hosted API (Unipile v1), as the user's own connected account: a member's profile
 * by identifier (`GET /users/{identifier}`), their posts (`GET /users/{provider_id}/posts`),
 * search for posts by keyword and for people (`POST /linkedin/search`), one post
 * (`GET /posts/{social_id}`), commenting (`POST /posts/{social_id}/comments`) and the post's
 * comments (`GET /posts/{social_id}/comments`) to look a comment up after a lost answer.
 *
 * Every call takes a slot of the account's rate first (`Pacer`); a 429 rests the account for its
 * Retry-After (or 30 s) and the call is tried again once if that fits the caller's wait.
 */
export class UnipileEngageProvider implements EngageProvider {
  readonly name = 'unipile' as const;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;
  private readonly requestWaitMs: number;
  /** Members' provider ids by handle, and each account's own member: asked once per process. */
  private readonly providerIds = new Map<string, string>();
  private readonly ownMembers = new Map<string, { id: string | null; handle: string | null }>();

  constructor(private readonly options: UnipileEngageOptions) {
    const root = options.dsn.includes('://') ? options.dsn : `https://${options.dsn}`;
    this.base = `${root.replace(/\/+$/, '')}/api/v1`;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.fetch = options.fetch ?? fetch;
    this.requestWaitMs = options.requestWaitMs ?? 10_000;
  }

  // ── accounts ──────────────────────────────────────────────────────────────────────────────

  async network(userId: string): Promise<EngageNetwork> {
    const account = await this.options.accounts.of(userId);
    if (account?.connected && account.provider === 'linkedin') return networkOf('unipile', 'by_url');
    if (account?.connected && account.provider === 'unipile' && account.accountId) return networkOf('unipile', 'full');
    return networkOf('unipile', 'not_connected');
  }

  /** The hosted API's account of the user, or the refusal they are shown. */
  private async accountOf(userId: string): Promise<string> {
    const account = await this.options.accounts.of(userId);
    if (account?.connected && account.provider === 'linkedin') throw refusals.feedNotOffered();
    if (!account?.connected || account.provider !== 'unipile' || !account.accountId) throw refusals.notConnected();
    return account.accountId;
  }

  private async isOfficial(userId: string): Promise<boolean> {
    const account = await this.options.accounts.of(userId);
    return !!account?.connected && account.provider === 'linkedin';
  }

  // ── the wire ──────────────────────────────────────────────────────────────────────────────

  private async send(
    account: string,
    method: string,
    path: string,
    options: {
      query?: Record<string, string | number | undefined>;
      json?: unknown;
      waitMs: number;
      /** In the background the pacer's `NetworkRateBusy` passes, with its wait, rather than the user's refusal. */
      busy?: 'refuse' | 'pass';
    },
  ): Promise<unknown> {
    const tooBusy = (waitMs: number) =>
      options.busy === 'pass' ? new NetworkRateBusy(waitMs) : refusals.busy(Math.ceil(waitMs / 1000));
    const budget = networkAccountKey({ provider: 'unipile', accountId: account });
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.pacer.take(budget, options.waitMs);
      } catch (error) {
        if (error instanceof NetworkRateBusy) throw tooBusy(error.waitMs);
        throw error;
      }
      try {
        return await this.once(account, method, path, options);
      } catch (error) {
        if (!(error instanceof WireFailure) || error.status !== 429) throw error;
        const rest = error.retryAfterMs ?? DEFAULT_HOLD_OFF_MS;
        await this.options.pacer.holdOff(budget, rest);
        // A 429 means the call was not carried out, so a write may be tried again too.
        if (attempt >= 2 || rest > options.waitMs) throw tooBusy(rest);
      }
    }
  }

  private async once(
    account: string,
    method: string,
    path: string,
    options: { query?: Record<string, string | number | undefined>; json?: unknown },
  ): Promise<unknown> {
    const url = new URL(`${this.base}${path}`);
    url.searchParams.set('account_id', account);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { 'X-API-KEY': this.options.apiKey, accept: 'application/json' };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    let response: Response;
    let raw: string;
    try {
      response = await this.fetch(url, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
      raw = await response.text();
    } catch (error) {
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      throw new NoAnswer(code !== 'ECONNREFUSED', error instanceof Error ? error.message : String(error));
    }
    let parsed: unknown = null;
    try {
      parsed = raw ? JSON.parse(raw) : null;
    } catch {
      parsed = null;
    }
    if (response.status >= 200 && response.status < 300) return parsed;
    const wire = wireErrorSchema.safeParse(parsed);
    const type = (wire.success ? (wire.data.type ?? '') : '').split('/').pop() ?? '';
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new WireFailure(
      response.status,
      type,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
      `${method} ${path}: HTTP ${response.status} ${type}`,
    );
  }

  /**
   * A read: answers the body, null for a 404 (and a 403 where `hiddenIsAbsent`: a private
   * profile is one Engage cannot follow), and the user's refusal for anything else.
   */
  private async read(
    account: string,
    method: string,
    path: string,
    options: {
      query?: Record<string, string | number | undefined>;
      json?: unknown;
      waitMs?: number;
      busy?: 'refuse' | 'pass';
      hiddenIsAbsent?: boolean;
    } = {},
  ): Promise<unknown | null> {
    try {
      return await this.send(account, method, path, { ...options, waitMs: options.waitMs ?? this.requestWaitMs });
    } catch (error) {
      if (error instanceof WireFailure) {
        if (error.status === 404 || error.type === 'resource_not_found') return null;
        if (error.status === 403 && options.hiddenIsAbsent) return null;
        if (error.type === 'disconnected_account' || error.type === 'expired_credentials') {
          throw refusals.notConnected();
        }
      }
      if (error instanceof WireFailure || error instanceof NoAnswer) throw refusals.unavailable();
      throw error;
    }
  }

  private parse<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> | null {
    const result = schema.safeParse(body);
    return result.success ? result.data : null;
  }

  // ── reading ───────────────────────────────────────────────────────────────────────────────

  private profileOf(
    user: Pick<WireUser, 'public_identifier' | 'name' | 'first_name' | 'last_name' | 'headline'>,
    handle: string,
  ): NetworkProfile {
    const name = user.name ?? [user.first_name, user.last_name].filter(Boolean).join(' ');
    const publicHandle = (user.public_identifier ?? handle).toLowerCase();
    return {
      handle: publicHandle,
      profileUrl: `https://www.linkedin.com/in/${publicHandle}`,
      name: name || publicHandle,
      headline: user.headline ?? '',
      language: languageOf(`${name} ${user.headline ?? ''}`),
    };
  }

  async lookupProfile(handle: string, userId: string): Promise<NetworkProfile | null> {
    const account = await this.accountOf(userId);
    const user = this.parse(
      wireUserSchema,
      await this.read(account, 'GET', `/users/${encodeURIComponent(handle)}`, { hiddenIsAbsent: true }),
    );
    if (!user || user.is_private) return null;
    if (user.provider_id) this.providerIds.set(handle.toLowerCase(), user.provider_id);
    return this.profileOf(user, handle);
  }

  async suggestedCreators(): Promise<NetworkProfile[]> {
    return [];
  }

  async searchPeople(query: string, userId: string, limit: number): Promise<NetworkProfile[]> {
    const account = await this.accountOf(userId);
    const body = await this.read(account, 'POST', '/linkedin/search', {
      query: { limit },
      json: { api: 'classic', category: 'people', keywords: query },
    });
    const list = this.parse(wireListSchema, body);
    const people: NetworkProfile[] = [];
    for (const raw of list?.items ?? []) {
      const person = this.parse(wireSearchPersonSchema, raw);
      if (!person?.public_identifier) continue;
      if (person.id) this.providerIds.set(person.public_identifier.toLowerCase(), person.id);
      people.push(this.profileOf(person, person.public_identifier));
    }
    return people.slice(0, limit);
  }

  private postOf(wire: WirePost, fallbackAuthor?: NetworkProfile): NetworkPost | null {
    const socialId =
      wire.social_id ?? (wire.id !== null && wire.id !== undefined ? `urn:li:activity:${wire.id}` : null);
    if (!socialId) return null;
    const handle = (wire.author?.public_identifier ?? fallbackAuthor?.handle ?? '').toLowerCase();
    const name = wire.author?.name ?? fallbackAuthor?.name ?? handle;
    const headline = wire.author?.headline ?? fallbackAuthor?.headline ?? '';
    const text = wire.text ?? '';
    const postedAt = wire.parsed_datetime ? new Date(wire.parsed_datetime) : null;
    const count = (n: number | null | undefined) => (typeof n === 'number' && n >= 0 ? Math.round(n) : 0);
    return {
      postId: socialId,
      url: postUrlOf(socialId, wire.share_url),
      author: {
        handle,
        profileUrl: handle ? `https://www.linkedin.com/in/${handle}` : '',
        name,
        headline,
        language: languageOf(`${name} ${headline}`),
      },
      text,
      language: languageOf(text),
      postedAt: postedAt && !Number.isNaN(postedAt.getTime()) ? postedAt : new Date(0),
      counters: {
        reactions: count(wire.reaction_counter),
        comments: count(wire.comment_counter),
        reposts: count(wire.repost_counter),
      },
    };
  }

  private postsOf(body: unknown, author?: NetworkProfile): NetworkPost[] {
    const list = this.parse(wireListSchema, body);
    const posts: NetworkPost[] = [];
    for (const raw of list?.items ?? []) {
      const wire = this.parse(wirePostSchema, raw);
      const post = wire && this.postOf(wire, author);
      if (post) posts.push(post);
    }
    return posts;
  }

  /** A refresh runs in the background: a slot further than `maxWaitMs` pauses it (`NetworkRateBusy`). */
  async recentPosts(input: {
    userId: string;
    handles: string[];
    topics: string[];
    since: Date;
    now: Date;
    maxWaitMs: number;
  }): Promise<NetworkPost[]> {
    if (await this.isOfficial(input.userId)) return [];
    const account = await this.accountOf(input.userId);
    const waitMs = input.maxWaitMs;
    const busy = 'pass' as const;
    const tasks: (() => Promise<NetworkPost[]>)[] = [
      ...input.handles.map((handle) => async () => {
        let providerId = this.providerIds.get(handle);
        if (!providerId) {
          const user = this.parse(
            wireUserSchema,
            await this.read(account, 'GET', `/users/${encodeURIComponent(handle)}`, {
              waitMs,
              busy,
              hiddenIsAbsent: true,
            }),
          );
          if (!user?.provider_id) return [];
          providerId = user.provider_id;
          this.providerIds.set(handle, providerId);
        }
        const body = await this.read(account, 'GET', `/users/${encodeURIComponent(providerId)}/posts`, {
          query: { limit: POSTS_PER_PERSON },
          waitMs,
          busy,
        });
        return this.postsOf(body).map((post) => ({ ...post, author: { ...post.author, handle } }));
      }),
      ...input.topics.map((topic) => async () => {
        const body = await this.read(account, 'POST', '/linkedin/search', {
          json: { api: 'classic', category: 'posts', keywords: topic, sort_by: 'date', date_posted: 'past_week' },
          waitMs,
          busy,
        });
        return this.postsOf(body);
      }),
    ];
    const results: NetworkPost[][] = [];
    let next = 0;
    const worker = async () => {
      while (next < tasks.length) {
        const task = tasks[next++];
        if (task) results.push(await task());
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_CALLS, tasks.length) }, worker));
    const byId = new Map<string, NetworkPost>();
    for (const post of results.flat()) if (post.postedAt >= input.since) byId.set(post.postId, post);
    return [...byId.values()].sort((a, b) => b.postedAt.getTime() - a.postedAt.getTime());
  }

  async getPost(postId: string, _now: Date, userId: string): Promise<NetworkPost | null> {
    const account = await this.accountOf(userId);
    try {
      const wire = this.parse(
        wirePostSchema,
        await this.send(account, 'GET', `/posts/${encodeURIComponent(postId)}`, { waitMs: this.requestWaitMs }),
      );
      return wire ? this.postOf(wire) : null;
    } catch (error) {
      if (error instanceof WireFailure && (error.status === 404 || error.status === 403)) return null;
      if (error instanceof WireFailure || error instanceof NoAnswer) throw refusals.unavailable();
      throw error;
    }
  }

  async resolvePost(ref: PostRef, userId: string, now: Date): Promise<ResolvedPost> {
    if (await this.isOfficial(userId)) return this.options.official.resolvePost(ref, userId, now);
    if (ref.id.startsWith('sbx-')) return { status: 'gone' };
    const account = await this.accountOf(userId);
    try {
      const wire = this.parse(
        wirePostSchema,
        await this.send(account, 'GET', `/posts/${encodeURIComponent(ref.id)}`, { waitMs: this.requestWaitMs }),
      );
      const post = wire && this.postOf(wire);
      return post
        ? { status: 'found', post: { ...post, url: post.url || ref.url }, textKnown: true }
        : { status: 'gone' };
    } catch (error) {
      if (error instanceof WireFailure) {
        if (error.status === 404 || error.type === 'resource_not_found') return { status: 'gone' };
        if (error.status === 403) return { status: 'private' };
        if (error.type === 'disconnected_account' || error.type === 'expired_credentials') {
          throw refusals.notConnected();
        }
      }
      if (error instanceof WireFailure || error instanceof NoAnswer) throw refusals.unavailable();
      throw error;
    }
  }

  // ── commenting ────────────────────────────────────────────────────────────────────────────

  async comment(input: { userId: string; key: string; postId: string; text: string }): Promise<PostedComment> {
    const account = await this.accountOf(input.userId);
    let body: unknown;
    try {
      body = await this.send(account, 'POST', `/posts/${encodeURIComponent(input.postId)}/comments`, {
        json: { account_id: account, text: input.text },
        waitMs: this.requestWaitMs,
      });
    } catch (error) {
      if (error instanceof WireFailure) {
        if (error.status === 404 || error.type === 'resource_not_found') {
          throw new EngageProviderError('post_gone', 'The post was deleted before the comment went out.');
        }
        if (error.status === 403) {
          throw new EngageProviderError('private', "Only the author's connections can comment on this post.");
        }
        // A 5xx may come after the comment was stored: only a look-up can tell.
        if (error.status >= 500) throw new EngageProviderError('no_answer', 'The network did not answer.');
        throw new EngageProviderError('refused', 'LinkedIn refused this comment.');
      }
      if (error instanceof NoAnswer) {
        if (!error.reachedNetwork) throw new EngageProviderError('refused', 'LinkedIn could not be reached.');
        throw new EngageProviderError('no_answer', 'The network did not answer.');
      }
      throw error;
    }
    const sent = this.parse(wireCommentSentSchema, body);
    const rawId = sent?.comment_id ?? sent?.id ?? null;
    return {
      commentId: rawId === null ? `unipile-${input.key}` : String(rawId),
      url: postUrlOf(input.postId),
    };
  }

  private async ownMember(account: string): Promise<{ id: string | null; handle: string | null }> {
    const known = this.ownMembers.get(account);
    if (known) return known;
    const me = this.parse(wireUserSchema, await this.read(account, 'GET', '/users/me'));
    const own = { id: me?.provider_id ?? null, handle: me?.public_identifier?.toLowerCase() ?? null };
    if (own.id || own.handle) this.ownMembers.set(account, own);
    return own;
  }

  /**
   * The hosted API keeps no key of ours, so a comment is recognised by what it holds: written by
   * the account's own member (its provider id, or its public handle), with the same words
   * (spaces folded), and dated no earlier than the attempt (less 5 minutes for clocks). The user
   * may have sent the same words on the same post before under another key: the attempt counts
   * as arrived only when the post holds more such comments than those already confirmed.
   */
  async findComment(input: CommentLookup): Promise<PostedComment | null> {
    const account = await this.accountOf(input.userId);
    const own = await this.ownMember(account);
    let matches = 0;
    let newest: string | null = null;
    let cursor: string | undefined;
    for (let page = 0; page < COMMENT_PAGES; page++) {
      const body = await this.read(account, 'GET', `/posts/${encodeURIComponent(input.postId)}/comments`, {
        query: { limit: COMMENT_PAGE, cursor },
      });
      if (body === null) return null;
      const list = this.parse(wireListSchema, body);
      for (const raw of list?.items ?? []) {
        const comment = this.parse(wireCommentSchema, raw);
        if (!comment?.text || !sameWords(comment.text, input.text)) continue;
        const author = comment.author_details ?? (typeof comment.author === 'object' ? comment.author : null);
        const mine =
          (own.id !== null && author?.id === own.id) ||
          (own.handle !== null && author?.public_identifier?.toLowerCase() === own.handle);
        if (!mine) continue;
        const date = comment.date ? Date.parse(comment.date) : Number.NaN;
        if (!Number.isNaN(date) && date < input.since.getTime() - CLOCK_SKEW_MS) continue;
        matches++;
        newest ??= comment.id === null || comment.id === undefined ? null : String(comment.id);
      }
      cursor = list?.cursor ?? undefined;
      if (!cursor) break;
    }
    if (matches <= input.confirmedTwins) return null;
    return { commentId: newest ?? `unipile-${input.key}`, url: postUrlOf(input.postId) };
  }
}
