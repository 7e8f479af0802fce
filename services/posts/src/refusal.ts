import { POST_ERROR_CODES, POST_MESSAGES, SCHEDULE_MESSAGES } from '@nashr/contracts';
import { AppError, type ErrorCode, type ErrorParams } from '@nashr/platform';

export type PostRefusal = keyof typeof POST_ERROR_CODES;

const MESSAGES: Record<string, unknown> = { ...SCHEDULE_MESSAGES, ...POST_MESSAGES };

/** The answer for a refusal of the posts API: its declared code, its English message and its values. */
export function refusal(kind: ErrorCode, key: PostRefusal, message?: string, params?: ErrorParams): AppError {
  const fixed = MESSAGES[key];
  return new AppError(kind, message ?? (typeof fixed === 'string' ? fixed : key), {
    code: POST_ERROR_CODES[key],
    params,
  });
}

/** A 400 for input the posts API refuses. */
export const badRequest = (key: PostRefusal, message?: string, params?: ErrorParams) =>
  refusal('BAD_REQUEST', key, message, params);
