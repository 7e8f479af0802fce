import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  baseEnv,
  ConfigError,
  databaseEnv,
  httpEnv,
  internalEnv,
  isLoopbackUrl,
  loadConfig,
  refuseStandIns,
} from './config.js';

const schema = z.object({ ...baseEnv, ...httpEnv, ...databaseEnv, ...internalEnv });

describe('loadConfig', () => {
  it('parses a valid environment and applies defaults', () => {
    const config = loadConfig(schema, {
      PORT: '8081',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app',
      INTERNAL_SECRET: 'x'.repeat(32),
    });
    expect(config.PORT).toBe(8081);
    expect(config.NODE_ENV).toBe('development');
    expect(config.HOST).toBe('127.0.0.1');
  });

  it('names every missing or invalid variable on its own line', () => {
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty', INTERNAL_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(3);
    expect(problems).toContain('DATABASE_URL is required but not set');
    expect(problems.find((p) => p.startsWith('PORT is invalid'))).toBeDefined();
    expect(problems.find((p) => p.startsWith('INTERNAL_SECRET is invalid: must be at least 16'))).toBeDefined();
  });
});

describe('stand-ins in production', () => {
  const schema = z
    .object({ ...baseEnv, PROVIDER: z.enum(['sandbox', 'real']).default('sandbox') })
    .superRefine(
      refuseStandIns([
        { variable: 'PROVIDER', when: (c) => c.PROVIDER === 'sandbox', what: 'the sandbox', real: 'real' },
      ]),
    );

  it('stops production on a stand-in, default or named, with one line naming the variable and the real choice', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', PROVIDER: 'sandbox' }]) {
      expect(() => loadConfig(schema, env)).toThrow(ConfigError);
      try {
        loadConfig(schema, env);
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([
          'PROVIDER names the sandbox, a stand-in refused with NODE_ENV=production: set real (or NASHR_DEMO=1 for a demo)',
        ]);
      }
    }
    expect(loadConfig(schema, { NODE_ENV: 'production', PROVIDER: 'real' }).PROVIDER).toBe('real');
  });

  it('allows stand-ins outside production, and in production with NASHR_DEMO=1', () => {
    expect(loadConfig(schema, {}).NASHR_DEMO).toBe(false);
    expect(loadConfig(schema, { NASHR_DEMO: '' }).NASHR_DEMO).toBe(false);
    expect(loadConfig(schema, { NODE_ENV: 'production', NASHR_DEMO: '1' })).toMatchObject({
      PROVIDER: 'sandbox',
      NASHR_DEMO: true,
    });
    expect(() => loadConfig(schema, { NODE_ENV: 'production', NASHR_DEMO: '0' })).toThrow(/PROVIDER names/);
  });

  it('knows the addresses only this machine reaches', () => {
    for (const url of [
      'http://localhost:8080',
      'http://127.0.0.1:9',
      'http://[::1]/',
      'app.localhost:1',
      '127.0.0.1:13111',
    ])
      expect(isLoopbackUrl(url)).toBe(true);
    for (const url of ['https://nashr.example.com', 'api1.unipile.com:13111', undefined, 'http://10.0.0.1'])
      expect(isLoopbackUrl(url)).toBe(false);
  });
});
