import { ConfigError, configProblems, loadConfig } from '@nashr/platform';
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

describe('posts configuration in production', () => {
  it('refuses the disk store in the API and the worker, in one line, unless declared single or a demo', () => {
    const production = { ...base, NODE_ENV: 'production' };
    for (const schema of [configSchema, workerConfigSchema]) {
      expect(configProblems(schema, production)).toEqual([
        'MEDIA_STORE names the disk store (each replica would see only its own images), a stand-in refused with NODE_ENV=production: set MEDIA_STORE=s3 with S3_*, or MEDIA_DISK_SINGLE_REPLICA=1 if every process runs once on one machine (or NASHR_DEMO=1 for a demo)',
      ]);
      expect(configProblems(schema, { ...production, NASHR_DEMO: '1' })).toEqual([]);
      expect(configProblems(schema, { ...production, MEDIA_DISK_SINGLE_REPLICA: '1' })).toEqual([]);
      expect(configProblems(schema, { ...production, MEDIA_STORE: 's3' })).toEqual([]);
    }
  });
});
