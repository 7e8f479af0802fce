import { POST_MESSAGES, SCHEDULE_MESSAGES } from '@nashr/contracts';
import type { TFunction } from 'i18next';
import { USER_ID_MISSING } from '../../api/posts';

/** The server answers in English; these are the answers of the posts API that people see. */
const FIXED: Record<string, string> = {
  [SCHEDULE_MESSAGES.scheduled]: 'schedule.success',
  [SCHEDULE_MESSAGES.fillAllFields]: 'schedule.fillAllFields',
  [SCHEDULE_MESSAGES.failed]: 'schedule.failed',
  [SCHEDULE_MESSAGES.error]: 'schedule.error',
  [USER_ID_MISSING]: 'errors.userIdMissing',
  'Cannot reach the server. Check your connection and try again.': 'errors.network',
};
for (const [name, text] of Object.entries(POST_MESSAGES)) {
  if (typeof text === 'string') FIXED[text] = `server.${name}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A sample message made with sentinel values, turned into a pattern with one named group per value. */
function pattern(sample: string, values: Record<string, string>): RegExp {
  let source = escapeRegExp(sample);
  for (const [name, sentinel] of Object.entries(values))
    source = source.replace(escapeRegExp(sentinel), `(?<${name}>.+?)`);
  return new RegExp(`^${source}$`);
}

const [A, B, C] = ['\u0001', '\u0002', '\u0003'] as const;
const PATTERNS: { regex: RegExp; key: string }[] = [
  {
    regex: pattern(POST_MESSAGES.nonexistentLocalTime(A, B, C), { date: A, time: B, zone: C }),
    key: 'server.nonexistentLocalTime',
  },
  { regex: pattern(POST_MESSAGES.impossibleDate(A), { date: A }), key: 'server.impossibleDate' },
  { regex: pattern(POST_MESSAGES.badTimeZone(A), { zone: A }), key: 'server.badTimeZone' },
  {
    // Numbers are written with grouping, so the sample number is matched as digits and commas.
    regex: new RegExp(`^${escapeRegExp(POST_MESSAGES.tooLong(1234567)).replace('1,234,567', '(?<length>[\\d,]+)')}$`),
    key: 'server.tooLong',
  },
];

/** The server's message in the interface language when it is one of ours; otherwise as it came. */
export function translateServerMessage(message: string, t: TFunction<'posts'>): string {
  const fixed = FIXED[message];
  if (fixed) return t(fixed);
  for (const { regex, key } of PATTERNS) {
    const groups = regex.exec(message)?.groups;
    if (groups) {
      // Dates, times and zone names read left to right even inside Arabic text.
      const values = Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, `\u2066${value}\u2069`]));
      return t(key, values);
    }
  }
  return message;
}

/** The readable text of any error a hook threw. */
export function errorText(error: unknown, t: TFunction<'posts'>, fallbackKey: string): string {
  const message = error instanceof Error ? error.message : '';
  return message ? translateServerMessage(message, t) : t(fallbackKey);
}
