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

  it('takes a key for the trial address hash of at least 32 characters, or none (then one is made)', () => {
    expect(loadConfig(configSchema, required).TRIAL_HASH_SECRET).toBeUndefined();
    expect(loadConfig(configSchema, { ...required, TRIAL_HASH_SECRET: 't'.repeat(32) }).TRIAL_HASH_SECRET).toBe(
      't'.repeat(32),
    );
    expect(() => loadConfig(configSchema, { ...required, TRIAL_HASH_SECRET: 'short' })).toThrow(/TRIAL_HASH_SECRET/);
  });

  it('names each problem', () => {
    expect(() => loadConfig(configSchema, { ...required, BILLING_PROVIDER: 'paypal' })).toThrow(/BILLING_PROVIDER/);
    expect(() => loadConfig(configSchema, { ...required, BILLING_GRACE_DAYS: '90' })).toThrow(/BILLING_GRACE_DAYS/);
    expect(() => loadConfig(configSchema, { ...required, PUBLIC_URL: 'nope' })).toThrow(/PUBLIC_URL/);
  });

  it('refuses to start with Stripe chosen and its keys or prices missing, naming each and showing none', () => {
    const stripe = {
      ...required,
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abcdef123456',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdef123456',
      STRIPE_PRICE_BASIC: 'price_b',
      STRIPE_PRICE_STARTER: 'price_s',
      STRIPE_PRICE_PRO: 'price_p',
    };
    expect(loadConfig(configSchema, stripe)).toMatchObject({ BILLING_PROVIDER: 'stripe', STRIPE_PRICE_PRO: 'price_p' });
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO']) {
      expect(() => loadConfig(configSchema, { ...stripe, [name]: '' })).toThrow(new RegExp(name));
    }
    let message = '';
    try {
      loadConfig(configSchema, { ...stripe, STRIPE_SECRET_KEY: 'pk_live_secretlooking', STRIPE_WEBHOOK_SECRET: '' });
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/STRIPE_SECRET_KEY is invalid: must be a Stripe secret key/);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(message).not.toContain('pk_live_secretlooking');
    // test-payments needs none of them.
    expect(loadConfig(configSchema, required).STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('points the Stripe SDK at another server for tests', () => {
    expect(
      loadConfig(configSchema, {
        ...required,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: '12111',
        STRIPE_API_PROTOCOL: 'http',
      }),
    ).toMatchObject({ STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: 12111, STRIPE_API_PROTOCOL: 'http' });
    expect(() => loadConfig(configSchema, { ...required, STRIPE_API_PROTOCOL: 'ftp' })).toThrow(/STRIPE_API_PROTOCOL/);
  });
});
