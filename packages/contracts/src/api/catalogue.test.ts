import { describe, expect, it } from 'vitest';
import { isDeclaredErrorCode } from '../errors.js';
import { urlOf } from './define.js';
import { API, API_CATALOGUE, MCP_PATH } from './index.js';

describe('the API catalogue', () => {
  it('declares each method and path once', () => {
    const keys = API_CATALOGUE.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names only error codes the web app has words for (declared in ERROR_CODES)', () => {
    const undeclared = API_CATALOGUE.flatMap((e) =>
      Object.values(e.errors ?? {})
        .flat()
        .filter((code): code is string => typeof code === 'string' && !isDeclaredErrorCode(code))
        .map((code) => `${e.method} ${e.path}: ${code}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('declares a schema for every path parameter, and the parameter in the path', () => {
    for (const endpoint of API_CATALOGUE) {
      const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
      expect(declared, `${endpoint.method} ${endpoint.path}`).toEqual(inPath);
    }
  });

  it('keeps the public API under the gateway’s API prefixes, with the spec’s /linkedln/ spelling', () => {
    for (const endpoint of API_CATALOGUE) {
      if (endpoint.path !== MCP_PATH) expect(endpoint.path).toMatch(/^\/(api\/v1|content|linkedln)\//);
    }
    expect(API.posts.schedule.path).toBe('/linkedln/saveSchedulePost');
  });

  it('makes every create open to tokens safe to retry with an Idempotency-Key', () => {
    const creates = API_CATALOGUE.filter(
      (endpoint) => endpoint.token && endpoint.method === 'POST' && 201 in endpoint.responses,
    );
    expect(creates.length).toBeGreaterThan(0);
    for (const endpoint of creates) expect(endpoint.idempotent, endpoint.path).toBe(true);
  });

  it('builds a call URL from the path parameters and the query', () => {
    expect(urlOf(API.posts.retry, { id: 'a/b' })).toBe('/api/v1/posts/a%2Fb/retry');
    expect(urlOf(API.content.save, { blockName: 'hero' }, { lang: 'ar', version: 3 })).toBe(
      '/content/hero/save_content/?lang=ar&version=3',
    );
    expect(() => urlOf(API.posts.get, {})).toThrow(/id is missing/);
  });
});
