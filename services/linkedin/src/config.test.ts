import { randomBytes } from 'node:crypto';
import { ConfigError, configProblems, loadConfig } from '@nashr/platform';
import { describe, expect, it } from 'vitest';
import { configSchema, linkedinAuthUrl, offeredProviders } from './config.js';

const base = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SECRET: 'an-internal-secret-of-some-length',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

const problems = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(configSchema, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('linkedin configuration', () => {
  it('defaults to the sandbox on port 8102 with no latency or failures', () => {
    const config = loadConfig(configSchema, base);
    expect(config).toMatchObject({
      PORT: 8102,
      NETWORK_PROVIDER: 'sandbox',
      SANDBOX_LATENCY_MS: 0,
      SANDBOX_FAILURE_RATE: 0,
      SANDBOX_LOST_ANSWER_RATE: 0,
      PROFILE_CACHE_SECONDS: 60,
      REDIS_PREFIX: 'nashr',
    });
  });

  it('takes analytics snapshots every 6 hours by default, and refuses a period over a day', () => {
    expect(loadConfig(configSchema, base)).toMatchObject({
      ANALYTICS_SNAPSHOT_HOURS: 6,
      NETWORK_ACCOUNT_CALLS_PER_MINUTE: 60,
    });
    expect(loadConfig(configSchema, { ...base, ANALYTICS_SNAPSHOT_HOURS: '0.5' }).ANALYTICS_SNAPSHOT_HOURS).toBe(0.5);
    expect(problems({ ...base, ANALYTICS_SNAPSHOT_HOURS: '48' })[0]).toMatch(/^ANALYTICS_SNAPSHOT_HOURS is invalid/);
  });

  it('requires a 32-byte base64 encryption key', () => {
    expect(problems({ ...base, ENCRYPTION_KEY: undefined })).toEqual(['ENCRYPTION_KEY is required but not set']);
    expect(problems({ ...base, ENCRYPTION_KEY: randomBytes(16).toString('base64') })[0]).toMatch(
      /^ENCRYPTION_KEY is invalid: must be 32 bytes/,
    );
  });

  it('requires the hosted API settings only when the hosted API is chosen', () => {
    expect(problems({ ...base, NETWORK_PROVIDER: 'unipile' })).toEqual([
      'UNIPILE_DSN is required but not set',
      'UNIPILE_API_KEY is required but not set',
    ]);
    expect(
      problems({ ...base, NETWORK_PROVIDER: 'unipile', UNIPILE_DSN: 'api1.example.test:13111', UNIPILE_API_KEY: 'k' }),
    ).toEqual([]);
    expect(problems({ ...base, NETWORK_PROVIDER: 'linkedin-official' })[0]).toMatch(/^NETWORK_PROVIDER is invalid/);
  });

  it('offers the official sign-in beside a password sign-in, with its app credentials', () => {
    expect(offeredProviders(loadConfig(configSchema, base))).toEqual(['sandbox']);
    expect(problems({ ...base, NETWORK_PROVIDERS: 'sandbox,linkedin' })).toEqual([
      'LINKEDIN_CLIENT_ID is required but not set',
      'LINKEDIN_CLIENT_SECRET is required but not set',
    ]);
    const app = { LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'secret' };
    const config = loadConfig(configSchema, { ...base, ...app, NETWORK_PROVIDERS: 'sandbox, linkedin' });
    expect(offeredProviders(config)).toEqual(['linkedin', 'sandbox']);
    expect(config).toMatchObject({
      LINKEDIN_API_VERSION: '202601',
      LINKEDIN_API_URL: 'https://api.linkedin.com',
      LINKEDIN_REDIRECT_URI: 'http://localhost:8080/api/v1/linkedin/oauth/callback',
    });
    expect(linkedinAuthUrl(config)).toBe('https://www.linkedin.com');
    // One variable points both the API and the OAuth pages at a local network server.
    const local = loadConfig(configSchema, {
      ...base,
      ...app,
      NETWORK_PROVIDERS: 'linkedin',
      LINKEDIN_API_URL: 'http://127.0.0.1:8111',
    });
    expect(linkedinAuthUrl(local)).toBe('http://127.0.0.1:8111');

    expect(problems({ ...base, NETWORK_PROVIDERS: 'sandbox,unipile' })[0]).toMatch(
      /^NETWORK_PROVIDERS is invalid: offers at most one/,
    );
    expect(problems({ ...base, NETWORK_PROVIDERS: 'linkedin,facebook' })[0]).toMatch(/^NETWORK_PROVIDERS is invalid/);
    expect(problems({ ...base, ...app, NETWORK_PROVIDERS: 'linkedin', LINKEDIN_API_VERSION: '2026-01' })[0]).toMatch(
      /^LINKEDIN_API_VERSION is invalid: must be a version like 202601/,
    );
    expect(problems({ ...base, NETWORK_PROVIDERS: 'linkedin,unipile', ...app })).toEqual([
      'UNIPILE_DSN is required but not set',
      'UNIPILE_API_KEY is required but not set',
    ]);
  });

  it('keeps failure injection rates between 0 and 1', () => {
    expect(problems({ ...base, SANDBOX_FAILURE_RATE: '1.5' })[0]).toMatch(/^SANDBOX_FAILURE_RATE is invalid/);
    expect(loadConfig(configSchema, { ...base, SANDBOX_LATENCY_MS: '400', SANDBOX_FAILURE_RATE: '0.2' })).toMatchObject(
      {
        SANDBOX_LATENCY_MS: 400,
        SANDBOX_FAILURE_RATE: 0.2,
      },
    );
  });
});

describe('linkedin configuration in production', () => {
  const production = { ...base, NODE_ENV: 'production', MEDIA_STORE: 's3' };
  const official = {
    ...production,
    NETWORK_PROVIDERS: 'linkedin',
    LINKEDIN_CLIENT_ID: 'id',
    LINKEDIN_CLIENT_SECRET: 's',
  };

  it('refuses the sandbox network, a local network server and the disk store, one line each', () => {
    expect(configProblems(configSchema, production)).toEqual([
      'NETWORK_PROVIDER names the sandbox network (nothing reaches LinkedIn), a stand-in refused with NODE_ENV=production: set unipile, or NETWORK_PROVIDERS=linkedin (the official API) or linkedin,unipile (or NASHR_DEMO=1 for a demo)',
    ]);
    expect(configProblems(configSchema, { ...official, NETWORK_PROVIDERS: 'linkedin,sandbox' })).toEqual([
      expect.stringMatching(/^NETWORK_PROVIDERS names the sandbox network/),
    ]);
    expect(configProblems(configSchema, { ...official, LINKEDIN_API_URL: 'http://127.0.0.1:9911' })).toEqual([
      expect.stringMatching(/^LINKEDIN_API_URL names a local stand-in for the official API/),
    ]);
    expect(configProblems(configSchema, { ...official, MEDIA_STORE: 'disk' })).toEqual([
      expect.stringMatching(/^MEDIA_STORE names the disk store .* MEDIA_DISK_SINGLE_REPLICA=1/),
    ]);
  });

  it('runs on the real network, the disk store when declared single, and stand-ins with NASHR_DEMO=1', () => {
    expect(loadConfig(configSchema, official).NETWORK_PROVIDERS).toEqual(['linkedin']);
    expect(
      loadConfig(configSchema, { ...official, MEDIA_STORE: 'disk', MEDIA_DISK_SINGLE_REPLICA: '1' }).MEDIA_STORE,
    ).toBe('disk');
    expect(loadConfig(configSchema, { ...production, MEDIA_STORE: 'disk', NASHR_DEMO: '1' }).NETWORK_PROVIDER).toBe(
      'sandbox',
    );
  });
});
