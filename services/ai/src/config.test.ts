import { configProblems, loadConfig } from '@nashr/platform';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.js';

const required = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SECRET: 'x'.repeat(20),
};

describe('ai config', () => {
  it('defaults to port 8105, the offline writer and the spec models when no key is set', () => {
    const config = loadConfig(configSchema, required);
    expect(config).toMatchObject({
      PORT: 8105,
      AI_PROVIDER: 'offline',
      OPENAI_PREMIUM_MODEL: 'gpt-4o',
      OPENAI_STANDARD_MODEL: 'gpt-3.5-turbo',
      OPENAI_TIMEOUT_MS: 30_000,
      OPENAI_MAX_RETRIES: 2,
      AI_FREE_DAILY_GENERATIONS: 15,
    });
    expect(loadConfig(configSchema, { ...required, AI_FREE_DAILY_GENERATIONS: '3' }).AI_FREE_DAILY_GENERATIONS).toBe(3);
  });

  it('picks openai when a key is set, unless told otherwise', () => {
    expect(loadConfig(configSchema, { ...required, OPENAI_API_KEY: 'sk-1' }).AI_PROVIDER).toBe('openai');
    expect(loadConfig(configSchema, { ...required, OPENAI_API_KEY: 'sk-1', AI_PROVIDER: 'offline' }).AI_PROVIDER).toBe(
      'offline',
    );
    expect(loadConfig(configSchema, { ...required, OPENAI_API_KEY: '' }).AI_PROVIDER).toBe('offline');
  });

  it('names each problem on its own line', () => {
    expect(() => loadConfig(configSchema, { ...required, AI_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => loadConfig(configSchema, { ...required, OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
    expect(() => loadConfig(configSchema, { ...required, OPENAI_MAX_RETRIES: '9' })).toThrow(/OPENAI_MAX_RETRIES/);
    expect(() => loadConfig(configSchema, { ...required, AI_PROVIDER: 'claude' })).toThrow(/AI_PROVIDER/);
  });
});

describe('ai config in production', () => {
  it('refuses the offline writer as the only writer, in one line, unless NASHR_DEMO=1', () => {
    const production = { ...required, NODE_ENV: 'production' };
    for (const env of [production, { ...production, AI_PROVIDER: 'offline', OPENAI_API_KEY: 'sk-1' }]) {
      expect(configProblems(configSchema, env)).toEqual([
        'AI_PROVIDER names the offline writer as the only writer, a stand-in refused with NODE_ENV=production: set openai with OPENAI_API_KEY (and OPENAI_BASE_URL for another OpenAI-compatible endpoint) (or NASHR_DEMO=1 for a demo)',
      ]);
    }
    expect(loadConfig(configSchema, { ...production, NASHR_DEMO: '1' }).AI_PROVIDER).toBe('offline');
    expect(loadConfig(configSchema, { ...production, OPENAI_API_KEY: 'sk-1' }).AI_PROVIDER).toBe('openai');
  });
});
