import { loadConfig } from '@nashr/platform';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.js';

const required = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SECRET: 'x'.repeat(20),
};

describe('engage config', () => {
  it('defaults to port 8107, the sandbox network, a 30-minute refresh over 7 days and 300 suggestion sets a day', () => {
    expect(loadConfig(configSchema, required)).toMatchObject({
      PORT: 8107,
      ENGAGE_PROVIDER: 'sandbox',
      ENGAGE_REFRESH_MINUTES: 30,
      ENGAGE_FEED_DAYS: 7,
      ENGAGE_DAILY_SUGGESTIONS: 300,
    });
  });

  it('names each problem', () => {
    expect(() => loadConfig(configSchema, { ...required, ENGAGE_PROVIDER: 'scraper' })).toThrow(/ENGAGE_PROVIDER/);
    expect(() => loadConfig(configSchema, { ...required, ENGAGE_REFRESH_MINUTES: '0' })).toThrow(
      /ENGAGE_REFRESH_MINUTES/,
    );
    expect(() => loadConfig(configSchema, { ...required, ENGAGE_FEED_DAYS: '90' })).toThrow(/ENGAGE_FEED_DAYS/);
  });
});
