/**
 * The network creates a post after the adapter has stopped waiting for it.
 *
 * The linkedin publish worker calls the network with a timeout (UNIPILE_TIMEOUT_MS). When the
 * call times out, the post may or may not exist; the next try looks for it among the account's
 * recent posts and publishes again only if it is not there. A network that is merely slow
 * creates the post after that look: the post goes out twice.
 *
 * Here the production adapter (unipile) talks to a local server speaking its wire format,
 * behind a forwarder that holds each publish for 3 s and delivers it even after the adapter
 * gave up (800 ms timeout). The posts and linkedin workers are the real ones, in this process.
 */

import { FAKE_API_KEY, startFakeUnipile } from '@nashr/linkedin/testing';
import { testIdentity } from '@nashr/platform/testing';
import { startStack } from '@nashr/tools/in-process-stack';
import { send } from '../../test/hardening/support/gateway-client.js';
import { type FaultScenario, sleep, waitFor } from './scenario.js';
import { startSlowProxy } from './slow-http-proxy.js';

const TIMEOUT_MS = 800;
const NETWORK_MS = 3_000;

export const latePublish: FaultScenario = {
  name: 'late-publish',
  what: `the network creates a post ${NETWORK_MS} ms after a publish the worker gave up on at ${TIMEOUT_MS} ms: still one copy`,
  run: async () => {
    const fake = await startFakeUnipile();
    const slow = await startSlowProxy(fake.url);
    const stack = await startStack({
      gateway: true,
      workers: ['posts', 'linkedin'],
      env: {
        linkedin: {
          NETWORK_PROVIDER: 'unipile',
          UNIPILE_DSN: slow.url,
          UNIPILE_API_KEY: FAKE_API_KEY,
          UNIPILE_TIMEOUT_MS: String(TIMEOUT_MS),
        },
      },
    });
    try {
      const cookie = await stack.cookieFor(testIdentity(['user']));
      const connected = await send(stack, 'POST', '/api/v1/linkedin/accounts', {
        cookie,
        body: { username: 'mona@fake.test', password: 'secret' },
      });
      if (connected.status !== 200) throw new Error(`connect answered ${connected.status}: ${connected.body}`);
      slow.delays['POST /api/v1/posts'] = NETWORK_MS;
      const text = `Slow and steady ${Date.now()}`;
      const res = await send(stack, 'POST', '/linkedln/createPost', { cookie, body: { text } });
      const id = res.json().data?.id as string;
      const status = async () =>
        (await stack.sql<{ status: string }[]>`select status from posts.posts where id = ${id}`)[0]?.status;
      const final = await waitFor(
        'the post to settle',
        status,
        (s) => s === 'published' || s === 'failed',
        60_000,
        250,
      );
      await sleep(NETWORK_MS + 500);
      const copies = fake.published.filter((p) => p.text === text).length;
      const ok = copies === 1 && final === 'published';
      return {
        ok,
        summary: ok ? 'one copy on the network' : `${copies} copies on the network, post ${final}`,
        details: [
          `post ended ${final}; copies on the network: ${copies}; publish calls: ${fake.calls.filter((c) => c === 'POST /api/v1/posts').length}`,
          ...(ok
            ? []
            : [
                'The retry looked for the post before the slow network had created it, then published again.',
                'Needs a settle window in the linkedin publisher (publish/publisher.ts) before "not found" is trusted.',
              ]),
        ],
      };
    } finally {
      await stack.close();
      await slow.close();
      await fake.close();
    }
  },
};
