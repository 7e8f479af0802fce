import { defineEndpoint, WORKSPACE_HEADER } from '@nashr/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { chooseWorkspace } from '../../session/current-workspace';
import { ApiError, call, send, sendCallsBy } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
  chooseWorkspace(null);
});

const answering = (response: () => Response | Promise<Response>) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );

const schema = z.object({ success: z.literal(true), data: z.object({ n: z.number() }) });
const get = defineEndpoint({
  method: 'GET',
  path: '/api/v1/things/{id}',
  owner: 'posts',
  access: 'signed-in',
  summary: 'A thing',
  params: z.object({ id: z.string() }),
  query: z.object({ lang: z.enum(['ar', 'en']).optional(), tags: z.array(z.string()).optional() }),
  responses: { 200: { description: 'The thing', schema } },
});
const post = defineEndpoint({
  method: 'POST',
  path: '/api/v1/things',
  owner: 'posts',
  access: 'signed-in',
  summary: 'Make a thing',
  body: z.object({ title: z.string() }),
  responses: { 201: { description: 'Made', schema } },
});
const thing = { params: { id: 'x' } };

describe('the API client', () => {
  it('keeps the code, values and English message of an error answer', async () => {
    answering(() =>
      Response.json(
        {
          success: false,
          code: 'post.too_long',
          message: 'A post can be at most 3,000 characters',
          params: { length: 3001 },
        },
        { status: 400 },
      ),
    );
    await expect(send(post, { body: { title: 'a' } })).rejects.toMatchObject({
      status: 400,
      code: 'post.too_long',
      params: { length: 3001 },
      message: 'A post can be at most 3,000 characters',
    });
  });

  it('gives an answer without a code (a proxy page) the code its status stands for', async () => {
    answering(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(send(get, thing)).rejects.toMatchObject({ status: 502, code: 'service.unavailable' });
  });

  it('says the server cannot be reached when the request never gets an answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await send(get, thing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network.offline' });
  });

  it("leaves a caller's own cancellation alone", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))),
    );
    const controller = new AbortController();
    controller.abort();
    await expect(send(get, { ...thing, init: { signal: controller.signal } })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it("checks a 2xx against the contract, and counts a 'success: false' as the step's failure", async () => {
    answering(() => Response.json({ success: true, data: { n: 1 } }));
    expect(await call(get, thing)).toEqual({ success: true, data: { n: 1 } });
    answering(() => Response.json({ success: false }));
    await expect(call(get, { ...thing, failureCode: 'linkedin.posts_failed' })).rejects.toMatchObject({
      status: 200,
      code: 'linkedin.posts_failed',
    });
  });

  it("requests the entry's method and path, with the parameters encoded, the query and a JSON body", async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json({ success: true, data: { n: 2 } }));
    vi.stubGlobal('fetch', fetch);
    await call(get, { params: { id: 'a/b c' }, query: { lang: 'en', tags: ['x', 'y'] } });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/things/a%2Fb%20c?lang=en&tags=x&tags=y');
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('GET');
    await call(post, { body: { title: 'hi' } });
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/v1/things');
    expect(fetch.mock.calls[1]?.[1]).toMatchObject({ method: 'POST', body: '{"title":"hi"}' });
  });

  it('names the workspace the tab works in, and none for the personal one', async () => {
    const fetch = vi.fn(async () => Response.json({ success: true, data: { n: 1 } }));
    vi.stubGlobal('fetch', fetch);
    const team = '0b6f1c1e-6a55-4a4e-9d0e-2f3c4b5a6d7e';
    const headersOf = (index: number) => (fetch.mock.calls[index] as unknown[] | undefined)?.[1] as RequestInit;
    await call(get, thing);
    expect(headersOf(0).headers).not.toHaveProperty(WORKSPACE_HEADER);
    chooseWorkspace(team);
    await call(post, { body: { title: 'hi' }, init: { headers: { 'idempotency-key': 'k' } } });
    expect(headersOf(1).headers).toMatchObject({ [WORKSPACE_HEADER]: team, 'idempotency-key': 'k' });
    chooseWorkspace(null);
    await call(get, thing);
    expect(headersOf(2).headers).not.toHaveProperty(WORKSPACE_HEADER);
  });

  it("sends through the transport a server's renderer gives it, and leaves the global fetch alone", async () => {
    const browserFetch = vi.fn(async () => Response.json({ success: true, data: { n: 1 } }));
    vi.stubGlobal('fetch', browserFetch);
    const transport = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ success: true, data: { n: 7 } }),
    );
    sendCallsBy(transport);
    try {
      await expect(call(get, thing)).resolves.toEqual({ success: true, data: { n: 7 } });
      expect(transport.mock.calls[0]?.[0]).toBe('/api/v1/things/x');
      expect(transport.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', credentials: 'include' });
      expect(browserFetch).not.toHaveBeenCalled();
      expect(globalThis.fetch).toBe(browserFetch);
    } finally {
      sendCallsBy((url, init) => fetch(url, init));
    }
    await call(get, thing);
    expect(browserFetch).toHaveBeenCalledTimes(1);
  });
});
