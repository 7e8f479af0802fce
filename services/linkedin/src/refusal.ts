import { LINKEDIN_ERROR_CODES, LINKEDIN_MESSAGES } from '@nashr/contracts';
import { AppError, type ErrorCode } from '@nashr/platform';

export type LinkedinRefusal = keyof typeof LINKEDIN_ERROR_CODES;

/** The answer for a refusal of the linkedin service itself: its declared code and English message. */
export const refusal = (kind: ErrorCode, key: LinkedinRefusal): AppError =>
  new AppError(kind, LINKEDIN_MESSAGES[key], { code: LINKEDIN_ERROR_CODES[key] });
