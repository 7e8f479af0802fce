import {
  type DefaultError,
  type MutateOptions,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation as useQueryMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * Whether two calls ask for the same thing: equal JSON-like values (plain objects and arrays
 * compared member by member); anything else (a File, a Blob) only when it is the very same object,
 * so two different files picked at once are two uploads.
 */
export function sameVariables(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, i) => sameVariables(item, b[i]));
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameVariables(a[key], b[key]));
}

/** The calls of one action still running, each with the variables it was asked with. */
export class InFlight<TVariables, TData> {
  private running: { variables: TVariables; promise: Promise<TData> }[] = [];

  /**
   * Runs `start` unless a run with the same variables is still going, whose promise is answered
   * instead: a double click starts one request and shows one outcome.
   */
  run(variables: TVariables, start: () => Promise<TData>): { promise: Promise<TData>; started: boolean } {
    const same = this.running.find((run) => sameVariables(run.variables, variables));
    if (same) return { promise: same.promise, started: false };
    const entry = { variables, promise: start() };
    this.running.push(entry);
    const done = () => {
      this.running = this.running.filter((run) => run !== entry);
    };
    entry.promise.then(done, done);
    return { promise: entry.promise, started: true };
  }
}

/**
 * Every action of the web app (`useMutation` of TanStack Query, which only the API hooks call),
 * safe against a double click. A mutation's `isPending` reaches the screen one render late, so the
 * second click of a double click lands before its button is disabled; and a button that shows
 * a list's state ('Follow' beside a person) must stay disabled until that list is fetched again.
 * So, while a call is running (its `onSuccess` and `onSettled` included, which refetch what it
 * changed), the same call again, with equal variables, starts nothing: `mutateAsync` answers the
 * running call's promise, and `mutate`'s callbacks (a toast) are not called a second time.
 * Calls with other variables (removing two different entries) run as before.
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useQueryMutation(options);
  const inFlight = useRef(new InFlight<TVariables, TData>());
  const { mutateAsync } = mutation;
  const guardedAsync = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) =>
      inFlight.current.run(variables, () => mutateAsync(variables, callbacks)).promise,
    [mutateAsync],
  );
  const guarded = useCallback(
    (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables, TContext>) => {
      // As TanStack's own mutate: the failure is the mutation's state (and `onError`), never an unhandled rejection.
      guardedAsync(variables, callbacks).catch(() => undefined);
    },
    [guardedAsync],
  );
  return { ...mutation, mutate: guarded, mutateAsync: guardedAsync } as UseMutationResult<
    TData,
    TError,
    TVariables,
    TContext
  >;
}
