// tools/stack/processes.mjs, the process list of `npm start`: checked without starting anything.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  asOneProcess,
  defaultPorts,
  exampleContext,
  GATEWAY,
  ROOT,
  SECRETS,
  SERVICES,
  stackProcesses,
} from './processes.mjs';

interface StackProcess {
  name: string;
  kind: 'helper' | 'api' | 'worker' | 'gateway';
  service?: string;
  entry?: string;
  source?: string;
  command: string[];
  port: number;
  env: Record<string, string>;
  readyPath?: string;
}

const ctx = exampleContext();
const processes = stackProcesses(ctx) as StackProcess[];

describe('tools/stack/processes.mjs', () => {
  it('lists an API for each of the seven services, their workers and the gateway, gateway last', () => {
    const apis = processes.filter((p) => p.kind === 'api').map((p) => p.name);
    expect(apis.sort()).toEqual(['ai', 'auth', 'billing', 'content', 'engage', 'linkedin', 'posts']);
    const workers = processes.filter((p) => p.kind === 'worker').map((p) => p.name);
    expect(workers.sort()).toEqual([
      'ai-worker',
      'auth-worker',
      'billing-worker',
      'content-worker',
      'engage-worker',
      'linkedin-worker',
      'posts-worker',
    ]);
    expect(processes.at(-1)?.name).toBe(GATEWAY.name);
    expect(new Set(processes.map((p) => p.name)).size).toBe(processes.length);
  });

  it('points every process at a real service and its own entry file', () => {
    for (const proc of processes.filter((p) => p.kind !== 'helper')) {
      const dir = join(ROOT, 'services', proc.service ?? '');
      expect(existsSync(join(dir, 'package.json')), `${proc.name}: services/${proc.service}`).toBe(true);
      expect(
        JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.build,
        `${proc.name} builds`,
      ).toBeTruthy();
      const file = proc.kind === 'worker' ? 'worker' : 'server';
      expect(proc.entry).toBe(`services/${proc.service}/dist/${file}.js`);
      expect(proc.source).toBe(`services/${proc.service}/src/${file}.ts`);
      expect(existsSync(join(ROOT, proc.source ?? '')), `${proc.source} exists`).toBe(true);
      expect(proc.command).toEqual(['node', proc.entry]);
    }
  });

  it('gives every process its own port, the default ports of the architecture', () => {
    const ports = processes.map((p) => p.port);
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(Number.isInteger(port) && port > 1023 && port < 65536).toBe(true);
    const byName = Object.fromEntries(processes.map((p) => [p.name, p.port]));
    expect(byName).toMatchObject({
      gateway: 8080,
      auth: 8101,
      linkedin: 8102,
      posts: 8103,
      content: 8104,
      ai: 8105,
      billing: 8106,
      engage: 8107,
    });
    // PORT in each environment is the port listed for the process.
    for (const proc of processes.filter((p) => p.kind !== 'helper')) expect(proc.env.PORT).toBe(String(proc.port));
    // The embedded PostgreSQL and Redis of `npm start` prefer ports that no process uses.
    expect(ports).not.toContain(54329);
    expect(ports).not.toContain(56379);
    // Every port of the stack, helpers' extra ports included, is distinct.
    const all = Object.values(defaultPorts());
    expect(new Set(all).size).toBe(all.length);
    for (const port of ports) expect(all).toContain(port);
  });

  it('gives each service the shared variables and the gateway the address of every API', () => {
    for (const proc of processes.filter((p) => p.kind === 'api' || p.kind === 'worker')) {
      expect(proc.env).toMatchObject({
        NODE_ENV: 'development',
        DATABASE_URL: ctx.databaseUrl,
        REDIS_URL: ctx.redisUrl,
        REDIS_PREFIX: 'nashr',
        INTERNAL_SECRET: ctx.secrets.INTERNAL_SECRET,
      });
    }
    const gateway = processes.find((p) => p.kind === 'gateway');
    expect(gateway?.env).toMatchObject({
      PORT: '8080',
      COOKIE_SECRET: ctx.secrets.COOKIE_SECRET,
      INTERNAL_SECRET: ctx.secrets.INTERNAL_SECRET,
      WEB_DIST: join(ROOT, 'web', 'dist'),
      PUBLIC_URL: 'http://localhost:8080',
    });
    for (const service of SERVICES) {
      expect(gateway?.env[`${service.name.toUpperCase()}_URL`]).toBe(`http://127.0.0.1:${service.port}`);
    }
    // auth signs the same session cookie as the gateway; linkedin gets its encryption key.
    const env = (name: string) => processes.find((p) => p.name === name)?.env ?? {};
    expect(env('auth').COOKIE_SECRET).toBe(ctx.secrets.COOKIE_SECRET);
    expect(env('auth-worker').PUBLIC_URL).toBe('http://localhost:8080');
    expect(Buffer.from(env('linkedin').ENCRYPTION_KEY ?? '', 'base64')).toHaveLength(32);
    expect(Buffer.from((SECRETS.ENCRYPTION_KEY as () => string)(), 'base64')).toHaveLength(32);
    for (const make of Object.values(SECRETS) as (() => string)[]) expect(make().length).toBeGreaterThanOrEqual(32);
  });

  it('runs the mail catcher unless SMTP_URL is set, and points auth at it', () => {
    const mail = processes.find((p) => p.name === 'mail');
    expect(mail?.kind).toBe('helper');
    expect(existsSync(join(ROOT, 'packages/fakes/src/mail-catcher.ts'))).toBe(true);
    expect(processes.find((p) => p.name === 'auth-worker')?.env.SMTP_URL).toBe(
      `smtp://127.0.0.1:${ctx.ports['mail-smtp']}`,
    );
    expect(mail?.env.MAIL_CATCHER_SMTP_PORT).toBe(String(ctx.ports['mail-smtp']));
    const external = stackProcesses(
      exampleContext({ env: { SMTP_URL: 'smtp://mail.example.com:587' } }),
    ) as StackProcess[];
    expect(external.find((p) => p.name === 'mail')).toBeUndefined();
    expect(external.find((p) => p.name === 'auth-worker')?.env.SMTP_URL).toBe('smtp://mail.example.com:587');
  });

  it('runs the local OpenID provider unless OIDC_ISSUER is set, and points auth at it', () => {
    const oidc = processes.find((p) => p.name === 'oidc');
    expect(oidc?.kind).toBe('helper');
    expect(existsSync(join(ROOT, 'packages/fakes/src/oidc-provider.ts'))).toBe(true);
    const auth = processes.find((p) => p.name === 'auth')?.env ?? {};
    expect(auth.OIDC_ISSUER).toBe(oidc?.env.OIDC_ISSUER);
    expect(auth.OIDC_CLIENT_ID).toBe(oidc?.env.OIDC_CLIENT_ID);
    expect(auth.OIDC_CLIENT_SECRET).toBe(oidc?.env.OIDC_CLIENT_SECRET);
    const google = { OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };
    const external = stackProcesses(exampleContext({ env: google })) as StackProcess[];
    expect(external.find((p) => p.name === 'oidc')).toBeUndefined();
    expect(external.find((p) => p.name === 'auth')?.env).toMatchObject(google);
    // Its codes go where the sign-in links go; in production it never runs (it would refuse to).
    expect(oidc?.env.SMTP_URL).toBe(`smtp://127.0.0.1:${ctx.ports['mail-smtp']}`);
    const production = stackProcesses(exampleContext({ env: { NODE_ENV: 'production' } })) as StackProcess[];
    expect(production.find((p) => p.name === 'oidc')).toBeUndefined();
    expect(production.find((p) => p.name === 'auth')?.env.OIDC_ISSUER).toBeUndefined();
  });

  it('follows the ports it is given', () => {
    const moved = stackProcesses(exampleContext({ ports: { ...defaultPorts(), gateway: 9090, posts: 9103 } }));
    const gateway = moved.find((p: StackProcess) => p.name === 'gateway') as StackProcess;
    expect(gateway.env.PORT).toBe('9090');
    expect(gateway.env.POSTS_URL).toBe('http://127.0.0.1:9103');
    expect(moved.find((p: StackProcess) => p.name === 'posts')?.env.PORT).toBe('9103');
  });

  it('runs the whole stack as one process: every target, every variable, the gateway on its own port', () => {
    const one = asOneProcess(processes) as StackProcess[];
    expect(one.filter((p) => p.kind !== 'helper').map((p) => p.name)).toEqual(['nashr']);
    const nashr = one.find((p) => p.name === 'nashr') as StackProcess;
    expect(nashr.entry).toBe('services/nashr/dist/main.js');
    expect(existsSync(join(ROOT, 'services/nashr/src/main.ts'))).toBe(true);
    expect(nashr.env.NASHR_TARGETS?.split(',')).toEqual([
      ...SERVICES.flatMap((s) => [`${s.name}-api`, `${s.name}-worker`]),
      'gateway',
    ]);
    expect(nashr.port).toBe(ctx.ports.gateway);
    expect(nashr.env.PORT).toBe(String(ctx.ports.gateway));
    expect(nashr.env.HOST).toBe('localhost');
    for (const service of SERVICES) {
      // Each API listens where the gateway looks for it.
      expect(nashr.env[`${service.name.toUpperCase()}_PORT`]).toBe(String(ctx.ports[service.name]));
      expect(nashr.env[`${service.name.toUpperCase()}_URL`]).toBe(`http://127.0.0.1:${ctx.ports[service.name]}`);
    }
    // Every variable any process of the per-target layout gets, the one process gets too.
    for (const proc of processes.filter((p) => p.kind !== 'helper')) {
      for (const key of Object.keys(proc.env).filter((k) => k !== 'PORT' && k !== 'HOST')) {
        expect(nashr.env[key], `${proc.name}: ${key}`).toBeDefined();
      }
    }
  });
});
