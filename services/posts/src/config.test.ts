import { ConfigError, loadConfig } from '@nashr/platform';
import { describe, expect, it } from 'vitest';
import { configSchema, workerConfigSchema } from './config.js';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/nashr',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SECRET: 'x'.repeat(32),
};

describe('posts configuration', () => {
  it('has defaults for everything but the connections and the secret', () => {
    const api = loadConfig(configSchema, base);
    expect(api.PORT).toBe(8103);
    expect(api.PUBLISH_WAIT_MS).toBe(15_000);
    expect(api.REDIS_PREFIX).toBe('nashr');
    const worker = loadConfig(workerConfigSchema, base);
    expect(worker.RECONCILE_INTERVAL_MS).toBe(60_000);
    expect(worker.POSTS_WORKER_CONCURRENCY).toBe(50);
  });

  it('names each missing or invalid variable', () => {
    let problems: string[] = [];
    try {
      loadConfig(workerConfigSchema, { REDIS_URL: 'http://nope', RECONCILE_INTERVAL_MS: '10' });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems.some((p) => p.startsWith('DATABASE_URL is required'))).toBe(true);
    expect(problems.some((p) => p.startsWith('REDIS_URL is invalid'))).toBe(true);
    expect(problems.some((p) => p.startsWith('RECONCILE_INTERVAL_MS is invalid'))).toBe(true);
    expect(() => loadConfig(configSchema, { ...base, PUBLISH_WAIT_MS: 'soon' })).toThrow(ConfigError);
  });
});
