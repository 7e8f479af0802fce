import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOG_FLUSH_MS } from './logger.js';

const LOGGER = fileURLToPath(new URL('./logger.ts', import.meta.url));

/**
 * Runs `body` in a process of its own with `logger` made as a service makes it (JSON, info level),
 * and collects its standard output with the time each chunk arrived.
 */
function run(body: string): Promise<{ lines: { at: number; line: string }[]; code: number | null; closedAt: number }> {
  const script = `import(${JSON.stringify(LOGGER)}).then(async ({ createLogger }) => {
    const logger = createLogger('logger-test', { LOG_LEVEL: 'info', NODE_ENV: 'production' });
    ${body}
  });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const started = Date.now();
  const lines: { at: number; line: string }[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const complete = (partial + chunk.toString()).split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) lines.push({ at: Date.now() - started, line });
  });
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ lines, code, closedAt: Date.now() - started })),
  );
}

describe('createLogger (JSON output)', () => {
  it('writes a quiet process’s line within the flush interval, without waiting for more', async () => {
    const { lines, closedAt } = await run(`
      logger.info('one line');
      await new Promise((r) => setTimeout(r, ${LOG_FLUSH_MS * 8}));
      process.exit(0);
    `);
    expect(lines).toHaveLength(1);
    const [{ line, at }] = lines as [{ line: string; at: number }];
    expect(JSON.parse(line)).toMatchObject({ level: 30, name: 'logger-test', msg: 'one line' });
    // It came out while the process still ran, not with the flush at exit.
    expect(closedAt - at).toBeGreaterThan(LOG_FLUSH_MS * 4);
  });

  it('writes every buffered line when the process exits straight after logging', async () => {
    const { lines, code } = await run(`
      for (let i = 0; i < 1000; i++) logger.info({ i }, 'line');
      process.exit(3);
    `);
    expect(code).toBe(3);
    expect(lines.map(({ line }) => (JSON.parse(line) as { i: number }).i)).toEqual([...Array(1000).keys()]);
  });
});
