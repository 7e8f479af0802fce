import { loadConfig } from '@nashr/platform';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../config.js';

const required = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SECRET: 'x'.repeat(20),
};

describe('autopilot config', () => {
  it('spaces comments at least 6 minutes apart, plus up to half as long again, by default', () => {
    expect(loadConfig(configSchema, required)).toMatchObject({
      ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES: 6,
      ENGAGE_AUTOPILOT_SPACING_JITTER: 0.5,
    });
    // Tests shorten the spacing to a fraction of a minute.
    expect(loadConfig(configSchema, { ...required, ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES: '0.02' })).toMatchObject({
      ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES: 0.02,
    });
  });

  it('refuses a spacing of nothing or a negative jitter', () => {
    expect(() => loadConfig(configSchema, { ...required, ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES: '0' })).toThrow(
      /ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES/,
    );
    expect(() => loadConfig(configSchema, { ...required, ENGAGE_AUTOPILOT_SPACING_JITTER: '-1' })).toThrow(
      /ENGAGE_AUTOPILOT_SPACING_JITTER/,
    );
  });
});
