import { CLIENT_ERROR_CODES, POST_ERROR_CODES } from '@nashr/contracts';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { startI18nForTests } from '../../i18n/testing';
import { ApiError } from '../../lib/api/client';
import { SaveIndicator } from './draft-extras';

beforeAll(async () => {
  await startI18nForTests('en');
});

const offline = new ApiError('', 0, [], CLIENT_ERROR_CODES.offline);
const tooLong = new ApiError('', 400, [], POST_ERROR_CODES.draftTooLong, { length: 20_001, limit: 20_000 });
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('where the server copy of a draft stands', () => {
  it('says why a draft is not saved: kept on the device offline, or the refusal itself, in both languages', async () => {
    await i18next.changeLanguage('en');
    expect(text(renderToStaticMarkup(<SaveIndicator state="unsaved" failure={offline} />))).toBe(
      'Not saved Kept on this device; it will be saved to your account when the connection is back.',
    );
    expect(text(renderToStaticMarkup(<SaveIndicator state="unsaved" failure={tooLong} />))).toBe(
      'Not saved A draft can be at most 20,000 characters (this one has 20,001).',
    );
    await i18next.changeLanguage('ar');
    expect(text(renderToStaticMarkup(<SaveIndicator state="unsaved" failure={tooLong} />))).toContain(
      'المسودة أطول مما يمكن حفظه',
    );
  });

  it('says nothing for an empty composer, and no reason once saved', () => {
    expect(renderToStaticMarkup(<SaveIndicator state="idle" failure={offline} />)).toBe('');
    expect(renderToStaticMarkup(<SaveIndicator state="saved" />)).not.toContain('draft-save-reason');
  });
});
