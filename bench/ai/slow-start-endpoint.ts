import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowStartEndpoint {
  /** Base URL for OPENAI_BASE_URL (ends in /v1). */
  url: string;
  close: () => Promise<void>;
}

const chunk = (model: string, delta: Record<string, string>, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

const WORDS = 'Consistency beats intensity: one useful post a week builds more trust than ten rushed ones.'.split(' ');

/**
 * A chat-completions endpoint (OpenAI wire format) whose first token comes a fixed
 * `firstTokenMs` after the request, like a model thinking, and the rest at once. Headers go out
 * immediately, as real endpoints send them. Non-streamed requests get the whole answer after the
 * same delay.
 */
export async function startSlowStartEndpoint(firstTokenMs: number): Promise<SlowStartEndpoint> {
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (part) => {
      raw += part;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw || '{}') as { model?: string; stream?: boolean };
      const model = body.model ?? 'bench-model';
      if (!body.stream) {
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id: 'chatcmpl-bench',
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              model,
              choices: [{ index: 0, message: { role: 'assistant', content: WORDS.join(' ') }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 10, completion_tokens: WORDS.length, total_tokens: 10 + WORDS.length },
            }),
          );
        }, firstTokenMs);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      setTimeout(() => {
        if (res.destroyed) return;
        res.write(chunk(model, { role: 'assistant', content: '' }) + chunk(model, { content: WORDS[0] ?? '' }));
        for (const word of WORDS.slice(1)) res.write(chunk(model, { content: ` ${word}` }));
        res.write(chunk(model, {}, 'stop'));
        res.end('data: [DONE]\n\n');
      }, firstTokenMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
