import {
  CHANGED_HEADER,
  type CopiedState,
  formatStamps,
  IDENTITY_HEADERS,
  parseStamps,
  type Stamps,
} from '@nashr/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The stamps of the caller's own changes this request must see, as the gateway forwarded them. */
    seen: Stamps;
  }
}

/** How long a copy is waited for by default: about the time an event takes on a loaded machine. */
export const COPY_WAIT_MS = 2000;
const FIRST_POLL_MS = 5;
const LONGEST_POLL_MS = 100;

/** Reads the forwarded stamps (trusted only behind the internal secret, like the identity). */
export function readSeen(request: FastifyRequest): Stamps {
  const value = request.headers[IDENTITY_HEADERS.seen];
  return parseStamps(Array.isArray(value) ? value[0] : value);
}

/**
 * The owner of `state` says in its answer which change the caller just saw succeed, so the
 * gateway can hold every later request of theirs to it. Call after the change is stored.
 */
export function announceChange(reply: FastifyReply, state: CopiedState, stamp: number): void {
  const current = reply.getHeader(CHANGED_HEADER);
  const previous = parseStamps(typeof current === 'string' ? current : undefined);
  reply.header(CHANGED_HEADER, formatStamps({ ...previous, [state]: Math.max(previous[state] ?? 0, stamp) }));
}

export class CopyPendingError extends AppError {
  constructor(state: CopiedState) {
    super('UNAVAILABLE', 'Your latest change is still being applied. Please try again in a moment.', {
      code: 'consistency.pending',
      params: { state },
    });
    this.name = 'CopyPendingError';
  }
}

/**
 * Before answering from a copy of `state`: waits until the copy holds the caller's latest seen
 * change (`readStamp` reads the copy's stamp), polling with a growing interval, for at most
 * `timeoutMs`; then refuses with 503 `consistency.pending` rather than answer with stale data.
 * Returns at once when the caller has seen no change of `state`, which is nearly always.
 */
export async function awaitCopy(
  request: FastifyRequest,
  state: CopiedState,
  readStamp: () => Promise<number>,
  timeoutMs = COPY_WAIT_MS,
): Promise<void> {
  const wanted = request.seen?.[state];
  if (wanted === undefined) return;
  const deadline = Date.now() + timeoutMs;
  for (let pause = FIRST_POLL_MS; ; pause = Math.min(pause * 2, LONGEST_POLL_MS)) {
    if ((await readStamp()) >= wanted) return;
    const left = deadline - Date.now();
    if (left <= 0) throw new CopyPendingError(state);
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
  }
}
