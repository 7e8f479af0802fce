/**
 * The legal pages state periods and limits in numbers (web/src/features/legal/facts.ts). Some are the
 * contracts' own; the others are services' settings, which the pages state at their defaults.
 * A default changed in a service without the pages fails here, so the Terms and the Privacy
 * Policy keep saying what the product does.
 */
import { randomBytes } from 'node:crypto';
import { configSchema as authConfig } from '@nashr/auth';
import { voiceMeasuresSchema } from '@nashr/contracts';
import { configSchema as engageConfig } from '@nashr/engage';
import { configSchema as linkedinConfig } from '@nashr/linkedin';
import { loadConfig, SESSION_IDLE_SECONDS, SESSION_MAX_AGE_SECONDS } from '@nashr/platform';
import { workerConfigSchema as postsWorkerConfig } from '@nashr/posts';
import { describe, expect, it } from 'vitest';
import { LEGAL_FACTS } from '../web/src/features/legal/facts';

const required = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/nashr',
  REDIS_URL: 'redis://127.0.0.1:6379',
  INTERNAL_SECRET: 'i'.repeat(32),
  COOKIE_SECRET: 'c'.repeat(32),
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

describe('the numbers the legal pages state', () => {
  it('are the sessions’ limits', () => {
    expect(LEGAL_FACTS.sessionIdleDays * 86_400).toBe(SESSION_IDLE_SECONDS);
    expect(LEGAL_FACTS.sessionMaxDays * 86_400).toBe(SESSION_MAX_AGE_SECONDS);
  });

  it('are the services’ defaults', () => {
    expect(LEGAL_FACTS.signInLinkMinutes * 60).toBe(loadConfig(authConfig, required).MAGIC_LINK_TTL_SECONDS);
    const linkedin = loadConfig(linkedinConfig, required);
    expect(LEGAL_FACTS.analyticsEveryHours).toBe(linkedin.ANALYTICS_SNAPSHOT_HOURS);
    expect(LEGAL_FACTS.profileCacheMinutes * 60).toBe(linkedin.PROFILE_CACHE_SECONDS);
    expect(LEGAL_FACTS.unusedUploadHours * 3_600_000).toBe(
      loadConfig(postsWorkerConfig, required).MEDIA_UNUSED_AFTER_MS,
    );
    expect(LEGAL_FACTS.engageFeedDays).toBe(loadConfig(engageConfig, required).ENGAGE_FEED_DAYS);
  });

  it('are the writing style’s limit of recurring words', () => {
    const measures = {
      posts: 3,
      averageChars: 100,
      averageParagraphs: 1,
      averageParagraphChars: 100,
      emojiPerPost: 0,
      hashtagsPerPost: 0,
      arabicShare: 0,
    };
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`);
    expect(voiceMeasuresSchema.safeParse({ ...measures, themes: words(LEGAL_FACTS.voiceThemes) }).success).toBe(true);
    expect(voiceMeasuresSchema.safeParse({ ...measures, themes: words(LEGAL_FACTS.voiceThemes + 1) }).success).toBe(
      false,
    );
  });
});
