import { loadConfig } from '@nashr/platform';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.js';

const required = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SECRET: 'x'.repeat(20),
};

describe('billing config', () => {
  it('defaults to port 8106, the test-payments provider and a 7-day grace period', () => {
    expect(loadConfig(configSchema, required)).toMatchObject({
      PORT: 8106,
      BILLING_PROVIDER: 'test-payments',
      BILLING_GRACE_DAYS: 7,
      PUBLIC_URL: 'http://localhost:8080',
    });
  });

  it('wants the provider named in production, so no installation takes no money by mistake', () => {
    expect(() => loadConfig(configSchema, { ...required, NODE_ENV: 'production' })).toThrow(/BILLING_PROVIDER/);
    expect(
      loadConfig(configSchema, { ...required, NODE_ENV: 'production', BILLING_PROVIDER: 'test-payments' })
        .BILLING_PROVIDER,
    ).toBe('test-payments');
  });

  it('names each problem', () => {
    expect(() => loadConfig(configSchema, { ...required, BILLING_PROVIDER: 'paypal' })).toThrow(/BILLING_PROVIDER/);
    expect(() => loadConfig(configSchema, { ...required, BILLING_GRACE_DAYS: '90' })).toThrow(/BILLING_GRACE_DAYS/);
    expect(() => loadConfig(configSchema, { ...required, PUBLIC_URL: 'nope' })).toThrow(/PUBLIC_URL/);
  });
});
