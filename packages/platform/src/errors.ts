import { answerCodeOfIssues, COMMON_ERROR_CODES as C, type Stamps, TEXT_PROBLEMS, textProblem } from '@nashr/contracts';
import type { z } from 'zod';

/** Error codes the services use, and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Values a message carries (a length, a limit, a date), sent apart so the web can translate the words. */
export type ErrorParams = Record<string, string | number>;

/**
 * The stable code an answer carries when the error names none of its own: what the web app
 * translates. Specific errors carry a specific code (`post.too_long`).
 */
export const DEFAULT_ERROR_CODE: Record<ErrorCode, string> = {
  BAD_REQUEST: C.invalid,
  UNAUTHENTICATED: C.signInRequired,
  FORBIDDEN: C.forbidden,
  NOT_FOUND: C.notFound,
  CONFLICT: C.conflict,
  PAYLOAD_TOO_LARGE: C.tooLarge,
  UNPROCESSABLE: C.unprocessable,
  RATE_LIMITED: C.rateLimited,
  UNAVAILABLE: C.unavailable,
  INTERNAL: C.internal,
};

/** An error whose message is safe and meant to be shown to the user. */
export class AppError extends Error {
  readonly statusCode: number;
  /** The stable code the answer carries (`post.too_long`): the web app translates by it. */
  readonly answerCode: string;
  readonly params: ErrorParams | undefined;
  /**
   * A change the refused request itself caused (the network dropped the account's connection
   * while answering it): announced as a successful answer's would be, so the caller's next
   * requests read the copies that know of it (http/read-your-writes.ts).
   */
  readonly changed: Stamps | undefined;
  constructor(
    readonly code: ErrorCode,
    message: string,
    detail: { code?: string; params?: ErrorParams; changed?: Stamps } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
    this.answerCode = detail.code ?? DEFAULT_ERROR_CODE[code];
    this.params = detail.params;
    this.changed = detail.changed;
  }
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MB`;

/** A body larger than `limitBytes`: 413, the limit in the message and in params (`1 MB`). */
export function payloadTooLarge(limitBytes: number): AppError {
  const limit = megabytes(limitBytes);
  return new AppError('PAYLOAD_TOO_LARGE', `The request is too large: the limit is ${limit}`, {
    code: 'request.too_large',
    params: { limit },
  });
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please sign in to continue');
export const forbidden = (message = 'You do not have permission to do this', code?: string) =>
  new AppError('FORBIDDEN', message, { code });
export const notFound = (message: string, code?: string, params?: ErrorParams) =>
  new AppError('NOT_FOUND', message, { code, params });

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01',
  '57P03',
  // A statement cancelled by statement_timeout: the database is overloaded or stuck.
  '57014',
]);

type ErrorLike = { code?: unknown; message?: unknown };

/** The error itself and what it wraps (drizzle wraps the driver's error in `cause`). */
function errorChain(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current = error;
  while (typeof current === 'object' && current !== null && chain.length < 5) {
    chain.push(current as ErrorLike);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * True for errors that mean a backing store (PostgreSQL, Redis) cannot be reached right now,
 * including when wrapped (drizzle reports the driver's error as the `cause` of its own).
 */
export function isUnavailableError(error: unknown): boolean {
  return errorChain(error).some((e) => {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    // Not drizzle's own message: it quotes the query's parameters, which may be anything a user typed.
    if (typeof message !== 'string' || message.startsWith('Failed query:')) return false;
    return /Stream isn't writeable|Connection is closed|enableOfflineQueue/.test(message);
  });
}

/**
 * PostgreSQL refusing text it cannot store: a NUL character (22021), `\u0000` inside JSON
 * (22P05), or a lone UTF-16 surrogate inside JSON (22P02 on a json value).
 */
export function isUnstorableTextError(error: unknown): boolean {
  return errorChain(error).some(
    (e) =>
      e.code === '22021' ||
      e.code === '22P05' ||
      (e.code === '22P02' && typeof e.message === 'string' && e.message.includes('type json')),
  );
}

/**
 * PostgreSQL refusing a row that refers to one no longer there (23503): a user, workspace or post
 * deleted while a request that refers to it was being answered.
 */
export function isVanishedReferenceError(error: unknown): boolean {
  return errorChain(error).some((e) => e.code === '23503');
}

/** A 400 whose issues are listed field by field, for input checked inside a handler. */
export class ValidationError extends AppError {
  constructor(
    readonly issues: { path: string; message: string }[],
    code: string = C.invalid,
  ) {
    super(
      'BAD_REQUEST',
      issues
        .slice(0, 3)
        .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
        .join('; ') || 'The request is invalid',
      { code },
    );
    this.name = 'ValidationError';
  }
}

/** Parses `value` with `schema`, or throws a ValidationError naming each bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    answerCodeOfIssues(result.error.issues as ReadonlyArray<{ params?: unknown }>),
  );
}

/** Text that reached a handler by another way than a schema (decoded from JSON inside a field): the same rule. */
export function assertSafeText(value: string): void {
  const problem = textProblem(value);
  if (problem) throw new AppError('BAD_REQUEST', TEXT_PROBLEMS[problem].message, { code: problem });
}
