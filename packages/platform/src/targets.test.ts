import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineService } from './service.js';
import { resolveTargets, targetConfigProblems, targetEnvironments, UnknownTargetError } from './targets.js';

const app = { listen: async () => 'http://127.0.0.1:1', close: async () => {} };
const posts = defineService({
  name: 'posts',
  port: 8103,
  api: { config: z.object({ PORT: z.coerce.number() }), start: () => app },
  worker: { config: z.object({ REDIS_URL: z.string() }), start: () => ({ close: async () => {} }) },
});
const content = defineService({
  name: 'content',
  port: 8104,
  api: { config: z.object({}), start: () => app },
});
const gateway = defineService({
  name: 'gateway',
  port: 8080,
  api: { config: z.object({ POSTS_URL: z.string(), CONTENT_URL: z.string() }), start: () => app },
});
const services = [gateway, posts, content];
const names = (list: { name: string }[]) => list.map((t) => t.name);

describe('targets', () => {
  it('all names every API and worker, the gateway last', () => {
    expect(names(resolveTargets(services, 'all'))).toEqual(['posts-api', 'posts-worker', 'content-api', 'gateway']);
  });

  it('takes lists, and a service name for its API and worker', () => {
    expect(names(resolveTargets(services, 'gateway,posts-worker'))).toEqual(['posts-worker', 'gateway']);
    expect(names(resolveTargets(services, ['posts', 'content-api']))).toEqual([
      'posts-api',
      'posts-worker',
      'content-api',
    ]);
  });

  it('stops at an unknown target with the known ones', () => {
    expect(() => resolveTargets(services, 'posts-wroker')).toThrow(UnknownTargetError);
    expect(() => resolveTargets(services, 'posts-wroker')).toThrow(
      'unknown target "posts-wroker"; known targets: all, gateway, posts-api, posts-worker, content-api',
    );
    expect(() => resolveTargets(services, '')).toThrow(UnknownTargetError);
  });

  it('one API listens on PORT; several share the process behind the gateway', () => {
    const env = { PORT: '9000', HOST: '0.0.0.0' };
    const alone = targetEnvironments(resolveTargets(services, 'posts-api,posts-worker'), env);
    expect([...alone.values()][0]).toMatchObject({ PORT: '9000', HOST: '0.0.0.0' });

    const together = targetEnvironments(resolveTargets(services, 'all'), { ...env, CONTENT_PORT: '9104' });
    const byName = Object.fromEntries([...together].map(([target, vars]) => [target.name, vars]));
    expect(byName.gateway).toMatchObject({
      PORT: '9000',
      HOST: '0.0.0.0',
      POSTS_URL: 'http://127.0.0.1:8103',
      CONTENT_URL: 'http://127.0.0.1:9104',
    });
    expect(byName['posts-api']).toMatchObject({ PORT: '8103', HOST: '127.0.0.1' });
    expect(byName['content-api']).toMatchObject({ PORT: '9104', HOST: '127.0.0.1' });
  });

  it('a URL the environment gives the gateway wins', () => {
    const together = targetEnvironments(resolveTargets(services, 'all'), { POSTS_URL: 'http://posts:8080' });
    const gatewayEnv = [...together].find(([target]) => target.name === 'gateway')?.[1];
    expect(gatewayEnv?.POSTS_URL).toBe('http://posts:8080');
  });

  it('names the target whose configuration is wrong', () => {
    const problems = targetConfigProblems(resolveTargets(services, 'posts-worker,gateway'), {});
    expect(problems.some((line) => line.startsWith('posts-worker: ') && line.includes('REDIS_URL'))).toBe(true);
    expect(problems.some((line) => line.startsWith('gateway: ') && line.includes('POSTS_URL'))).toBe(true);
  });
});
