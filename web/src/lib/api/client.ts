import {
  CLIENT_ERROR_CODES,
  COMMON_ERROR_CODES,
  type EndpointAnswer,
  type EndpointInput,
  type EndpointSpec,
  type ErrorAnswerParams,
  urlOf,
} from '@nashr/contracts';
import { z } from 'zod';
import { workspaceHeaders } from '../../session/current-workspace';
import { type Callable, isEndpointRef, type SpecOf } from './catalogue';

/** An error answered by the API: its stable code (what the app translates), values and English message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: { path: string; message: string }[] = [],
    readonly code: string = status === 0 ? CLIENT_ERROR_CODES.offline : CLIENT_ERROR_CODES.failed,
    readonly params: ErrorAnswerParams = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How long a call may take before it counts as failed: long enough for a publish-now wait. */
export const REQUEST_TIMEOUT_MS = 30_000;

const OFFLINE_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

/** A call that never reached the server (no network, or the server unreachable). */
export const isOfflineError = (error: unknown) =>
  error instanceof ApiError && error.code === CLIENT_ERROR_CODES.offline;

/** True when the browser says it has no network (`navigator.onLine` is only ever sure of that). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

interface ErrorBody {
  message?: unknown;
  code?: unknown;
  params?: unknown;
  issues?: unknown;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** Where the app's calls go: the browser's `fetch` (read when called, so a test's stub is used). */
let transport: Transport = (url, init) => fetch(url, init);

/**
 * For the server's renderer (app-ssr/server.tsx): the calls a screen makes while it renders go
 * to `sender`, which reads the gateway's API as the visitor. Only `request` below calls it.
 */
export function sendCallsBy(sender: Transport): void {
  transport = sender;
}

/** The code of an answer that names none (a proxy's HTML 502): the one its status stands for. */
function codeOfStatus(status: number): string {
  if (status === 502 || status === 503 || status === 504) return COMMON_ERROR_CODES.unavailable;
  if (status >= 500) return COMMON_ERROR_CODES.internal;
  if (status === 401) return COMMON_ERROR_CODES.signInRequired;
  if (status === 403) return COMMON_ERROR_CODES.forbidden;
  if (status === 404) return COMMON_ERROR_CODES.notFound;
  if (status === 429) return COMMON_ERROR_CODES.rateLimited;
  return CLIENT_ERROR_CODES.failed;
}

/** The ApiError an error answer (or a 2xx in the wrong shape) stands for. */
export function errorFromAnswer(status: number, body: unknown, fallbackMessage: string, fallbackCode?: string) {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody;
  const code = typeof answer.code === 'string' && answer.code ? answer.code : (fallbackCode ?? codeOfStatus(status));
  return new ApiError(
    typeof answer.message === 'string' && answer.message ? answer.message : fallbackMessage,
    status,
    Array.isArray(answer.issues) ? answer.issues : [],
    code,
    typeof answer.params === 'object' && answer.params !== null ? (answer.params as ErrorAnswerParams) : {},
  );
}

/** The caller's signal (a query being cancelled) and the timeout, as one. */
function withTimeout(signal: AbortSignal | null | undefined, timeoutMs: number) {
  const timeout = AbortSignal.timeout(timeoutMs);
  return { timeout, signal: signal ? AbortSignal.any([signal, timeout]) : timeout };
}

/**
 * Request options that make a retried or double-sent request count once: the server answers a
 * repeat of the same key with its first answer. One key per thing the user means to do once.
 */
export const onceWithKey = (key: string | undefined): RequestInit =>
  key ? { headers: { 'idempotency-key': key } } : {};

/**
 * The one way the web app reaches the API: same-origin, with the session cookie, in the workspace
 * the tab works in (its `nashr-workspace` header, when not the personal one), JSON in and out, a
 * timeout, and every failure (offline, timed out, refused) as an ApiError carrying the answer's
 * code for `errorText`. A caller's own abort stays an AbortError.
 *
 * The workspace goes with every call: the endpoints that act in one (those declaring `workspace`
 * in the catalogue) read it, the others ignore it. A screen rendered on the server sends the same
 * (app-ssr/server.tsx), so the two show the same workspace.
 */
async function request(method: Method, url: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
  // The browser knows it has no network: say so at once rather than wait for the request to fail.
  if (isOffline()) throw new ApiError(OFFLINE_MESSAGE, 0, [], CLIENT_ERROR_CODES.offline);
  const { timeout, signal } = withTimeout(init.signal, REQUEST_TIMEOUT_MS);
  const { headers: extraHeaders, ...rest } = init;
  try {
    return await transport(url, {
      method,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      ...rest,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...workspaceHeaders(),
        ...(extraHeaders as Record<string, string> | undefined),
      },
      signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    if (timeout.aborted) {
      throw new ApiError('The server took too long to answer.', 0, [], COMMON_ERROR_CODES.timeout);
    }
    throw new ApiError(OFFLINE_MESSAGE, 0, [], CLIENT_ERROR_CODES.offline);
  }
}

export interface CallOptions {
  /** The code of a 2xx answer in another shape (`success: false`): the step that failed. */
  failureCode?: string;
  /** A signal, extra headers (an Idempotency-Key). */
  init?: RequestInit;
}

/** The catalogue entry's input plus the call's options; optional when the endpoint takes none. */
type CallArgs<E extends EndpointSpec> =
  object extends EndpointInput<E> ? [input?: EndpointInput<E> & CallOptions] : [input: EndpointInput<E> & CallOptions];

/** The schema of an endpoint's successful answers: one, or the union of its 2xx answers. */
export function successSchemaOf(endpoint: EndpointSpec): z.ZodType | null {
  const schemas = Object.entries(endpoint.responses)
    .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
    .flatMap(([, response]) => (response.schema ? [response.schema] : []));
  if (schemas.length === 0) return null;
  return schemas.length === 1 ? (schemas[0] as z.ZodType) : z.union(schemas);
}

/**
 * The endpoint itself, its catalogue loaded first when named by reference. The catalogue comes as
 * a chunk of its own: failing to fetch it is failing to reach the server.
 */
export async function endpointOf<T extends Callable<EndpointSpec>>(target: T): Promise<SpecOf<T>> {
  if (!isEndpointRef(target)) return target as SpecOf<T>;
  try {
    return (await target.load()) as SpecOf<T>;
  } catch {
    throw new ApiError(OFFLINE_MESSAGE, 0, [], CLIENT_ERROR_CODES.offline);
  }
}

/** Calls a catalogue endpoint and answers its JSON as sent; a non-2xx answer throws an ApiError with its code. */
export async function send<T = unknown>(
  target: Callable<EndpointSpec>,
  input: { params?: object; query?: object; body?: unknown } & CallOptions = {},
): Promise<T> {
  const endpoint = await endpointOf(target);
  const url = urlOf(endpoint, input.params, input.query);
  const response = await request(endpoint.method, url, input.body, input.init);
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFromAnswer(response.status, payload, `The server answered ${response.status}`);
  return payload as T;
}

/**
 * Calls a catalogue endpoint with its typed input and checks the answer against the endpoint's
 * schema. A 2xx in another shape (`success: false`) is a failure too, with the answer's code or
 * `failureCode`.
 */
export async function call<T extends Callable<EndpointSpec>>(
  target: T,
  ...[input]: CallArgs<SpecOf<T>>
): Promise<EndpointAnswer<SpecOf<T>>> {
  type Answer = EndpointAnswer<SpecOf<T>>;
  const endpoint = await endpointOf(target);
  const answer = await send(endpoint, input ?? {});
  const schema = successSchemaOf(endpoint);
  if (!schema) return answer as Answer;
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data as Answer;
  throw errorFromAnswer(200, answer, 'The server answered in an unexpected shape', input?.failureCode);
}
