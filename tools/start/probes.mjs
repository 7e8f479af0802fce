// Network checks: does a TCP port answer, does Redis answer PING, does a URL answer 200.
import { connect } from 'node:net';
import { fail } from './output.mjs';

export function tcpAnswers(/** @type {string} */ host, /** @type {number} */ port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether a Redis server on 127.0.0.1:`port` answers PING with PONG. */
export function redisPong(/** @type {number} */ port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.once('error', () => done(false));
  });
}

/** Checks that a URL given by the user answers, so a typo fails here and not in nine services. */
export async function checkReachable(
  /** @type {string} */ variable,
  /** @type {string} */ url,
  /** @type {number} */ defaultPort,
) {
  /** @type {URL | undefined} */
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    fail(`${variable} is not a valid URL`);
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(parsed.port || defaultPort);
  if (!(await tcpAnswers(host, port, 3000))) fail(`${variable} points at ${host}:${port}, which does not answer`);
}

/**
 * GET `url` with a short timeout: whether it answered 200, its status and the start of its body
 * (or, with no answer, the network error's code).
 * @returns {Promise<{ ok: boolean, status: number, body: string }>}
 */
export async function answers200(/** @type {string} */ url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return { ok: response.status === 200, status: response.status, body: (await response.text()).slice(0, 400) };
  } catch (error) {
    const e = /** @type {{ cause?: { code?: string }, name: string }} */ (error);
    return { ok: false, status: 0, body: e.cause?.code ?? e.name };
  }
}
