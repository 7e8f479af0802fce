import { COMMON_ERROR_CODES } from '@nashr/contracts';
import i18next from 'i18next';
import { DraftError } from '../../lib/api/ai';
import { ApiError } from '../../lib/api/client';
import { codeText, errorText, errorWords } from '../../lib/error-text';

/** A failure to show in the composer: a translation key (with its namespace) and its values. */
export interface AiFailure {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * Why no draft came, in the interface language: the stream's own failures (timed out, broke off)
 * in the composer's words, a refusal by its code. Null when the user cancelled.
 */
export function explainDraftFailure(error: unknown): AiFailure | null {
  if (error instanceof DraftError) {
    if (error.reason === 'aborted') return null;
    if (error.reason === 'timeout') return { key: 'composer:errors.timeout' };
    if (error.reason === 'network') return { key: 'composer:errors.network' };
    // The gateway answers this itself when the ai service is down: say which service.
    if (error.code === COMMON_ERROR_CODES.unavailable) return { key: 'composer:errors.unavailable' };
  }
  return errorWords(error);
}

/**
 * Why the network did not publish a post: the failure's own code (`linkedin.rejected`,
 * `linkedin.reconnect`) when the answer names one, else what the error itself says.
 */
export function publishFailureText(error: unknown): string {
  const reasonCode = error instanceof ApiError ? error.params.reasonCode : undefined;
  return codeText(i18next, typeof reasonCode === 'string' ? reasonCode : null) ?? errorText(error);
}
