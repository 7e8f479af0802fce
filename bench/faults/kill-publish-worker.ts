/**
 * Kill a publish worker while it publishes; the post must end published exactly once.
 *
 * Real processes: the posts worker and the linkedin publish workers run as
 * `node services/<s>/dist/worker.js`; the APIs run in this process (the stack of
 * test/hardening). The sandbox network takes SANDBOX_LATENCY_MS per call to widen the window.
 * Two moments are tried:
 *
 *  - during the call, before the network has the post: the next worker must publish it;
 *  - after the network created it but before the worker wrote that down (the test holds the
 *    worker's row so it is caught there): the next worker must find it on the network instead
 *    of publishing again.
 *
 * The dead worker's job is only taken over once its BullMQ lock expires, so each case takes
 * 10 to 30 s: too long for `npm test`.
 */
import { identityHeaders } from '@nashr/platform';
import { TEST_INTERNAL_SECRET, testIdentity } from '@nashr/platform/testing';
import { startStack } from '@nashr/tools/in-process-stack';
import { type ServiceProcess, startService } from './processes.js';
import { encryptionKey, type FaultResult, type FaultScenario, sleep, waitFor } from './scenario.js';

const LATENCY_MS = 3_000;

type Moment = 'before-network' | 'after-network';

async function killDuring(moment: Moment): Promise<{ ok: boolean; line: string }> {
  const key = encryptionKey();
  const stack = await startStack({ env: { linkedin: { ENCRYPTION_KEY: key } } });
  const processes: ServiceProcess[] = [];
  const user = testIdentity(['user']);
  const headers = identityHeaders(user, TEST_INTERNAL_SECRET);
  const text = `Killed ${moment} ${Date.now()}`;
  try {
    const connected = await stack.apps.linkedin.inject({
      method: 'POST',
      url: '/api/v1/linkedin/accounts',
      headers,
      payload: { username: `kill-${moment}@sandbox.test`, password: 'pw' },
    });
    if (connected.statusCode !== 200) throw new Error(`connect answered ${connected.statusCode}: ${connected.body}`);

    const common = { DATABASE_URL: stack.databaseUrl, REDIS_URL: stack.redis.url, REDIS_PREFIX: stack.prefix };
    const linkedinEnv = {
      ...common,
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      ENCRYPTION_KEY: key,
      SANDBOX_LATENCY_MS: String(LATENCY_MS),
    };
    processes.push(
      await startService(
        'posts-worker',
        'posts',
        'worker',
        { ...common, RECONCILE_INTERVAL_MS: '2000', PUBLISH_STUCK_MS: '5000' },
        'posts-worker running',
      ),
    );
    const doomed = await startService(
      'linkedin-worker A',
      'linkedin',
      'worker',
      linkedinEnv,
      'linkedin-worker running',
    );
    processes.push(doomed);

    const created = await stack.apps.posts.inject({
      method: 'POST',
      url: '/linkedln/createPost',
      headers,
      payload: { text },
    });
    if (created.statusCode !== 202) throw new Error(`createPost answered ${created.statusCode}: ${created.body}`);
    const postId = created.json().data.id as string;
    const attemptState = async () =>
      (await stack.sql<{ state: string }[]>`select state from linkedin.publish_attempts where post_id = ${postId}`)[0]
        ?.state;
    const onNetwork = async () =>
      (await stack.sql<{ n: number }[]>`select count(*)::int as n from linkedin.sandbox_posts where text = ${text}`)[0]
        ?.n ?? 0;
    await waitFor('the worker to start publishing', attemptState, (s) => s === 'publishing', 20_000, 50);

    let killedAt: number;
    if (moment === 'before-network') {
      await sleep(LATENCY_MS / 3);
      doomed.child.kill('SIGKILL');
      killedAt = Date.now();
      await doomed.exited;
    } else {
      // Hold the attempt's row: the worker publishes, then waits on the lock to record it.
      killedAt = await stack.sql.begin(async (tx) => {
        await tx`select 1 from linkedin.publish_attempts where post_id = ${postId} for update`;
        await waitFor('the network to have the post', onNetwork, (n) => n === 1, LATENCY_MS * 3, 50);
        await waitFor(
          'the worker to wait on the row',
          async () =>
            (
              await tx<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
              where application_name = 'linkedin-worker' and wait_event_type = 'Lock'`
            )[0]?.n ?? 0,
          (n) => n >= 1,
          10_000,
          50,
        );
        doomed.child.kill('SIGKILL');
        await doomed.exited;
        // Its connections die with it: what it was writing never commits.
        await tx`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'linkedin-worker'`;
        return Date.now();
      });
    }
    const copiesAtKill = await onNetwork();
    processes.push(
      await startService('linkedin-worker B', 'linkedin', 'worker', linkedinEnv, 'linkedin-worker running'),
    );

    const status = async () =>
      (await stack.sql<{ status: string }[]>`select status from posts.posts where id = ${postId}`)[0]?.status;
    await waitFor('the post to be published', status, (s) => s === 'published' || s === 'failed', 90_000, 250);
    const tookMs = Date.now() - killedAt;
    await sleep(LATENCY_MS + 500);
    const copies = await onNetwork();
    const final = await status();
    const ok = final === 'published' && copies === 1;
    return {
      ok,
      line: `${moment}: killed with ${copiesAtKill} copy on the network; ended ${final} with ${copies} ${copies === 1 ? 'copy' : 'copies'}, ${(tookMs / 1000).toFixed(1)} s after the kill`,
    };
  } finally {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await stack.close();
  }
}

export const killPublishWorker: FaultScenario = {
  name: 'kill-publish-worker',
  what: 'SIGKILL a linkedin publish worker mid-publish (before and after the network has the post): published exactly once',
  run: async (): Promise<FaultResult> => {
    const results = [await killDuring('before-network'), await killDuring('after-network')];
    return {
      ok: results.every((r) => r.ok),
      summary: results.every((r) => r.ok) ? 'published exactly once both times' : 'FAILED: see details',
      details: results.map((r) => r.line),
    };
  },
};
