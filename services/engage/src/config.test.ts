import { configProblems, loadConfig } from '@nashr/platform';
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
      ENGAGE_SEND_WAIT_MS: 15_000,
    });
  });

  it('names each problem', () => {
    expect(() => loadConfig(configSchema, { ...required, ENGAGE_PROVIDER: 'scraper' })).toThrow(/ENGAGE_PROVIDER/);
    expect(() => loadConfig(configSchema, { ...required, ENGAGE_REFRESH_MINUTES: '0' })).toThrow(
      /ENGAGE_REFRESH_MINUTES/,
    );
    expect(() => loadConfig(configSchema, { ...required, ENGAGE_FEED_DAYS: '90' })).toThrow(/ENGAGE_FEED_DAYS/);
    expect(() => loadConfig(configSchema, { ...required, ENGAGE_SEND_WAIT_MS: '-1' })).toThrow(/ENGAGE_SEND_WAIT_MS/);
  });

  it('takes the hosted API only with its address, key and the key that seals account ids', () => {
    const unipile = { ...required, ENGAGE_PROVIDER: 'unipile' };
    expect(() => loadConfig(configSchema, unipile)).toThrow(/UNIPILE_DSN/);
    expect(() => loadConfig(configSchema, { ...unipile, UNIPILE_DSN: 'x', UNIPILE_API_KEY: 'k' })).toThrow(
      /ENCRYPTION_KEY/,
    );
    expect(() =>
      loadConfig(configSchema, { ...unipile, UNIPILE_DSN: 'x', UNIPILE_API_KEY: 'k', ENCRYPTION_KEY: 'short' }),
    ).toThrow(/ENCRYPTION_KEY/);
    expect(
      loadConfig(configSchema, {
        ...unipile,
        UNIPILE_DSN: 'api1.unipile.com:13111',
        UNIPILE_API_KEY: 'k',
        ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      }),
    ).toMatchObject({ ENGAGE_PROVIDER: 'unipile', NETWORK_ACCOUNT_CALLS_PER_MINUTE: 60 });
    expect(loadConfig(configSchema, { ...required, ENGAGE_PROVIDER: 'linkedin' }).ENGAGE_PROVIDER).toBe('linkedin');
  });
});

describe('engage config in production', () => {
  it('refuses the sandbox and a local hosted API, one line each, unless NASHR_DEMO=1', () => {
    const production = { ...required, NODE_ENV: 'production' };
    expect(configProblems(configSchema, production)).toEqual([
      'ENGAGE_PROVIDER names the sandbox (invented creators; comments go nowhere), a stand-in refused with NODE_ENV=production: set unipile or linkedin (or NASHR_DEMO=1 for a demo)',
    ]);
    expect(loadConfig(configSchema, { ...production, NASHR_DEMO: '1' }).ENGAGE_PROVIDER).toBe('sandbox');
    expect(loadConfig(configSchema, { ...production, ENGAGE_PROVIDER: 'linkedin' }).ENGAGE_PROVIDER).toBe('linkedin');
    const unipile = {
      ...production,
      ENGAGE_PROVIDER: 'unipile',
      UNIPILE_API_KEY: 'k',
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    };
    expect(loadConfig(configSchema, { ...unipile, UNIPILE_DSN: 'api1.unipile.com:13111' }).ENGAGE_PROVIDER).toBe(
      'unipile',
    );
    expect(configProblems(configSchema, { ...unipile, UNIPILE_DSN: 'http://127.0.0.1:9911' })).toEqual([
      expect.stringMatching(/^UNIPILE_DSN names a local stand-in for the hosted API/),
    ]);
  });
});
