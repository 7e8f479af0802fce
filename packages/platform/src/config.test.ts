import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { baseEnv, ConfigError, databaseEnv, httpEnv, internalEnv, loadConfig } from './config.js';

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
