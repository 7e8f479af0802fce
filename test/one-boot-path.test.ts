// How a service starts is written once, in packages/platform/src/targets.ts: a service declares
// its parts (services/<name>/src/service.ts) and never wires its own database, Redis, queues,
// listening or shutdown.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SERVICES = join(ROOT, 'services');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'testing' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|test-harness\.ts$/.test(name) ? [path] : [];
  });
}

/** Calls that belong to the runtime: a service making them has a boot path of its own. */
const BOOT_WIRING =
  /\b(createDatabase|createRedis|runMigrations|requireQueueSafeRedis|runProcess|serveMetrics)\(|\.listen\(\{|process\.once\('SIG/g;

/** Lines of `text` that wire a process, `path:line: call`. */
function bootWiring(path: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) =>
    // Comments may name the calls.
    /^\s*(\/\/|\*|\/\*)/.test(line)
      ? []
      : [...line.matchAll(BOOT_WIRING)].map((match) => `${path}:${index + 1}: ${match[0]}`),
  );
}

const services = readdirSync(SERVICES).filter((name) => statSync(join(SERVICES, name)).isDirectory());

describe('one boot path', () => {
  it('no service wires its own database, Redis, queues, listening or shutdown', () => {
    const files = services.flatMap((name) => sources(join(SERVICES, name, 'src')));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .map((file) => relative(ROOT, file))
      // Applying one service's migrations on their own (scripts/migrate.mjs) is not a start.
      .filter((path) => !path.endsWith('/src/migrate.ts'))
      .flatMap((path) => bootWiring(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it("each service's server and worker entries only name their targets", () => {
    for (const name of services) {
      for (const entry of ['server.ts', 'worker.ts']) {
        const path = join(SERVICES, name, 'src', entry);
        let text: string;
        try {
          text = readFileSync(path, 'utf8');
        } catch {
          continue;
        }
        const code = text.split('\n').filter((line) => line.trim() && !line.trim().startsWith('//'));
        expect(code.length, relative(ROOT, path)).toBeLessThanOrEqual(3);
        expect(text, relative(ROOT, path)).toMatch(/await runTargets\(\[\w+Service\], '[\w-]+'\);/);
      }
    }
  });

  it('finds wiring where it is', () => {
    const old = "  const redis = createRedis(config.REDIS_URL, 'request');\n  await app.listen({ host, port });";
    expect(bootWiring('services/x/src/server.ts', old)).toEqual([
      'services/x/src/server.ts:1: createRedis(',
      'services/x/src/server.ts:2: .listen({',
    ]);
  });
});
