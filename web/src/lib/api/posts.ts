import {
  type AttachedMedia,
  CLIENT_ERROR_CODES,
  POST_ERROR_CODES,
  type Post,
  type PostStatus,
  SCHEDULE_MESSAGES,
  type ScheduledPost,
  toTwelveHourTime,
} from '@nashr/contracts';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { browserTimeZone } from '../time-zone';
import { sessionQuery, useSession } from './auth';
import { postsApi } from './catalogue';
import { ApiError, call, onceWithKey } from './client';
import { useMutation } from './mutation';

/** One post of the posts service as the screens use it, whichever call it came from. */
export interface PostView {
  id: string;
  content: string;
  status: PostStatus;
  /** ISO 8601 instant in UTC. */
  scheduledAt: string;
  /** The IANA zone it was scheduled in. */
  timeZone: string;
  failureReason: string | null;
  /** The declared code of the failure, which the screens translate. */
  failureCode: string | null;
  url: string | null;
  version: number;
  /** Posted under the post right after it goes out; null or absent when there is none. */
  firstComment?: string | null;
  /** The images it carries, in order. */
  media?: AttachedMedia[];
  /** Why a scheduled post cannot go out as it stands (the code says it and its action); null when fine. */
  attention?: Post['attention'];
  /** When a post the network asked to wait for goes out again; null otherwise. */
  retryAt?: string | null;
  /** In the posting queue: it moves up when an earlier queued post leaves. */
  queued?: boolean;
  /** When the published post was found deleted on LinkedIn; null while it is there. */
  deletedOnNetworkAt?: string | null;
  /** The identity it goes out as (a company page's, or the member's); null when not known. */
  identity?: string | null;
}

const fromScheduled = (post: ScheduledPost): PostView => ({
  id: post.id,
  content: post.content,
  status: post.status,
  scheduledAt: post.scheduledAt,
  timeZone: post.timeZone,
  failureReason: null,
  failureCode: null,
  url: null,
  version: post.version,
  firstComment: post.firstComment ?? null,
  media: post.media ?? [],
  attention: post.attention ?? null,
  retryAt: null,
  queued: post.queued ?? false,
  identity: post.identity ?? null,
});

const fromPost = (post: Post): PostView => ({
  id: post.id,
  content: post.content,
  status: post.status,
  scheduledAt: post.scheduledAt ?? post.createdAt,
  timeZone: post.timeZone ?? 'UTC',
  failureReason: post.failureReason,
  failureCode: post.failureCode ?? null,
  url: post.url,
  version: post.version,
  firstComment: post.firstComment ?? null,
  media: post.media ?? [],
  attention: post.attention ?? null,
  retryAt: post.retryAt ?? null,
  queued: post.queued ?? false,
  deletedOnNetworkAt: post.deletedOnNetworkAt ?? null,
  identity: post.identity ?? null,
});

/** The signed-in user's id, which the spec's calls carry (`userId`, `/getScheduledPosts/{id}`). */
export function useUserId(): string | null {
  return useSession().user?.id ?? null;
}

/** The session does not name the user yet (see useUserId). */
const userIdMissing = () =>
  new ApiError(
    'Your account id is not available yet. Reload the page and try again.',
    0,
    [],
    CLIENT_ERROR_CODES.userIdMissing,
  );

export const postKeys = {
  all: ['posts'] as const,
  scheduled: (userId: string) => ['posts', 'scheduled', userId] as const,
  inFlight: ['posts', 'in-flight'] as const,
  calendar: (from: string, to: string) => ['posts', 'calendar', from, to] as const,
};

const DAY_MS = 24 * 3_600_000;
/** How far back failed and still-publishing posts are looked for (the feed answers 62 days at most). */
const IN_FLIGHT_LOOKBACK_DAYS = 60;

/** `GET /linkedln/getScheduledPosts/{id}`: every post still waiting to go out, soonest first. */
const scheduledQuery = (userId: string) =>
  queryOptions({
    queryKey: postKeys.scheduled(userId),
    queryFn: async () => (await call(postsApi.scheduled, { params: { id: userId } })).data.map(fromScheduled),
    retry: 1,
  });

/**
 * Posts that left the schedule without being published yet: going out right now, or failed
 * (with the reason, so the user can retry). They are due in the past, hence the look-back.
 */
const inFlightQuery = queryOptions({
  queryKey: postKeys.inFlight,
  queryFn: async () => {
    const now = Date.now();
    const answer = await call(postsApi.list, {
      query: {
        from: new Date(now - IN_FLIGHT_LOOKBACK_DAYS * DAY_MS).toISOString(),
        to: new Date(now + DAY_MS).toISOString(),
        status: 'publishing,failed',
      },
    });
    return answer.data.map(fromPost);
  },
  retry: 1,
});

/** For a route's loader: the Scheduled tab's two lists (useScheduledTab), the first once the session names the user. */
export async function readScheduledTab(client: QueryClient): Promise<void> {
  const user = await client.ensureQueryData(sessionQuery);
  await Promise.all([
    user ? client.prefetchQuery(scheduledQuery(user.id)) : undefined,
    client.prefetchQuery(inFlightQuery),
  ]);
}

/** Soon-due or publishing posts are watched closely, so their outcome shows within seconds. */
const WATCH_MS = 4_000;
const IDLE_POLL_MS = 60_000;
const WATCH_AHEAD_MS = 90_000;

export function pollInterval(posts: readonly PostView[], now = Date.now()): number {
  const busy = posts.some(
    (post) =>
      // A post the network asked to wait for is watched again as its retry time nears.
      (post.status === 'publishing' && (!post.retryAt || new Date(post.retryAt).getTime() - now < WATCH_AHEAD_MS)) ||
      (post.status === 'scheduled' && new Date(post.scheduledAt).getTime() - now < WATCH_AHEAD_MS),
  );
  return busy ? WATCH_MS : IDLE_POLL_MS;
}

/** When a post leaves the schedule (published, failed, retried), what other screens show changes too. */
function refreshDependents(client: QueryClient) {
  void client.invalidateQueries({ queryKey: ['posts', 'calendar'] });
  void client.invalidateQueries({ queryKey: ['linkedin', 'posts'] });
  void client.invalidateQueries({ queryKey: ['linkedin', 'dashboard'] });
}

/**
 * The Scheduled tab: failed and publishing posts first (they need attention), then the
 * schedule, soonest first. Polls fast while something is about to go out.
 */
export function useScheduledTab() {
  const client = useQueryClient();
  const userId = useUserId();
  const scheduledOptions = scheduledQuery(userId ?? '');
  // Both lists decide together how often both are asked again.
  const interval = () =>
    pollInterval([
      ...(client.getQueryData(scheduledOptions.queryKey) ?? []),
      ...(client.getQueryData(inFlightQuery.queryKey) ?? []),
    ]);
  const scheduled = useQuery({ ...scheduledOptions, enabled: Boolean(userId), refetchInterval: interval });
  const inFlight = useQuery({ ...inFlightQuery, refetchInterval: interval });

  const posts = [...(inFlight.data ?? []), ...(scheduled.data ?? [])];
  const ready = Boolean(scheduled.data && inFlight.data);
  const signature = posts.map((post) => `${post.id}:${post.status}:${post.version}`).join('|');
  const lastSignature = useRef<string | null>(null);

  useEffect(() => {
    if (!ready) return;
    if (lastSignature.current !== null && lastSignature.current !== signature) refreshDependents(client);
    lastSignature.current = signature;
  }, [client, ready, signature]);

  return {
    posts,
    isPending: Boolean(userId) && (scheduled.isPending || inFlight.isPending),
    error: userId ? (scheduled.error ?? inFlight.error) : userIdMissing(),
    refetch: async () => {
      await Promise.all([scheduled.refetch(), inFlight.refetch()]);
    },
  };
}

/** `GET /api/v1/posts?from=&to=`: every post due in the period (all but deleted ones), for the calendar. */
export const calendarPostsQuery = (from: Date, to: Date) => {
  // In UTC whatever zone the days were worked out in (a server render's dates name theirs).
  const fromIso = new Date(from.getTime()).toISOString();
  const toIso = new Date(to.getTime()).toISOString();
  return queryOptions({
    queryKey: postKeys.calendar(fromIso, toIso),
    queryFn: async () => {
      const answer = await call(postsApi.list, { query: { from: fromIso, to: toIso } });
      return answer.data.map(fromPost);
    },
    retry: 1,
  });
};

export function useCalendarPosts(from: Date, to: Date, enabled = true) {
  return useQuery({
    ...calendarPostsQuery(from, to),
    placeholderData: (previousData) => previousData,
    enabled,
    refetchInterval: (query) => pollInterval(query.state.data ?? []),
  });
}

export interface ScheduleInput {
  content: string;
  /** YYYY-MM-DD, as a date input gives it. */
  date: string;
  /** 24-hour HH:mm as a time input gives it, or already 12-hour. */
  time: string;
  timeZone?: string;
  /** The same for every attempt of one scheduling, so a repeat schedules one post. */
  idempotencyKey?: string;
  /** Posted under the post right after it goes out; blank for none. */
  firstComment?: string;
  /** The server draft the post is made from: deleted once the post is scheduled. */
  draftId?: string | null;
  /** Uploaded images the post carries, in order. */
  mediaIds?: string[];
  /** A company page's identity to post as; the connected member when left out. */
  identity?: string;
}

/** A refusal the user can act on, with the server's code; anything else is 'an error occurred'. */
export class ScheduleRefused extends ApiError {
  constructor(cause: ApiError) {
    super(cause.message, cause.status, cause.issues, cause.code, cause.params);
    this.name = 'ScheduleRefused';
  }
}

/**
 * `POST /linkedln/saveSchedulePost` with the spec's payload: userId, content, date, the time in
 * the 12-hour form of spec section 5, status 'scheduled', plus the browser's time zone.
 */
export function useSchedulePost() {
  const client = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: async (input: ScheduleInput) => {
      if (!userId) throw new ScheduleRefused(userIdMissing());
      const time = toTwelveHourTime(input.time);
      if (!time) {
        throw new ScheduleRefused(
          new ApiError(SCHEDULE_MESSAGES.fillAllFields, 400, [], POST_ERROR_CODES.fillAllFields),
        );
      }
      try {
        const answer = await call(postsApi.schedule, {
          body: {
            userId,
            content: input.content,
            date: input.date,
            time,
            status: 'scheduled',
            timeZone: input.timeZone ?? browserTimeZone(),
            ...(input.firstComment ? { firstComment: input.firstComment } : {}),
            ...(input.draftId ? { draftId: input.draftId } : {}),
            ...(input.mediaIds?.length ? { mediaIds: input.mediaIds } : {}),
            ...(input.identity ? { identity: input.identity } : {}),
          },
          failureCode: CLIENT_ERROR_CODES.scheduleFailed,
          init: onceWithKey(input.idempotencyKey),
        });
        return { post: answer.data };
      } catch (error) {
        // A 4xx (or a 200 saying failure) is the server refusing this post: its reason counts.
        if (error instanceof ApiError && error.status >= 200 && error.status < 500) throw new ScheduleRefused(error);
        throw error;
      }
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: postKeys.all });
      void client.invalidateQueries({ queryKey: ['drafts'] });
    },
  });
}

export interface UpdateInput {
  post: Pick<PostView, 'id' | 'version'>;
  content?: string;
  /** A new first comment; blank removes it. */
  firstComment?: string;
  /** The images it carries from now on, in order; an empty list removes them. */
  mediaIds?: string[];
  /** Both or neither: a new due time, read in `timeZone` (the browser's by default). */
  date?: string;
  time?: string;
}

/** `PATCH /api/v1/posts/{id}`: new content and/or a new time; the version guards against lost updates. */
export function useUpdatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, content, firstComment, mediaIds, date, time }: UpdateInput) => {
      const body: Record<string, unknown> = { version: post.version };
      if (content !== undefined) body.content = content;
      if (firstComment !== undefined) body.firstComment = firstComment;
      if (mediaIds !== undefined) body.mediaIds = mediaIds;
      if (date && time) {
        body.date = date;
        body.time = toTwelveHourTime(time) ?? time;
        body.timeZone = browserTimeZone();
      }
      const answer = await call(postsApi.update, { params: { id: post.id }, body });
      return { rescheduled: body.date !== undefined, post: fromPost(answer.data) };
    },
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.all }),
  });
}

/** `DELETE /api/v1/posts/{id}`: the post is cancelled and its job removed. */
export function useDeletePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (post: Pick<PostView, 'id'>) => {
      const answer = await call(postsApi.cancel, { params: { id: post.id } });
      return { post: fromPost(answer.data) };
    },
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.all }),
  });
}

/** `POST /api/v1/posts/{id}/retry`: a failed post goes out again now. */
export function useRetryPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (post: Pick<PostView, 'id'>) => {
      const answer = await call(postsApi.retry, { params: { id: post.id } });
      return { post: fromPost(answer.data) };
    },
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.all }),
  });
}

/**
 * `POST /api/v1/posts/{id}/connected-account`: a scheduled post written for another LinkedIn
 * member than the one connected now goes out as the connected one.
 */
export function useMoveToConnectedAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (post: Pick<PostView, 'id'>) => {
      const answer = await call(postsApi.moveToConnectedAccount, { params: { id: post.id } });
      return { post: fromPost(answer.data) };
    },
    onSettled: () => client.invalidateQueries({ queryKey: postKeys.all }),
  });
}

/**
 * The network's published posts (spec section 2, Published tab) come from the linkedin service;
 * its hook lives in ./linkedin.ts.
 */
export { usePosts as usePublishedPosts } from './linkedin';
