// The parts of `npm start` that decide things: options, port choice, secrets, the processes'
// environment and the readiness wait. Real sockets, files and HTTP servers; nothing is mocked.
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultPorts, GATEWAY, SECRETS, stackProcesses } from '../stack/processes.mjs';
import { processEnv, stackContext } from './environment.mjs';
import { installNeeded, markInstalled } from './install.mjs';
import { classifyLine, formatEntry, openLogFile, parseLogLine, stripAnsi } from './logs.mjs';
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
    expect(parseOptions([])).toEqual({
      help: false,
      backingOnly: false,
      skipBuild: false,
      perTarget: false,
      verbose: false,
    });
    expect(parseOptions(['--per-target']).perTarget).toBe(true);
    expect(parseOptions(['--verbose']).verbose).toBe(true);
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

describe('quiet output', () => {
  const product = { source: 'product', stream: 'stdout' } as const;
  const json = (entry: Record<string, unknown>) =>
    JSON.stringify({ time: Date.UTC(2026, 0, 1, 10, 20, 30), pid: 1, hostname: 'h', ...entry });

  it('shows a part coming up as progress, and hides info and request logs', () => {
    const listening = json({ level: 30, name: 'posts-api', msg: 'posts-api listening on http://127.0.0.1:8103' });
    expect(classifyLine(listening, product)).toEqual({
      action: 'up',
      part: 'posts-api',
      detail: 'http://127.0.0.1:8103',
    });
    expect(classifyLine(json({ level: 30, name: 'posts-worker', msg: 'posts-worker running' }), product)).toEqual({
      action: 'up',
      part: 'posts-worker',
      detail: 'running',
    });
    const request = json({ level: 30, name: 'gateway', msg: 'request completed', req: { url: '/healthz' } });
    expect(classifyLine(request, product)).toEqual({ action: 'hide' });
    expect(classifyLine(json({ level: 20, name: 'gateway', msg: 'x running' }), product)).toEqual({ action: 'hide' });
    // Only the runtime's own words count: an info line that merely mentions 'running' is hidden.
    expect(classifyLine(json({ level: 30, name: 'ai-worker', msg: 'job 12 is running now' }), product).action).toBe(
      'hide',
    );
  });

  it('shows warnings, errors, crashes and whatever is not a log line, with the part named', () => {
    const warn = classifyLine(json({ level: 40, name: 'billing-api', msg: 'slow answer', ms: 812 }), product);
    expect(warn).toMatchObject({ action: 'show' });
    expect(warn.action === 'show' && warn.text).toMatch(/^\d\d:\d\d:\d\d WARN {2}billing-api: slow answer {2}ms=812$/);
    const fatal = classifyLine(
      json({
        level: 60,
        part: 'posts-worker',
        msg: 'posts-worker: crashed: boom',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at job (posts.js:1:1)' },
      }),
      product,
    );
    expect(fatal.action === 'show' && fatal.text.split('\n')).toEqual([
      expect.stringMatching(/ FATAL posts-worker: posts-worker: crashed: boom$/),
      '    Error: boom',
      '        at job (posts.js:1:1)',
    ]);
    // Node's own crash report, or a configuration error, is not JSON: shown as it is.
    expect(classifyLine('TypeError: x is not a function', { source: 'product', stream: 'stderr' })).toEqual({
      action: 'show',
      text: 'TypeError: x is not a function',
    });
    expect(classifyLine('{ not json', product).action).toBe('show');
    expect(parseLogLine('{"msg":"no level"}')).toBeNull();
  });

  it("reads helpers', PostgreSQL's and Redis's own formats", () => {
    expect(
      classifyLine('OpenID provider (development) at http://127.0.0.1:8110', { source: 'helper', stream: 'stdout' }),
    ).toMatchObject({ action: 'up', detail: 'OpenID provider (development) at http://127.0.0.1:8110' });
    expect(
      classifyLine('mail catcher could not start: EADDRINUSE', { source: 'helper', stream: 'stderr' }).action,
    ).toBe('show');
    const pg = { source: 'postgres', stream: 'stderr' } as const;
    expect(classifyLine('2026-01-01 10:00:00 UTC [12] LOG:  database system is ready', pg).action).toBe('hide');
    expect(classifyLine('2026-01-01 10:00:00 UTC [12] FATAL:  password authentication failed', pg).action).toBe('show');
    const redis = { source: 'redis', stream: 'stdout' } as const;
    expect(classifyLine('123:M 01 Jan 2026 10:00:00.000 * Ready to accept connections tcp', redis).action).toBe('hide');
    expect(classifyLine('123:M 01 Jan 2026 10:00:00.000 # Server initialized', redis).action).toBe('hide');
    expect(
      classifyLine('123:M 01 Jan 2026 10:00:00.000 # WARNING Memory overcommit must be enabled!', redis).action,
    ).toBe('show');
  });

  it('prints only what the filter lets through, colours the level, and records every line', () => {
    const shown: string[] = [];
    const recorded: string[] = [];
    const output = createOutput({
      useColor: true,
      write: (t) => shown.push(t),
      names: ['nashr'],
      quiet: true,
      record: (name, line) => recorded.push(`${name}:${line}`),
    });
    const lines = [
      json({ level: 30, name: 'gateway', msg: 'gateway listening on http://localhost:8080' }),
      json({ level: 30, name: 'gateway', msg: 'request completed' }),
      json({ level: 50, name: 'gateway', msg: 'upstream failed' }),
    ];
    for (const line of lines) output.processOutput('nashr', line, product);
    expect(recorded).toEqual(lines.map((l) => `nashr:${l}`));
    const plain = shown.map(stripAnsi);
    expect(plain).toEqual([
      'nashr    │ ✓ gateway         http://localhost:8080\n',
      expect.stringMatching(/^nashr {4}│ \d\d:\d\d:\d\d ERROR gateway: upstream failed\n$/),
    ]);
    expect(shown[1]).toContain('\x1b[31mERROR');

    // Verbose: every line, as the process printed it.
    const all: string[] = [];
    const verbose = createOutput({ useColor: false, write: (t) => all.push(t), names: ['nashr'] });
    for (const line of lines) verbose.processOutput('nashr', line, product);
    expect(all).toHaveLength(3);
  });

  it('keeps every line in .data/logs/nashr.log and the previous start in nashr.previous.log', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'nashr-logs-')), 'logs');
    const first = openLogFile(dir);
    first.write('nashr', json({ level: 30, msg: 'first' }));
    first.write('redis', '\x1b[90mready\x1b[0m');
    first.close();
    const second = openLogFile(dir);
    second.write('nashr', 'second');
    second.close();
    const previous = readFileSync(join(dir, 'nashr.previous.log'), 'utf8').split('\n');
    expect(previous[0] && JSON.parse(previous[0]).msg).toBe('first');
    expect(previous[1]).toBe('redis │ ready');
    expect(readFileSync(second.path, 'utf8')).toBe('nashr │ second\n');
    expect(formatEntry({ level: 40, msg: 'm', name: 'n', time: 0 })).toMatch(/ WARN {2}n: m$/);
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

describe('whether npm start installs first', () => {
  it('installs a missing node_modules, and again once the lock file changed (a pull that added a package)', () => {
    const root = mkdtempSync(join(tmpdir(), 'nashr-install-'));
    writeFileSync(join(root, 'package-lock.json'), '{"packages":{"node_modules/a":{}}}');
    expect(installNeeded(root)).toBe('missing');
    // What npm install leaves behind, then the mark npm start writes after it.
    mkdirSync(join(root, 'node_modules'));
    writeFileSync(join(root, 'node_modules', '.package-lock.json'), '{}');
    expect(installNeeded(root)).toBe('changed');
    markInstalled(root);
    expect(installNeeded(root)).toBeNull();
    writeFileSync(join(root, 'package-lock.json'), '{"packages":{"node_modules/a":{},"node_modules/idb-keyval":{}}}');
    expect(installNeeded(root)).toBe('changed');
    markInstalled(root);
    expect(installNeeded(root)).toBeNull();
  });
});
