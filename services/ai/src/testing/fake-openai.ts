import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake endpoint answers the next requests. */
export type FakeBehaviour =
  /** A normal answer; streamed in `chunks` when the request asks for a stream. */
  | { kind: 'ok'; text: string; chunks?: number; chunkDelayMs?: number }
  /** An error answer in OpenAI's shape. */
  | { kind: 'status'; status: number; message: string }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Starts a stream, sends one chunk, then goes silent. */
  | { kind: 'stall'; first: string };

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string }[];
    [key: string]: unknown;
  };
}

export interface FakeOpenAi {
  /** Base URL to put in OPENAI_BASE_URL (ends in /v1). */
  url: string;
  requests: RecordedRequest[];
  /** Sets how the following requests are answered (until changed). */
  behave: (behaviour: FakeBehaviour) => void;
  /** Answers the next requests with these, one each, before going back to `behave`'s answer. */
  behaveNext: (...behaviours: FakeBehaviour[]) => void;
  close: () => Promise<void>;
}

const chunk = (model: string, delta: Record<string, string>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

function split(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

async function answerOk(res: ServerResponse, body: RecordedRequest['body'], b: Extract<FakeBehaviour, { kind: 'ok' }>) {
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: b.text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk(body.model, { role: 'assistant', content: '' }));
  for (const piece of split(b.text, b.chunks ?? 5)) {
    res.write(chunk(body.model, { content: piece }));
    if (b.chunkDelayMs) await new Promise((r) => setTimeout(r, b.chunkDelayMs));
  }
  res.write(chunk(body.model, {}, 'stop'));
  res.end('data: [DONE]\n\n');
}

/**
 * A local server speaking the chat-completions wire format (JSON and SSE streams), recording
 * every request so tests can check what the service sent.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let behaviour: FakeBehaviour = { kind: 'ok', text: 'A fake draft.' };
  const queued: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as RecordedRequest['body'];
      requests.push({ path: req.url, headers: req.headers, body });
      const b = queued.shift() ?? behaviour;
      if (b.kind === 'ok') void answerOk(res, body, b);
      else if (b.kind === 'status') {
        // retry-after-ms keeps the SDK's pauses between retries short in tests.
        res.writeHead(b.status, { 'content-type': 'application/json', 'retry-after-ms': '20' });
        res.end(JSON.stringify({ error: { message: b.message, type: 'fake_error', code: String(b.status) } }));
      } else if (b.kind === 'hang') {
        hanging.add(res);
      } else {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk(body.model, { content: b.first }));
        hanging.add(res);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    behave: (next) => {
      behaviour = next;
      queued.length = 0;
    },
    behaveNext: (...next) => {
      queued.push(...next);
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
