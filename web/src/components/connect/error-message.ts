import { ApiError } from '../../api/client';

/**
 * Spec sections 4 and 8: a refused sign-in step shows the server's message; anything else
 * falls back to the general text.
 */
export function stepErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The sign-in cannot go on (unknown or expired): the user has to start again. */
export function mustStartOver(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || /sign in again/i.test(error.message));
}
