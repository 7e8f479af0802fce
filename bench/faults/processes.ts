import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServiceProcess {
  name: string;
  child: ChildProcess;
  /** The tail of what it wrote, for a report when something goes wrong. */
  output: () => string;
  /** Resolves with the exit code or signal once it has exited. */
  exited: Promise<string>;
  alive: () => boolean;
  kill: (signal?: NodeJS.Signals) => Promise<string>;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** The built entry of a service, refused when missing or older than its sources (run `npm run build`). */
export function builtEntry(service: string, entry: 'server' | 'worker'): string {
  const file = join(ROOT, 'services', service, 'dist', `${entry}.js`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  const sources = Math.max(
    newestMtime(join(ROOT, 'services', service, 'src')),
    newestMtime(join(ROOT, 'packages', 'platform', 'src')),
    newestMtime(join(ROOT, 'packages', 'contracts', 'src')),
  );
  if (statSync(file).mtimeMs < sources) {
    throw new Error(`${file} is older than its sources: run \`npm run build\` (or pass --build) first`);
  }
  return file;
}

/**
 * Starts `node services/<service>/dist/<entry>.js` with `env`, and resolves once it has written
 * `marker` (its "started" log line). Logs are JSON at info level, so markers are plain text.
 */
export async function startService(
  name: string,
  service: string,
  entry: 'server' | 'worker',
  env: Record<string, string>,
  marker: string,
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [builtEntry(service, entry)], {
    cwd: join(ROOT, 'services', service),
    // Production's logging on the sandbox network and the other stand-ins: a demo, as the config sees it.
    env: { ...process.env, NODE_ENV: 'production', NASHR_DEMO: '1', LOG_LEVEL: 'info', LOG_PRETTY: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)),
  );
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-32_000);
      if (output.includes(marker)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((how) => reject(new Error(`${name} exited (${how}) before starting:\n${output.slice(-3_000)}`)));
    setTimeout(() => reject(new Error(`${name} did not start within 30 s:\n${output.slice(-3_000)}`)), 30_000).unref();
  });
  await started;
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    name,
    child,
    output: () => output,
    exited,
    alive,
    kill: async (signal = 'SIGTERM') => {
      if (alive()) child.kill(signal);
      return exited;
    },
  };
}
