// Readiness: the gateway's /readyz and every helper's ready path, polled until all answer 200.
import { answers200 } from './probes.mjs';

/** @typedef {import('../stack/processes.mjs').StackProcess} StackProcess */

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The URLs that must answer 200 before the stack counts as ready. */
export function readinessUrls(/** @type {string} */ gatewayUrl, /** @type {StackProcess[]} */ processes) {
  const helpers = processes.filter((p) => p.kind === 'helper' && p.readyPath);
  return [`${gatewayUrl}/readyz`, ...helpers.map((p) => `http://127.0.0.1:${p.port}${p.readyPath}`)];
}

/**
 * Polls every URL until all answer 200 ('ready'), `stopped()` turns true ('stopped') or the
 * deadline passes ('timeout').
 * @param {string[]} urls
 * @param {{ timeoutMs: number, intervalMs?: number, stopped?: () => boolean }} options
 * @returns {Promise<'ready' | 'stopped' | 'timeout'>}
 */
export async function waitUntilReady(urls, { timeoutMs, intervalMs = 1000, stopped = () => false }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (stopped()) return 'stopped';
    if ((await Promise.all(urls.map(answers200))).every((result) => result.ok)) return 'ready';
    if (stopped()) return 'stopped';
    if (Date.now() > deadline) return 'timeout';
    await sleep(intervalMs);
  }
}

/**
 * One line per process that is not ready: what its ready path answered, or that it no longer runs.
 * @param {StackProcess[]} processes
 * @param {(name: string) => boolean} isRunning
 */
export async function explainNotReady(processes, isRunning) {
  const lines = [];
  for (const proc of processes) {
    if (!proc.readyPath) {
      if (!isRunning(proc.name)) lines.push(`${proc.name}: not running`);
      continue;
    }
    const host = proc.kind === 'gateway' ? 'localhost' : '127.0.0.1';
    const result = await answers200(`http://${host}:${proc.port}${proc.readyPath}`);
    if (!result.ok) {
      const detail = result.status
        ? `${proc.readyPath} answered ${result.status} ${result.body}`
        : `no answer (${result.body})`;
      lines.push(`${proc.name} (port ${proc.port}): ${detail}`);
    }
  }
  return lines;
}
