import { POST_MESSAGES, SCHEDULE_MESSAGES } from '@nashr/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { translateServerMessage } from './server-message';

// Values in name order, so the expectation does not depend on their order in the sentence.
const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key} ${JSON.stringify(values, Object.keys(values).sort())}` : key) as unknown as TFunction<'posts'>;
const isolated = (value: string) => `\u2066${value}\u2069`;

describe('server messages in the interface language', () => {
  it('recognises every fixed message of the posts API and the spec', () => {
    for (const [name, text] of Object.entries(POST_MESSAGES)) {
      if (typeof text === 'string') expect(translateServerMessage(text, t)).toBe(`server.${name}`);
    }
    expect(translateServerMessage(SCHEDULE_MESSAGES.fillAllFields, t)).toBe('schedule.fillAllFields');
    expect(translateServerMessage(SCHEDULE_MESSAGES.scheduled, t)).toBe('schedule.success');
  });

  it('reads the values out of the messages that carry them', () => {
    expect(
      translateServerMessage(POST_MESSAGES.nonexistentLocalTime('2027-03-28', '2:30 AM', 'Europe/Berlin'), t),
    ).toBe(
      `server.nonexistentLocalTime ${JSON.stringify({
        date: isolated('2027-03-28'),
        time: isolated('2:30 AM'),
        zone: isolated('Europe/Berlin'),
      })}`,
    );
    expect(translateServerMessage(POST_MESSAGES.tooLong(3456), t)).toBe(
      `server.tooLong ${JSON.stringify({ length: isolated('3,456') })}`,
    );
    expect(translateServerMessage(POST_MESSAGES.impossibleDate('2026-02-30'), t)).toBe(
      `server.impossibleDate ${JSON.stringify({ date: isolated('2026-02-30') })}`,
    );
  });

  it('passes anything else through as the server wrote it', () => {
    expect(translateServerMessage('LinkedIn refused this post', t)).toBe('LinkedIn refused this post');
  });
});
