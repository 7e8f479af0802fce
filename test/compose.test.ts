// docker-compose.yml against the Dockerfile, tools/stack/processes.mjs and each service's configSchema:
// a container that would not start (missing variable, missing entry file, unknown build target)
// fails here instead of in `docker compose up`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exampleContext, ROOT, stackProcesses } from '../tools/stack/processes.mjs';

interface ParseResult {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}
interface EnvSchema {
  shape?: Record<string, { safeParse(value: unknown): ParseResult }>;
  /** zod 4: the input side of a `.transform()` or `.pipe()`. */
  in?: EnvSchema;
  /** zod 3: the schema inside `.transform()` / `.superRefine()`. */
  _def?: { schema?: EnvSchema };
  safeParse(value: unknown): ParseResult;
}
interface StackProcess {
  name: string;
  kind: 'helper' | 'api' | 'worker' | 'gateway';
  service?: string;
  source?: string;
  /** A helper's built entry file (e.g. packages/fakes/dist/mail-catcher.js). */
  entry?: string;
}
type ComposeService = Record<string, unknown> & {
  build?: { target?: string; args?: Record<string, unknown> | string[] } | string;
  environment?: Record<string, unknown> | string[];
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  ports?: unknown[];
  container_name?: string;
  command?: string[] | string;
  restart?: string;
};
interface ComposeDocument {
  services?: Record<string, ComposeService>;
}

const processes = stackProcesses(exampleContext()) as StackProcess[];
/** Directories under services/ that the stack runs (the five services and the gateway). */
const serviceDirs = [...new Set(processes.flatMap((p) => (p.service ? [p.service] : [])))];

/** Build stage names declared with `FROM ... AS name`. */
function dockerfileTargets(dockerfile: string): Set<string> {
  return new Set([...dockerfile.matchAll(/^\s*FROM\s+\S+\s+AS\s+([\w.-]+)\s*$/gim)].map((m) => m[1]!));
}

/** Compose interpolation as `docker compose` does it with the given variables (none by default). */
function interpolate(value: string, vars: Record<string, string> = {}): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, name: string | undefined, op: string | undefined, arg: string | undefined, bare: string | undefined) => {
      if (match === '$$') return '$';
      if (bare) return vars[bare] ?? '';
      const key = name as string;
      const set = key in vars;
      const nonEmpty = set && vars[key] !== '';
      switch (op) {
        case ':-':
          return nonEmpty ? vars[key]! : (arg ?? '');
        case '-':
          return set ? vars[key]! : (arg ?? '');
        case ':+':
          return nonEmpty ? (arg ?? '') : '';
        case '+':
          return set ? (arg ?? '') : '';
        case ':?':
        case '?':
          return set ? vars[key]! : '';
        default:
          return vars[key] ?? '';
      }
    },
  );
}

/** A compose service's environment as plain strings, interpolated. */
function environmentOf(service: ComposeService): Record<string, string> {
  const env: Record<string, string> = {};
  const raw = service.environment;
  if (Array.isArray(raw)) {
    for (const item of raw) {
      const text = String(item);
      const at = text.indexOf('=');
      if (at > 0) env[text.slice(0, at)] = interpolate(text.slice(at + 1));
    }
  } else if (raw && typeof raw === 'object') {
    for (const [key, value] of Object.entries(raw)) {
      if (value !== null && value !== undefined) env[key] = interpolate(String(value));
    }
  }
  return env;
}

function buildArgs(build: Exclude<ComposeService['build'], string | undefined>): Record<string, string> {
  const args: Record<string, string> = {};
  if (Array.isArray(build.args)) {
    for (const item of build.args) {
      const [key = '', ...rest] = String(item).split('=');
      args[key] = rest.join('=');
    }
  } else if (build.args) {
    for (const [key, value] of Object.entries(build.args)) args[key] = String(value);
  }
  return args;
}

function dependsOn(service: ComposeService): Record<string, string | undefined> {
  const deps: Record<string, string | undefined> = {};
  if (Array.isArray(service.depends_on)) for (const name of service.depends_on) deps[name] = undefined;
  else for (const [name, spec] of Object.entries(service.depends_on ?? {})) deps[name] = spec?.condition;
  return deps;
}

/** The object of variables inside a schema that may be wrapped in refinements or a transform. */
function shapeOf(schema: EnvSchema): EnvSchema['shape'] {
  if (schema.shape) return schema.shape;
  const inner = schema.in ?? schema._def?.schema;
  return inner ? shapeOf(inner) : undefined;
}

/** Names of the variables a schema requires: those whose own schema refuses `undefined`. */
function requiredVariables(schema: EnvSchema): string[] {
  return Object.entries(shapeOf(schema) ?? {})
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([key]) => key);
}

/**
 * Every problem of the compose document, one line each; an empty list when it is right.
 * @param schemas the schema each entry validates its environment with, by `<dir>/<entry>`
 *   (`auth/server`: configSchema, `auth/worker`: workerConfigSchema when exported, else configSchema)
 */
function checkCompose(
  doc: ComposeDocument,
  dockerfile: string,
  schemas: Record<string, EnvSchema | undefined>,
  stack: StackProcess[] = processes,
  root: string = ROOT,
): string[] {
  const problems: string[] = [];
  const services = doc.services ?? {};
  const targets = dockerfileTargets(dockerfile);
  const byName = new Map(stack.map((p) => [p.name, p]));
  const apis = stack.filter((p) => p.kind === 'api').map((p) => p.name);

  for (const proc of stack) {
    if (proc.kind !== 'helper' && !services[proc.name]) {
      problems.push(`${proc.name}: in tools/stack/processes.mjs but not a service in docker-compose.yml`);
    }
  }

  for (const [name, service] of Object.entries(services)) {
    if (!service.build) continue; // images of others: postgres, redis
    const build = typeof service.build === 'string' ? { target: undefined } : service.build;
    const proc = byName.get(name);
    const command = Array.isArray(service.command) ? service.command : [];
    if (!proc && service.restart === 'no' && command[0] === 'node' && /^scripts\/[\w-]+\.mjs$/.test(command[1] ?? '')) {
      // A one-off step (the images' bucket) runs a script the Dockerfile copies into the image, then exits.
      if (!dockerfile.includes(`COPY ${command[1]} scripts/`))
        problems.push(`${name}: runs ${command[1]}, which the Dockerfile does not copy into the image`);
      continue;
    }
    if (!proc) {
      problems.push(`${name}: built from the Dockerfile but not listed in tools/stack/processes.mjs`);
      continue;
    }
    if (proc.kind === 'helper') {
      // A helper (the mail catcher) runs its own entry file from a service's image.
      const command = Array.isArray(service.command) ? service.command.join(' ') : String(service.command ?? '');
      if (!proc.entry || !command.includes(proc.entry))
        problems.push(
          `${name}: command "${command}" does not run ${proc.entry}, the entry tools/stack/processes.mjs runs`,
        );
      continue;
    }

    // The build target and the file it runs.
    if (!build.target) problems.push(`${name}: build has no target`);
    else if (!targets.has(build.target))
      problems.push(`${name}: build target "${build.target}" is not a stage of the Dockerfile`);
    const args = buildArgs(build);
    const dir = build.target === 'gateway' ? 'gateway' : args.SERVICE;
    const entry = build.target === 'gateway' ? 'server' : (args.ENTRY ?? 'server');
    if (!dir) {
      problems.push(`${name}: build args give no SERVICE`);
      continue;
    }
    const source = `services/${dir}/src/${entry}.ts`;
    if (!['server', 'worker'].includes(entry)) problems.push(`${name}: ENTRY "${entry}" is neither server nor worker`);
    if (!existsSync(join(root, source))) problems.push(`${name}: runs ${source}, which does not exist`);
    if (proc.source && proc.source !== source) {
      problems.push(`${name}: runs ${source} but tools/stack/processes.mjs runs ${proc.source}`);
    }

    // Health checks and scaling.
    const isHttp = proc.kind === 'api' || proc.kind === 'gateway';
    const check = service.healthcheck;
    if (isHttp && (!check || check.disable || !check.test || (Array.isArray(check.test) && check.test[0] === 'NONE'))) {
      problems.push(`${name}: has no healthcheck`);
    }
    if (proc.kind === 'worker') {
      if (service.container_name)
        problems.push(`${name}: a worker must not have a container_name (it could not scale)`);
      if (service.ports?.length) problems.push(`${name}: a worker must not publish ports (it could not scale)`);
    }

    // The environment against the service's configuration schema.
    const env = environmentOf(service);
    const schema = schemas[`${dir}/${entry}`];
    if (!schema) {
      problems.push(`${name}: services/${dir}/src/config.ts exports no configSchema`);
      continue;
    }
    if (!shapeOf(schema)) {
      problems.push(`${name}: configSchema of ${dir} is not a zod object (no .shape)`);
      continue;
    }
    const required = requiredVariables(schema);
    for (const key of required) {
      if (!env[key]) problems.push(`${name}: environment lacks ${key}, which services/${dir}/src/config.ts requires`);
    }
    const parsed = schema.safeParse(env);
    if (!parsed.success) {
      for (const issue of parsed.error?.issues ?? []) {
        const key = issue.path.map(String).join('.');
        if (!required.includes(key) || env[key]) problems.push(`${name}: ${key} is invalid: ${issue.message}`);
      }
    }

    // Start order: what it needs is healthy first.
    const deps = dependsOn(service);
    const needs: [string, boolean][] = [
      ['postgres', required.includes('DATABASE_URL')],
      ['redis', required.includes('REDIS_URL')],
      ...(proc.kind === 'gateway' ? apis.map((api): [string, boolean] => [api, true]) : []),
    ];
    for (const [dependency, needed] of needs) {
      if (needed && deps[dependency] !== 'service_healthy') {
        problems.push(`${name}: depends_on ${dependency} with condition service_healthy is missing`);
      }
    }
  }
  return problems;
}

describe('docker-compose.yml', () => {
  const compose = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const doc = parse(compose, { merge: true }) as ComposeDocument;
  const schemas: Record<string, EnvSchema | undefined> = {};

  beforeAll(async () => {
    for (const dir of serviceDirs) {
      const file = join(ROOT, 'services', dir, 'src', 'config.ts');
      if (!existsSync(file)) continue;
      const mod = (await import(/* @vite-ignore */ file)) as {
        configSchema?: EnvSchema;
        workerConfigSchema?: EnvSchema;
      };
      schemas[`${dir}/server`] = mod.configSchema;
      schemas[`${dir}/worker`] = mod.workerConfigSchema ?? mod.configSchema;
    }
  }, 60_000);

  it('runs every process of tools/stack/processes.mjs with the variables its service requires', () => {
    expect(serviceDirs.length).toBeGreaterThanOrEqual(6);
    expect(checkCompose(doc, dockerfile, schemas)).toEqual([]);
  });

  it('has postgres, redis and the mail catcher, with images a registry-less machine can replace', () => {
    const services = doc.services ?? {};
    expect(interpolate(String(services.postgres?.image))).toMatch(/^postgres:16/);
    expect(interpolate(String(services.redis?.image))).toMatch(/^redis:7/);
    const local = { POSTGRES_IMAGE: 'localhost/nashr-postgres:15', REDIS_IMAGE: 'localhost/nashr-redis:7' };
    expect(interpolate(String(services.postgres?.image), local)).toBe(local.POSTGRES_IMAGE);
    expect(interpolate(String(services.redis?.image), local)).toBe(local.REDIS_IMAGE);
    for (const name of ['postgres', 'redis', 'mail']) expect(services[name]?.healthcheck?.test).toBeTruthy();
  });

  it('protects Redis with a password, which every process that uses Redis signs in with', () => {
    const services = doc.services ?? {};
    const command = (services.redis?.command as string[] | undefined)?.map((part) => interpolate(String(part))) ?? [];
    const password = command[command.indexOf('--requirepass') + 1];
    expect(command).toContain('--requirepass');
    expect(password).toBeTruthy();
    expect(interpolate(String(services.redis?.command), { REDIS_PASSWORD: 'from-env' })).toContain('from-env');
    expect(environmentOf(services.redis ?? {}).REDISCLI_AUTH).toBe(password);
    const users = Object.entries(services).filter(([, service]) => environmentOf(service).REDIS_URL);
    expect(users.length).toBeGreaterThanOrEqual(6);
    for (const [name, service] of users) {
      expect(decodeURIComponent(new URL(environmentOf(service).REDIS_URL as string).password), name).toBe(password);
    }
  });

  it('keeps uploaded images in MinIO: each process that reads or writes them uses S3, once the bucket is made', () => {
    const services = doc.services ?? {};
    const minio = environmentOf(services.minio ?? {});
    for (const name of ['posts', 'posts-worker', 'linkedin', 'linkedin-worker']) {
      const service = services[name] ?? {};
      const env = environmentOf(service);
      expect(env.MEDIA_STORE, name).toBe('s3');
      expect(env.S3_ENDPOINT, name).toBe('http://minio:9000');
      expect(env.S3_BUCKET, name).toBe('nashr-media');
      expect(env.S3_FORCE_PATH_STYLE, name).toBe('true');
      expect(env.S3_ACCESS_KEY_ID, name).toBe(minio.MINIO_ROOT_USER);
      expect(env.S3_SECRET_ACCESS_KEY, name).toBe(minio.MINIO_ROOT_PASSWORD);
      expect(env.MEDIA_DIR, name).toBeUndefined();
      expect(service.volumes, `${name} shares no disk`).toBeUndefined();
      expect(dependsOn(service), name).toMatchObject({
        postgres: 'service_healthy',
        redis: 'service_healthy',
        'media-bucket': 'service_completed_successfully',
      });
    }
    expect(services.minio?.healthcheck?.test).toBeTruthy();
    expect(services.minio?.ports, 'MinIO is not published').toBeUndefined();
    expect(services.minio?.volumes).toEqual(['media:/data']);
    const bucket = services['media-bucket'] ?? {};
    expect(dependsOn(bucket).minio).toBe('service_healthy');
    expect(environmentOf(bucket).S3_BUCKET).toBe('nashr-media');
    // The product's own bucket maker, as on Kubernetes: no second image to fetch.
    expect(bucket.command).toEqual(['node', 'scripts/media-bucket.mjs']);
    expect(bucket.build).toMatchObject({ target: 'service' });
    // A machine without a registry can name an image of its own.
    const local = { MINIO_IMAGE: 'localhost/nashr-s3:3' };
    expect(interpolate(String(services.minio?.image), local)).toBe(local.MINIO_IMAGE);
    expect(interpolate(String(services.minio?.image))).toMatch(/^minio\/minio:RELEASE\./);
  });

  it('publishes the gateway and the inbox on 127.0.0.1 only, unless told otherwise', () => {
    const services = doc.services ?? {};
    const published = (name: string, vars?: Record<string, string>) =>
      (services[name]?.ports ?? []).map((p) => interpolate(String(p), vars));
    expect(published('gateway')).toEqual(['127.0.0.1:8080:8080']);
    expect(published('gateway', { GATEWAY_ADDRESS: '0.0.0.0', GATEWAY_PORT: '80' })).toEqual(['0.0.0.0:80:8080']);
    expect(published('mail')).toEqual(['127.0.0.1:8025:8025']);
    for (const [name, service] of Object.entries(services))
      for (const port of service.ports ?? []) expect(interpolate(String(port)), name).toMatch(/^127\.0\.0\.1:/);
  });

  it("builds every Node.js container on NODE_IMAGE, the Dockerfile's base", () => {
    for (const [name, service] of Object.entries(doc.services ?? {})) {
      if (!service.build || typeof service.build === 'string') continue;
      expect(buildArgs(service.build).NODE_IMAGE, name).toBeDefined();
    }
  });

  it('copies the package.json of every workspace before installing in the Dockerfile', () => {
    const workspaces = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces as string[];
    const dirs = workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(join(ROOT, pattern.slice(0, -2)))
            .map((name) => `${pattern.slice(0, -2)}/${name}`)
            .filter((dir) => existsSync(join(ROOT, dir, 'package.json')))
        : [pattern],
    );
    expect(dirs.length).toBeGreaterThanOrEqual(12);
    const manifestsStage = dockerfile.split(/^FROM /m).find((stage) => /\sAS manifests\s/.test(` ${stage}`)) ?? '';
    for (const dir of dirs) expect(manifestsStage).toContain(`COPY ${dir}/package.json ${dir}/\n`);
  });

  it('keeps to instructions buildah 1.28 (podman) understands', () => {
    expect(dockerfile).not.toMatch(/^# syntax=/m);
    expect(dockerfile).not.toMatch(/^(COPY|ADD)\s.*--(parents|exclude)/m);
    for (const target of ['deps', 'build', 'service', 'gateway'])
      expect(dockerfileTargets(dockerfile)).toContain(target);
  });

  it('reports each kind of mistake in a broken copy', () => {
    const broken = structuredClone(doc);
    // Every service named below is in the file (the test above reads them all).
    const services = broken.services as Record<string, ComposeService> &
      Record<'auth' | 'ai-worker' | 'content' | 'gateway', ComposeService>;
    // Unknown build target, and a worker that could not scale.
    (services.auth.build as { target: string }).target = 'no-such-stage';
    services['posts-worker'] = { ...services['posts-worker'], container_name: 'posts-worker', ports: ['9000:9000'] };
    // An entry file that does not exist.
    const aiWorkerBuild = services['ai-worker'].build as { args: Record<string, string> };
    services['ai-worker'].build = { ...aiWorkerBuild, args: { ...aiWorkerBuild.args, ENTRY: 'missing' } };
    // A required variable missing, one invalid, a missing health check and start order.
    services.content = { ...services.content, environment: { ...environmentOf(services.content) } };
    delete (services.content.environment as Record<string, string>).DATABASE_URL;
    services.gateway = {
      ...services.gateway,
      environment: { ...environmentOf(services.gateway), COOKIE_SECRET: 'short' },
    };
    delete services.gateway.healthcheck;
    services.gateway.depends_on = { redis: { condition: 'service_healthy' } };
    // A process of the stack with no container.
    delete services.linkedin;

    const problems = checkCompose(broken, dockerfile, schemas);
    const expected = [
      /^auth: build target "no-such-stage" is not a stage/,
      /^posts-worker: a worker must not have a container_name/,
      /^posts-worker: a worker must not publish ports/,
      /^ai-worker: ENTRY "missing" is neither server nor worker/,
      /^ai-worker: runs services\/ai\/src\/missing\.ts, which does not exist/,
      /^content: environment lacks DATABASE_URL/,
      /^gateway: COOKIE_SECRET is invalid/,
      /^gateway: has no healthcheck/,
      /^gateway: depends_on auth with condition service_healthy is missing/,
      /^linkedin: in tools\/stack\/processes\.mjs but not a service/,
    ];
    for (const pattern of expected)
      expect(
        problems.some((p) => pattern.test(p)),
        `${pattern} in\n${problems.join('\n')}`,
      ).toBe(true);
  });

  it('interpolates like docker compose', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose syntax, not a template
    expect(interpolate('${A:-x}/${B-y}/${C}/$$/$D', { B: '' })).toBe('x///$/');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose syntax, not a template
    expect(interpolate('${A:-x}', { A: 'set' })).toBe('set');
  });
});

describe('dependency patches', () => {
  it('are available to the Dockerfile before it installs, since the root postinstall applies them', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const postinstall = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.postinstall as string;
    const script = postinstall.split(' ').find((part) => part.startsWith('scripts/'));
    expect(script).toBeDefined();
    const copied = dockerfile.indexOf(`COPY ${script}`);
    expect(copied).toBeGreaterThan(-1);
    expect(copied).toBeLessThan(dockerfile.search(/^RUN .*npm install/m));
  });
});
