// The parts of `npm start` that decide things: options, port choice, secrets, the processes'
// environment and the readiness wait. Real sockets, files and HTTP servers; nothing is mocked.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPorts, GATEWAY, SECRETS, stackProcesses } from '../stack/processes.mjs';
import { processEnv, stackContext } from './environment.mjs';
import { parseOptions } from './options.mjs';
import { createOutput, Fatal, wantsColor } from './output.mjs';
import { assignPorts, freePort, gatewayPortFrom, portFree } from './ports.mjs';
import { readinessUrls, waitUntilReady } from './readiness.mjs';
import { loadSecrets } from './secrets.mjs';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Listens on a port chosen by the system and keeps it busy until the test ends. */
async function occupy(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

describe('options', () => {
  it('reads --no-build, --backing-only (which needs no build) and --help', () => {
    expect(parseOptions([])).toEqual({ help: false, backingOnly: false, skipBuild: false, perTarget: false });
    expect(parseOptions(['--per-target']).perTarget).toBe(true);
    expect(parseOptions(['--no-build'])).toMatchObject({ skipBuild: true, backingOnly: false });
    expect(parseOptions(['--backing-only'])).toMatchObject({ skipBuild: true, backingOnly: true });
    expect(parseOptions(['-h']).help).toBe(true);
  });
});

describe('port choice', () => {
  it('takes the preferred port when free and the next free one when it is busy', async () => {
    const busy = await occupy();
    expect(await portFree(busy)).toBe(false);
    const taken = new Set<number>();
    const chosen = await freePort(busy, taken);
    expect(chosen).toBeGreaterThan(busy);
    expect(taken.has(chosen)).toBe(true);
    // A port already given out is never given twice.
    expect(await freePort(chosen, taken)).toBeGreaterThan(chosen);
  });

  it('gives every process its own port and the gateway the one asked for', async () => {
    const busy = await occupy();
    const defaults = { ...defaultPorts(), posts: busy };
    const ports = await assignPorts(defaults, { name: GATEWAY.name, port: 9190 }, new Set([9190]));
    expect(ports.gateway).toBe(9190);
    expect(ports.posts).not.toBe(busy);
    expect(new Set(Object.values(ports)).size).toBe(Object.keys(defaults).length);
  });

  it('reads PORT and refuses what is not a TCP port', () => {
    expect(gatewayPortFrom(undefined, 8080)).toBe(8080);
    expect(gatewayPortFrom('8090', 8080)).toBe(8090);
    for (const bad of ['0', '70000', 'abc', '80.5']) expect(() => gatewayPortFrom(bad, 8080)).toThrow(Fatal);
  });
});

describe('secrets', () => {
  it('makes them once, keeps them private, and lets the environment win', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'nashr-secrets-')), 'secrets.json');
    const first = loadSecrets({ file, shownAs: 'secrets.json', makers: SECRETS, env: {} });
    expect(Object.keys(first.secrets).sort()).toEqual(Object.keys(SECRETS).sort());
    expect(first.postgresPassword.length).toBeGreaterThanOrEqual(24);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadSecrets({ file, shownAs: 'secrets.json', makers: SECRETS, env: { COOKIE_SECRET: 'from-env' } });
    expect(again.secrets.INTERNAL_SECRET).toBe(first.secrets.INTERNAL_SECRET);
    expect(again.postgresPassword).toBe(first.postgresPassword);
    expect(again.secrets.COOKIE_SECRET).toBe('from-env');
    // The file keeps its own value: the environment overrides one run only.
    expect(JSON.parse(readFileSync(file, 'utf8')).COOKIE_SECRET).toBe(first.secrets.COOKIE_SECRET);
  });

  it('stops with a readable message on a damaged file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'nashr-secrets-')), 'secrets.json');
    writeFileSync(file, '{ not json');
    expect(() => loadSecrets({ file, shownAs: '.data/secrets.json', makers: SECRETS, env: {} })).toThrow(
      '.data/secrets.json is not valid JSON',
    );
  });
});

describe('environment of the processes', () => {
  const parts = {
    databaseUrl: 'postgres://db',
    redisUrl: 'redis://r',
    secrets: { INTERNAL_SECRET: 'i', COOKIE_SECRET: 'c', ENCRYPTION_KEY: 'e' },
    ports: defaultPorts(),
    gatewayPort: 8090,
  };

  it('derives the public address from the gateway port unless PUBLIC_URL is set', () => {
    const ctx = stackContext({ ...parts, env: {} });
    expect(ctx).toMatchObject({ publicUrl: 'http://localhost:8090', redisPrefix: 'nashr', logLevel: 'info' });
    const set = stackContext({ ...parts, env: { PUBLIC_URL: 'https://nashr.example', REDIS_PREFIX: 'x' } });
    expect(set).toMatchObject({ publicUrl: 'https://nashr.example', redisPrefix: 'x' });
  });

  it("puts the stack's variables over the user's and colours output on request", () => {
    const auth = stackProcesses(stackContext({ ...parts, env: {} })).find((p) => p.name === 'auth');
    const env = processEnv({ DATABASE_URL: 'postgres://mine', OPENAI_API_KEY: 'k' }, auth?.env ?? {}, true);
    expect(env).toMatchObject({ DATABASE_URL: 'postgres://db', OPENAI_API_KEY: 'k', FORCE_COLOR: '1' });
    expect(processEnv({}, {}, false).FORCE_COLOR).toBeUndefined();
  });
});

describe('output', () => {
  it('prefixes every line with the aligned process name, coloured only when wanted', () => {
    const lines: string[] = [];
    const output = createOutput({ useColor: false, write: (t) => lines.push(t), names: ['gateway'] });
    output.printLines('redis', 'one\n\ntwo\r\n');
    output.say('ready');
    expect(lines).toEqual(['redis    │ one\n', 'redis    │ two\n', 'nashr    │ ready\n']);
    expect(wantsColor({ NO_COLOR: '' }, true)).toBe(false);
    expect(wantsColor({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(wantsColor({}, true)).toBe(true);
  });
});

describe('readiness wait', () => {
  it('waits until every URL answers 200, and gives up at its deadline', async () => {
    // Answers 503 until `readyAfter` more requests have come in, then 200.
    let readyAfter = Number.POSITIVE_INFINITY;
    const server = createHttpServer((_req, res) => {
      readyAfter -= 1;
      res.writeHead(readyAfter < 0 ? 200 : 503);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

    expect(await waitUntilReady([url], { timeoutMs: 300, intervalMs: 50 })).toBe('timeout');
    readyAfter = 3;
    expect(await waitUntilReady([url], { timeoutMs: 30_000, intervalMs: 50 })).toBe('ready');
    expect(readyAfter).toBe(-1);
    expect(await waitUntilReady([url], { timeoutMs: 30_000, stopped: () => true })).toBe('stopped');
  });

  it("checks the gateway's /readyz and each helper's ready path", () => {
    const ctx = stackContext({
      env: {},
      databaseUrl: 'postgres://db',
      redisUrl: 'redis://r',
      secrets: { INTERNAL_SECRET: 'i', COOKIE_SECRET: 'c', ENCRYPTION_KEY: 'e' },
      ports: defaultPorts(),
      gatewayPort: 8080,
    });
    expect(readinessUrls('http://localhost:8080', stackProcesses(ctx))).toEqual([
      'http://localhost:8080/readyz',
      'http://127.0.0.1:8025/healthz',
      'http://127.0.0.1:8110/healthz',
    ]);
  });
});
