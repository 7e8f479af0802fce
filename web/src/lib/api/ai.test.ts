import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventParser, DraftError, type ServerSentEvent, streamDraft } from './ai';

const collect = (chunks: string[]) => {
  const events: ServerSentEvent[] = [];
  const parser = createEventParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
};

describe('the server-sent events reader', () => {
  it('reads named events, skips comments and joins multi-line data', () => {
    const events = collect([
      ': ping\n\n',
      'event: meta\ndata: {"offline":true}\n\n',
      'event: token\ndata: {"text":"Hello "}\n\n',
      'data: line one\ndata: line two\n\n',
      'event: done\r\ndata: {"success":true}\r\n\r\n',
    ]);
    expect(events).toEqual([
      { event: 'meta', data: '{"offline":true}' },
      { event: 'token', data: '{"text":"Hello "}' },
      { event: 'message', data: 'line one\nline two' },
      { event: 'done', data: '{"success":true}' },
    ]);
  });

  it('keeps an event whose closing blank line never came', () => {
    expect(collect(['event: error\ndata: {"success":false}'])).toEqual([{ event: 'error', data: '{"success":false}' }]);
  });

  it('gives the same events however the stream is cut into chunks', () => {
    const stream = [
      'event: meta\ndata: {"a":1}\n\n',
      ': ping\r\n\r\n',
      'event: token\r\ndata: {"text":"مرحبا بك "}\r\n\r\n',
      'event: token\ndata: {"text":"line\\nbreak"}\n\n',
      'event: done\rdata: {"ok":true}\r\r',
    ].join('');
    const whole = collect([stream]);
    expect(whole.map((e) => e.event)).toEqual(['meta', 'token', 'token', 'done']);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: stream.length - 1 }), { maxLength: 12 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), stream.length];
        const chunks = points.slice(1).map((end, i) => stream.slice(points[i], end));
        expect(collect(chunks)).toEqual(whole);
      }),
    );
  });
});

describe('a streamed draft', () => {
  const draft = {
    text: 'Hello world',
    model: 'offline-writer',
    offline: true,
    kind: 'generate',
    action: null,
    language: 'English',
    note: null,
    promptVersion: 'v1',
    credits: { remaining: 90, premium: true },
  };
  const encoder = new TextEncoder();

  /** Answers every fetch with these chunks, then keeps the stream open when `hang` is set. */
  function serve(chunks: string[], options: { status?: number; hang?: boolean; json?: unknown } = {}) {
    const seen: { url: string; init: RequestInit; cancelled: boolean }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const call = { url, init, cancelled: false };
      seen.push(call);
      if (options.json !== undefined) {
        return new Response(JSON.stringify(options.json), {
          status: options.status ?? 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
          if (!options.hang) controller.close();
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
        cancel() {
          call.cancelled = true;
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    return seen;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('hands over the meta, every token in order, and resolves with the final draft', async () => {
    const seen = serve([
      `event: meta\ndata: ${JSON.stringify({ model: 'offline-writer', offline: true, kind: 'generate', language: 'English', credits: draft.credits })}\n\n`,
      'event: token\ndata: {"text":"Hello "}\n\nevent: tok',
      'en\ndata: {"text":"world"}\n\n',
      `event: done\ndata: ${JSON.stringify({ success: true, data: draft })}\n\n`,
    ]);
    const tokens: string[] = [];
    const metas: unknown[] = [];
    const result = await streamDraft(
      { kind: 'generate', topic: 'greetings' },
      { lang: 'en', onToken: (text) => tokens.push(text), onMeta: (meta) => metas.push(meta) },
    );
    expect(result).toEqual(draft);
    expect(tokens).toEqual(['Hello ', 'world']);
    expect(metas).toEqual([expect.objectContaining({ offline: true })]);
    expect(seen[0]?.url).toBe('/api/v1/ai/generate');
    expect(new Headers(seen[0]?.init.headers).get('accept')).toBe('text/event-stream');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({ topic: 'greetings', lang: 'en' });
  });

  it("rejects with the service's code, values and message on an error event or a refusal", async () => {
    serve([
      'event: token\ndata: {"text":"Hel"}\n\nevent: error\ndata: {"success":false,"code":"ai.timeout","message":"Too slow","params":{"seconds":60}}\n\n',
    ]);
    await expect(streamDraft({ kind: 'rewrite', text: 'x' })).rejects.toMatchObject({
      name: 'DraftError',
      reason: 'server',
      code: 'ai.timeout',
      params: { seconds: 60 },
      message: 'Too slow',
    });
    serve([], {
      status: 400,
      json: { success: false, code: 'request.invalid', message: 'Keep the post under 3,000 characters' },
    });
    await expect(streamDraft({ kind: 'modify', text: 'x', action: 'shorter' })).rejects.toMatchObject({
      reason: 'server',
      status: 400,
      code: 'request.invalid',
      message: 'Keep the post under 3,000 characters',
    });
  });

  it('never waits forever: silence ends in a timeout and the request is cancelled', async () => {
    const seen = serve(['event: token\ndata: {"text":"Hel"}\n\n'], { hang: true });
    const started = Date.now();
    await expect(streamDraft({ kind: 'generate', topic: 'x' }, { idleTimeoutMs: 150 })).rejects.toMatchObject({
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(seen[0]?.init.signal?.aborted).toBe(true);
  });

  it('treats a stream that stops without a final draft as broken, and a cancel as no error to show', async () => {
    serve(['event: token\ndata: {"text":"Hel"}\n\n']);
    await expect(streamDraft({ kind: 'generate', topic: 'x' })).rejects.toMatchObject({ reason: 'network' });

    serve(['event: token\ndata: {"text":"Hel"}\n\n'], { hang: true });
    const controller = new AbortController();
    const pending = streamDraft({ kind: 'generate', topic: 'x' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(DraftError);
    await expect(pending).rejects.toMatchObject({ reason: 'aborted' });
  });
});
