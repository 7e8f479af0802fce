import { PLAN_LIMIT_ERROR_CODES } from '../billing/index.js';
import { MEDIA_ERROR_CODES } from '../posts/media.js';
import { POST_ERROR_CODES as codes } from '../posts/messages.js';
import {
  queuePostRequestSchema,
  queuePostResponseSchema,
  queueQuerySchema,
  queueResponseSchema,
  saveQueueRequestSchema,
  saveQueueResponseSchema,
} from '../posts/queue.js';
import { QUEUE_ERROR_CODES } from '../posts/queue-rules.js';
import { REVIEW_ERROR_CODES } from '../posts/review.js';
import { defineEndpoint } from './define.js';

/** The posting queue: the caller's weekly slots, and posts put in the next free one. */
export const queueApi = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/queue',
    owner: 'posts',
    access: 'signed-in',
    token: 'posts:read',
    summary: "The caller's posting queue",
    description:
      'The weekly slots (weekday 0 = Sunday, 24-hour local time) in their zone, suggested slots for the zone ' +
      '(`timeZone` in the query before the queue is saved) and the next free slot.',
    query: queueQuerySchema,
    responses: { 200: { description: 'The queue', schema: queueResponseSchema } },
    errors: { 400: [codes.badTimeZone] },
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/v1/queue',
    owner: 'posts',
    access: 'signed-in',
    summary: 'Set the weekly posting slots',
    description:
      'Replaces every slot. The queued posts still waiting (those due in more than a minute) are laid onto ' +
      'the new slots in their order, earliest first, each in the next free slot from now; each moves as an ' +
      'edit of its time does (a new version, its due job moved) and stays queued. Posts scheduled by hand ' +
      'keep their times, and their slots are not free. `rescheduled` counts the posts that moved. When the ' +
      'new slots of the coming year cannot hold every queued post, nothing is saved or moved: 409 `queue.full` ' +
      '(params: `queued`, `available`).',
    body: saveQueueRequestSchema,
    responses: { 200: { description: 'The queue as saved', schema: saveQueueResponseSchema } },
    errors: {
      400: [QUEUE_ERROR_CODES.tooManySlots, QUEUE_ERROR_CODES.duplicateSlot, codes.badTimeZone],
      409: [QUEUE_ERROR_CODES.full],
    },
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/v1/queue/posts',
    workspace: 'editor',
    owner: 'posts',
    access: 'full-user',
    token: 'posts:schedule',
    idempotent: true,
    summary: 'Add a post to the queue',
    description:
      'Schedules the post in the next free slot (a slot no scheduled post of the caller holds). It is then a ' +
      'scheduled post like any other, marked `queued`: when an earlier queued post is deleted or rescheduled by ' +
      'hand before its time, it moves up one slot. A queued post that fails to publish leaves the queue (its ' +
      'slot has passed, so nothing moves up); retried, it goes out as an ordinary post.',
    body: queuePostRequestSchema,
    responses: { 201: { description: 'Queued', schema: queuePostResponseSchema } },
    errors: {
      400: [
        codes.contentRequired,
        codes.tooLong,
        codes.firstCommentTooLong,
        'text.unstorable',
        'text.lone_surrogate',
        MEDIA_ERROR_CODES.tooMany,
        MEDIA_ERROR_CODES.duplicate,
        MEDIA_ERROR_CODES.unknownMedia,
        MEDIA_ERROR_CODES.documentWithImages,
        MEDIA_ERROR_CODES.tooManyDocuments,
      ],
      403: [PLAN_LIMIT_ERROR_CODES.inactive, PLAN_LIMIT_ERROR_CODES.weeklyPosts],
      409: [QUEUE_ERROR_CODES.noSlots, QUEUE_ERROR_CODES.full, REVIEW_ERROR_CODES.approvalRequired],
      422: [codes.identityUnknown],
    },
  }),
} as const;
