import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVICE_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = fileURLToPath(new URL('../worker.ts', import.meta.url));

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves once the worker has started (its reconciler has run once). */
  started: Promise<void>;
  /** Everything it wrote, for a failing test to show. */
  output: () => string;
}

/** Runs `src/worker.ts` as a process of its own, so a test or benchmark can kill it for real. */
export function spawnPostsWorker(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: SERVICE_ROOT,
    // Production's logging and shutdown, on this machine's disk store: a demo as far as the config goes.
    env: { ...process.env, NODE_ENV: 'production', NASHR_DEMO: '1', LOG_LEVEL: 'info', LOG_PRETTY: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let ready = false;
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      // Only the tail is kept: a benchmark worker logs a line per post.
      output = (output + chunk.toString()).slice(-64_000);
      if (!ready && output.includes('posts-worker running')) {
        ready = true;
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`posts worker exited (${code ?? signal}):\n${output}`)));
  });
  started.catch(() => {});
  return { child, started, output: () => output };
}
