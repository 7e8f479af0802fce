import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line every so often keeps proxies from closing a connection that waits for the model. */
const HEARTBEAT_MS = 10_000;

export interface EventStream {
  send: (event: string, data: unknown) => void;
  end: () => void;
}

/** True when the client asked for server-sent events (`Accept: text/event-stream` or `?stream=1`). */
export function wantsEventStream(request: FastifyRequest): boolean {
  const { stream } = (request.query ?? {}) as { stream?: string };
  if (stream === '1' || stream === 'true') return true;
  if (stream === '0' || stream === 'false') return false;
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * Starts a server-sent-events answer. Headers go out at once; each event is one `event:` line
 * and one JSON `data:` line (JSON keeps line breaks in the text from splitting an event).
 */
export function openEventStream(reply: FastifyReply): EventStream {
  const body = new PassThrough();
  reply
    .code(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    // nginx and similar proxies buffer responses unless told not to.
    .header('x-accel-buffering', 'no')
    .send(body);
  const heartbeat = setInterval(() => body.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let open = true;
  return {
    send: (event, data) => {
      if (open) body.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      body.end();
    },
  };
}

/** An AbortSignal that fires when the client goes away before the answer is complete. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
