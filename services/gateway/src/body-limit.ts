import { Transform, type TransformCallback } from 'node:stream';
import {
  CONTENT_SAVE_BODY_LIMIT,
  CONTENT_SAVE_PATH,
  DEFAULT_BODY_LIMIT,
  MAX_UPLOAD_BYTES,
  MEDIA_UPLOAD_PATH,
} from '@nashr/contracts';
import { payloadTooLarge } from '@nashr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The most of a body the route owning `url` reads: the gateway refuses more before forwarding. */
export function bodyLimitFor(url: string): number {
  if (MEDIA_UPLOAD_PATH.test(url)) return MAX_UPLOAD_BYTES;
  return CONTENT_SAVE_PATH.test(url) ? CONTENT_SAVE_BODY_LIMIT : DEFAULT_BODY_LIMIT;
}

/**
 * onRequest hook: a body its headers announce as too large is refused at once, unread. The
 * connection closes after the answer, so the rest is not read either.
 */
export function refuseAnnouncedOversize(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) {
  const announced = Number(request.headers['content-length']);
  const limit = bodyLimitFor(request.url);
  if (announced > limit) {
    reply.header('connection', 'close');
    done(payloadTooLarge(limit));
    return;
  }
  done();
}

/**
 * Passes a body through while counting it; past `limit` bytes (a chunked body, whose size no
 * header announces) it stops with `exceeded` set, and the forwarding answers 413.
 */
export class LimitedBody extends Transform {
  exceeded = false;
  private seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.exceeded = true;
      callback(payloadTooLarge(this.limit));
      return;
    }
    callback(null, chunk);
  }
}
