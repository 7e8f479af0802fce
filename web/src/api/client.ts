/** An error answered by the API, with the server's readable message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The one way the web app calls the API: same-origin, with the session cookie, JSON in and out.
 * Non-2xx answers and network failures become an ApiError carrying a message people can read.
 */
export async function api<T>(method: Method, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...init,
    });
  } catch {
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 0);
  }
  const payload = (await response.json().catch(() => null)) as { message?: string; issues?: [] } | null;
  if (!response.ok) {
    throw new ApiError(
      payload?.message ?? `The server answered ${response.status}`,
      response.status,
      payload?.issues ?? [],
    );
  }
  return payload as T;
}
