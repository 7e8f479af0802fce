import {
  createPostFailureSchema,
  createPostRequestSchema,
  createPostResponseSchema,
  MAX_SCHEDULED_LIST_ROWS,
  POST_MESSAGES,
  postIdParamsSchema,
  SCHEDULE_MESSAGES,
  scheduledPostsResponseSchema,
  schedulePostRequestSchema,
  schedulePostResponseSchema,
} from '@nashr/contracts';
import { AppError, forbidden, identityOf, requireIdentity, type ServiceApp } from '@nashr/platform';
import { z } from 'zod';
import { type PostService, requireContent } from '../post-service.js';
import type { PostStore } from '../post-store.js';
import { toPost, toScheduledPost } from '../present.js';
import type { PublishWaiter } from '../publish-waiter.js';
import { requireTimeZone, resolveSchedule } from '../schedule/resolve-schedule.js';

const filled = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The spec's `text` is "the content as a JSON-encoded string": `"\"Hello\""` means `Hello`. */
export function decodePostText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      const decoded: unknown = JSON.parse(trimmed);
      if (typeof decoded === 'string') return decoded;
    } catch {
      // Not JSON after all: it is the text itself.
    }
  }
  return text;
}

export interface LinkedlnRouteOptions {
  service: PostService;
  store: PostStore;
  waiter: PublishWaiter;
  publishWaitMs: number;
}

/** The spec's call table paths (section 7), spelled as the spec spells them. */
export function linkedlnRoutes(app: ServiceApp, { service, store, waiter, publishWaitMs }: LinkedlnRouteOptions): void {
  app.post(
    '/linkedln/saveSchedulePost',
    {
      preHandler: requireIdentity,
      schema: {
        // A request without a body still deserves the spec's message rather than a type error.
        body: z.preprocess((body) => body ?? {}, schedulePostRequestSchema),
        response: { 201: schedulePostResponseSchema },
      },
    },
    async (request, reply) => {
      const me = identityOf(request);
      const { content, date, time, timeZone } = request.body;
      const claimed = [request.body.userId, request.body.userID].filter(filled);
      if (!claimed.length || !filled(content) || !filled(date) || !filled(time)) {
        throw new AppError('BAD_REQUEST', SCHEDULE_MESSAGES.fillAllFields);
      }
      if (claimed.some((id) => id.trim() !== me.userId)) throw forbidden(POST_MESSAGES.notYourAccount);
      const text = requireContent(content);
      const schedule = resolveSchedule({ date, time, timeZone: filled(timeZone) ? timeZone : 'UTC' });
      const post = await service.schedule(me.userId, text, schedule, request.id);
      request.log.info({ postId: post.id, scheduledAt: post.scheduledAt }, 'post scheduled');
      return reply
        .status(201)
        .send({ success: true, message: SCHEDULE_MESSAGES.scheduled, data: toScheduledPost(post) });
    },
  );

  app.get(
    '/linkedln/getScheduledPosts/:id',
    {
      preHandler: requireIdentity,
      schema: { params: postIdParamsSchema, response: { 200: scheduledPostsResponseSchema } },
    },
    async (request) => {
      const me = identityOf(request);
      if (request.params.id !== me.userId) throw forbidden(POST_MESSAGES.notYourAccount);
      const rows = await store.listScheduled(me.userId, MAX_SCHEDULED_LIST_ROWS);
      return { success: true as const, data: rows.map(toScheduledPost) };
    },
  );

  app.post(
    '/linkedln/createPost',
    {
      preHandler: requireIdentity,
      schema: {
        body: createPostRequestSchema,
        response: { 200: createPostResponseSchema, 202: createPostResponseSchema, 422: createPostFailureSchema },
      },
    },
    async (request, reply) => {
      const me = identityOf(request);
      const text = requireContent(decodePostText(request.body.text));
      const timeZone = request.body.timeZone ? requireTimeZone(request.body.timeZone) : 'UTC';
      const created = await service.publishNow(me.userId, text, timeZone, request.id);
      const post = (await waiter.waitForOutcome(created.id, publishWaitMs)) ?? created;
      if (post.status === 'published') {
        return reply.status(200).send({ success: true, message: POST_MESSAGES.published, data: toPost(post) });
      }
      if (post.status === 'failed') {
        return reply.status(422).send({
          success: false,
          message: post.failureReason ?? POST_MESSAGES.publishFailed,
          data: toPost(post),
        });
      }
      request.log.info({ postId: post.id, status: post.status }, 'still publishing when the wait ran out');
      return reply.status(202).send({ success: true, message: POST_MESSAGES.stillPublishing, data: toPost(post) });
    },
  );
}
