import { POST_ATTENTION_CODES, type Post, type ScheduledPost } from '@nashr/contracts';
import type { PostRow } from './db/schema.js';
import { instantToLocal } from './schedule/local-time.js';

/** Why a scheduled post needs the user, with the code of the words to show; null for any other. */
function attentionOf(row: PostRow): Post['attention'] {
  return row.status === 'scheduled' && row.attention
    ? { cause: row.attention, code: POST_ATTENTION_CODES[row.attention] }
    : null;
}

/** A post as the `/api/v1/posts` routes answer it. */
export function toPost(row: PostRow): Post {
  const local = instantToLocal(row.scheduledAt, row.timeZone);
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    userId: row.userId,
    content: row.content,
    status: row.status,
    scheduledAt: row.scheduledAt.toISOString(),
    timeZone: row.timeZone,
    date: local.date,
    time: local.time,
    networkPostId: row.networkPostId,
    url: row.networkUrl,
    failureReason: row.failureReason,
    failureCode: row.failureCode,
    firstComment: row.firstComment,
    firstCommentStatus: row.firstCommentStatus,
    firstCommentFailure: row.firstCommentFailure,
    media: row.media,
    attention: attentionOf(row),
    identity: row.identity,
    retryAt: row.status === 'publishing' ? (row.retryAt?.toISOString() ?? null) : null,
    queued: row.queued,
    attempts: row.attempts,
    version: row.version,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    deletedOnNetworkAt: row.deletedOnNetworkAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A post in the spec's scheduled-post shape (date and 12-hour time in the post's own zone). */
export function toScheduledPost(row: PostRow): ScheduledPost {
  const local = instantToLocal(row.scheduledAt, row.timeZone);
  return {
    id: row.id,
    userID: row.userId,
    workspaceId: row.workspaceId,
    content: row.content,
    date: local.date,
    time: local.time,
    status: row.status,
    timeZone: row.timeZone,
    scheduledAt: row.scheduledAt.toISOString(),
    version: row.version,
    firstComment: row.firstComment,
    media: row.media,
    attention: attentionOf(row),
    identity: row.identity,
    queued: row.queued,
  };
}
