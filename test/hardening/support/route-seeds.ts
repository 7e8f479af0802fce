/**
 * A valid body and the query parameter names for each public route, so hostile mutations start
 * from something the route accepts and reach past its first checks. A route missing here is
 * still fuzzed, with hostile bodies only.
 */

import { seedContent } from '@nashr/content';
import {
  COMPOSER_DEFAULTS,
  GOAL_OPTIONS,
  INTEREST_OPTIONS,
  LANGUAGE_OPTIONS,
  STYLE_OPTIONS,
  TONE_OPTIONS,
} from '@nashr/contracts';

export interface Known {
  userId: string;
  otherUserId: string;
  accountId: string;
  otherAccountId: string;
  postId: string;
  otherPostId: string;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export function seedBody(method: string, url: string, known: Known): Record<string, unknown> | undefined {
  const key = `${method} ${url}`;
  if (url.startsWith('/linkedln/get')) return { data: { accountID: known.accountId } };
  if (url.startsWith('/content/') && method === 'POST') return { ...seedContent.en.hero };
  switch (key) {
    case 'POST /api/v1/auth/magic-login':
      return { destination: 'someone@example.test', lang: 'en' };
    case 'PUT /api/v1/personalization':
      return {
        jobTitle: 'Product designer',
        language: LANGUAGE_OPTIONS[0],
        accent: '',
        goals: [GOAL_OPTIONS[0]],
        interests: [INTEREST_OPTIONS[0]],
        tones: [TONE_OPTIONS[0]],
        styles: [STYLE_OPTIONS[0]],
      };
    case 'POST /api/v1/linkedin/accounts':
      return { username: 'someone@sandbox.test', password: 'a password' };
    case 'POST /api/v1/linkedin/accounts/:accountId/challenges':
      return { code: '123456' };
    case 'POST /linkedln/saveSchedulePost':
      return {
        userId: known.userId,
        content: 'A post about hostile input',
        date: inDays(3),
        time: '10:30 AM',
        status: 'scheduled',
        timeZone: 'Asia/Riyadh',
      };
    case 'POST /linkedln/createPost':
      return { text: '"Hello from the fuzzer"', visibility: 'PUBLIC', timeZone: 'Asia/Riyadh' };
    case 'PATCH /api/v1/posts/:id':
      return { content: 'An edit', date: inDays(4), time: '9:00 AM', timeZone: 'Europe/Berlin', version: 1 };
    case 'POST /api/v1/ai/generate':
      return { topic: 'Lessons from a first year of freelancing', lang: 'en', choices: { tones: ['Professional'] } };
    case 'POST /api/v1/ai/rewrite':
      return { text: 'We shipped the new onboarding today.', lang: 'ar' };
    case 'POST /api/v1/ai/modify':
      return { text: 'We shipped the new onboarding today.', action: 'shorter' };
    case 'PUT /api/v1/ai/choices':
      return { ...COMPOSER_DEFAULTS };
    case 'POST /api/v1/ai/admin/credits/:userId':
      return { amount: 50 };
    default:
      return undefined;
  }
}

export const QUERY_NAMES = [
  'lang',
  'version',
  'stream',
  'from',
  'to',
  'status',
  'token',
  'code',
  'state',
  'limit',
  'cursor',
  'email',
] as const;

/** Values a path parameter may take besides hostile text: real ids of the caller and of someone else. */
export function knownSegments(known: Known): string[] {
  return [
    known.userId,
    known.otherUserId,
    known.accountId,
    known.otherAccountId,
    known.postId,
    known.otherPostId,
    'hero',
    'faq',
    'pricing',
  ];
}
