/**
 * Resident memory of the whole product as `npm start` runs it: every service's API and worker,
 * the gateway and the helpers `npm start` starts (mail catcher, local OpenID provider), through
 * the stack launcher (tools/src/process-stack.ts) in either layout, `one` (one process for the
 * product) or `per-target` (one per API and worker).
 *
 *   - launch → ready: from the launcher's call until the gateway's /readyz answers 200;
 *   - RSS after start: VmRSS of /proc/<pid>/status, summed over every process of the stack and
 *     what they started (helpers included); also their PSS (/proc/<pid>/smaps_rollup), which
 *     shares the pages processes have in common (Node's code) among them instead of counting
 *     them once per process;
 *   - RSS after a tour: the same, after signing in as the browser tests do (e2e/support/session.ts:
 *     a session in the stack's Redis, the cookie signed with its COOKIE_SECRET) and each main
 *     screen loaded through the gateway in headless Chromium (its API calls included).
 *
 * PostgreSQL and Redis are outside the stack here (the tests' shared servers, a database and
 * key prefix of the stack's own), so they are not counted; `npm start`'s embedded ones come on top.
 * Linux only (/proc).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { sign } from '@fastify/cookie';
import { SESSION_COOKIE } from '@nashr/contracts';
import { createRedis, SessionStore } from '@nashr/platform';
import { type Stack, startStack } from '@nashr/tools/process-stack';
import { HELPERS } from '@nashr/tools/stack';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../web/first-paint';

export type Layout = 'one' | 'per-target';

/** The main screens of a signed-in user, as the Lighthouse benchmark tours them. */
export const SCREENS = [
  '/',
  '/dashboard',
  '/posts',
  '/generate-post',
  '/profile',
  '/personalization',
  '/engage',
  '/billing',
  '/sessions',
  '/hooks',
  '/ideas',
  '/inspiration',
];

export interface MemoryFigures {
  layout: Layout;
  processes: number;
  /** Launch of the stack until its gateway's /readyz answered 200, in ms. */
  readyMs: number;
  afterStart: { rss: number; pss: number };
  afterTour: { rss: number; pss: number };
  /** Resident set of each process after the tour, by name. */
  byProcess: Record<string, number>;
  screens: number;
}

/** A field of /proc/<pid>/status or smaps_rollup, in bytes (0 when the process is gone). */
function kbField(file: string, field: string): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(file, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** `pids` and every process they started, at any depth. */
function withDescendants(pids: number[]): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the fourth field, after the command name in parentheses (which may hold spaces).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {}
  }
  const all = new Set(pids);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (all.has(ppid) && !all.has(pid)) {
        all.add(pid);
        grew = true;
      }
    }
  }
  return [...all];
}

/** The stack's processes by name (in one process, every part's name gives the same id). */
function stackPids(stack: Stack): Map<number, string> {
  const byPid = new Map<number, string>();
  for (const name of Object.keys(stack.env)) {
    const pid = stack.pid(name);
    // A process running several parts is the product's one process.
    if (pid) byPid.set(pid, byPid.has(pid) ? 'nashr' : name);
  }
  return byPid;
}

function measure(stack: Stack): { rss: number; pss: number; byProcess: Record<string, number> } {
  const named = stackPids(stack);
  let rss = 0;
  let pss = 0;
  const byProcess: Record<string, number> = {};
  for (const pid of withDescendants([...named.keys()])) {
    const own = kbField(`/proc/${pid}/status`, 'VmRSS');
    rss += own;
    pss += kbField(`/proc/${pid}/smaps_rollup`, 'Pss');
    const name = named.get(pid) ?? `child ${pid}`;
    byProcess[name] = (byProcess[name] ?? 0) + own;
  }
  return { rss, pss, byProcess };
}

async function waitReady(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url}/readyz did not answer 200 within ${timeoutMs / 1000} s`);
}

/** The helpers `npm start` runs with this environment (mail catcher, OpenID provider...). */
export const startHelpers = (env: Record<string, string | undefined> = process.env) =>
  HELPERS.filter((helper) => !helper.enabled || helper.enabled(env)).map((helper) => helper.name);

/** A session as the browser tests make one (e2e/support/session.ts): the `sid` cookie's value. */
async function sessionCookie(stack: Stack): Promise<string> {
  const redis = createRedis(stack.redisUrl, 'worker');
  try {
    const userId = randomUUID();
    const sessionId = await new SessionStore(redis, stack.redisPrefix).create({
      userId,
      email: `memory-${userId.slice(0, 8)}@example.test`,
      roles: ['user'],
    });
    return encodeURIComponent(sign(sessionId, stack.secrets.COOKIE_SECRET ?? ''));
  } finally {
    redis.disconnect();
  }
}

/** A signed-in user's tour of the main screens, in one Chromium context; returns the screens loaded. */
async function tour(stack: Stack, log: (line: string) => void): Promise<number> {
  const name = SESSION_COOKIE;
  const value = await sessionCookie(stack);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  let loaded = 0;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name, value, url: stack.url, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    for (const screen of SCREENS) {
      const response = await page.goto(`${stack.url}${screen}`, { waitUntil: 'load', timeout: 60_000 });
      // The screen's own API calls: wait until the network is quiet (a busy machine: at most 15 s).
      await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
      const status = response?.status() ?? 0;
      if (status >= 400) throw new Error(`${screen} answered ${status}`);
      log(`    ${screen}: ${status}`);
      loaded += 1;
    }
  } finally {
    await browser.close();
  }
  return loaded;
}

export async function benchMemory(layout: Layout, log: (line: string) => void = () => {}): Promise<MemoryFigures> {
  const launched = Date.now();
  const stack = await startStack({
    services: ['auth', 'linkedin', 'posts', 'content', 'ai', 'billing', 'engage'],
    workers: true,
    helpers: startHelpers(),
    layout,
    // As `npm start`: info logs (as JSON lines, which `npm start` reads too).
    logLevel: 'info',
  });
  try {
    await waitReady(stack.url);
    const readyMs = Date.now() - launched;
    // Let the start settle (workers' first schedules, connections) before the first reading.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const afterStart = measure(stack);
    log(`  ${layout}: ready in ${(readyMs / 1000).toFixed(1)} s, ${stackPids(stack).size} processes`);
    const screens = await tour(stack, log);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const afterTour = measure(stack);
    return {
      layout,
      processes: stackPids(stack).size,
      readyMs,
      afterStart: { rss: afterStart.rss, pss: afterStart.pss },
      afterTour: { rss: afterTour.rss, pss: afterTour.pss },
      byProcess: afterTour.byProcess,
      screens,
    };
  } finally {
    await stack.stop();
  }
}
