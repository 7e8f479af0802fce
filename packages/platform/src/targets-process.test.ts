// runTargets as a process: how it stops on a wrong target list, and on a part that crashes.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const TARGETS = new URL('./targets.ts', import.meta.url).href;
const SERVICE = new URL('./service.ts', import.meta.url).href;

/** Runs `runTargets` over two small services, `calm` and `crashy`, with `targets`. */
function run(targets: string, crashAfterMs: number): Promise<{ output: string; code: number | null }> {
  const script = `
    const { z } = await import('zod');
    const { runTargets } = await import(${JSON.stringify(TARGETS)});
    const { defineService } = await import(${JSON.stringify(SERVICE)});
    const config = z.object({ REDIS_URL: z.string(), REDIS_PREFIX: z.string().default('t'), HOST: z.string(), PORT: z.coerce.number() });
    const app = (onListen) => ({ listen: async () => { onListen(); return 'http://127.0.0.1:1'; }, close: async () => {} });
    const calm = defineService({ name: 'calm', port: 1, api: { config, start: () => app(() => {}) } });
    const crashy = defineService({ name: 'crashy', port: 2, api: { config, start: () => app(() => {
      setTimeout(() => { throw new Error('the handler fell over'); }, ${crashAfterMs});
    }) } });
    await runTargets([calm, crashy], ${JSON.stringify(targets)});
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '1',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ output, code })));
}

describe('runTargets in a process', () => {
  it('stops at an unknown target with one line naming the known ones', async () => {
    const { output, code } = await run('calm-api,posts-wroker', 0);
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'nashr: cannot start: unknown target "posts-wroker"; known targets: all, calm-api, crashy-api',
    );
  });

  it('a part that crashes is named, and the process exits for its supervisor to restart it', async () => {
    const { output, code } = await run('all', 200);
    expect(code).toBe(1);
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; name?: string; part?: string });
    // Both parts came up before one of them fell over.
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^calm-api listening/),
        expect.stringMatching(/^crashy-api listening/),
      ]),
    );
    const fatal = lines.find((line) => line.level === 60);
    expect(fatal?.part).toBe('crashy-api');
    expect(fatal?.msg).toBe('crashy-api: crashed: the handler fell over');
  });
});
