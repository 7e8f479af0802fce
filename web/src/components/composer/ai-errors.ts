import { DraftError } from '../../api/ai';

/** A failure explained in the interface language, plus the server's own words when they add something. */
export interface AiFailure {
  /** Key in the `composer` namespace. */
  key: string;
  /** The server's message, shown as is when no translation says the same thing. */
  detail?: string;
}

/**
 * The ai service answers its provider failures in English (services/ai `PROVIDER_MESSAGES`).
 * The common ones are recognised here so people read them in their language; any other message
 * is shown under a translated headline.
 */
const KNOWN: [RegExp, string][] = [
  [/too many requests/i, 'errors.rateLimited'],
  [/did not answer within/i, 'errors.timeout'],
  [/cannot be reached/i, 'errors.unavailable'],
  [/refused our credentials|rejected the request|tell the administrator/i, 'errors.admin'],
  [/empty draft/i, 'errors.empty'],
  [/could not be written|had a problem/i, 'errors.generic'],
];

export function explainAiFailure(error: unknown): AiFailure | null {
  if (!(error instanceof DraftError)) return { key: 'errors.generic' };
  switch (error.reason) {
    case 'aborted':
      return null;
    case 'timeout':
      return { key: 'errors.timeout' };
    case 'network':
      return { key: 'errors.network' };
    case 'server': {
      if (error.status === 401) return { key: 'errors.signedOut' };
      // The gateway answers 502/503 itself when the ai service is down.
      if ((error.status === 502 || error.status === 503) && /service|unavailable|upstream/i.test(error.message)) {
        return { key: 'errors.unavailable' };
      }
      const known = KNOWN.find(([pattern]) => pattern.test(error.message));
      if (known) return { key: known[1] };
      return { key: 'errors.generic', detail: error.message };
    }
  }
}
