import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API, DATA_EXPORT_ENDPOINTS } from '@nashr/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as catalogue from './catalogue';
import { call } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The web's name of each catalogue area: `linkedin` → `linkedinApi`. */
const refsOf = (area: string) =>
  (catalogue as unknown as Record<string, Record<string, catalogue.EndpointRef<(typeof API)['auth']['me']>>>)[
    `${area}Api`
  ];

describe('the catalogue by name', () => {
  it('names every endpoint of every area the web app calls, and loads it with its schemas', async () => {
    for (const [area, endpoints] of Object.entries(API)) {
      if (area === 'gateway') continue; // served by the gateway itself, never called by the app
      const refs = refsOf(area);
      expect(refs, area).toBeDefined();
      for (const [name, endpoint] of Object.entries(endpoints)) {
        const ref = refs?.[name];
        expect(ref?.name).toBe(`${area}.${name}`);
        expect(await ref?.load()).toBe(endpoint);
      }
    }
  });

  it('refuses a name the catalogue does not have', async () => {
    await expect(refsOf('posts')?.nothingLikeThis?.load()).rejects.toThrow(
      'the API catalogue has no posts.nothingLikeThis',
    );
  });

  it('picks an endpoint from the contracts once loaded', async () => {
    expect(await catalogue.lazyEndpoint('dataExport.ai', (loaded) => loaded.DATA_EXPORT_ENDPOINTS.ai).load()).toBe(
      DATA_EXPORT_ENDPOINTS.ai,
    );
  });

  it("calls a named endpoint at its path and checks the answer against the endpoint's schema", async () => {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({ success: true, data: { credits: 'not a number' } }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(call(catalogue.aiApi.credits)).rejects.toMatchObject({ status: 200 });
    expect(fetch.mock.calls[0]?.[0]).toBe(API.ai.credits.path);
    expect(fetch.mock.calls[0]?.[1]?.method).toBe(API.ai.credits.method);
  });
});

/** Every source file of the app that runs in the browser (not tests, not the server renderer). */
function browserSources(dir = join(__dirname, '../..')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'app-ssr' ? [] : browserSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it("keeps the catalogue's schemas out of the app's start: no screen imports an endpoint from the contracts", () => {
  const imports = /import\s*\{([^}]*)\}\s*from\s*'@nashr\/contracts'/g;
  const offenders = browserSources().flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(imports)]
      .flatMap((match) => (match[1] ?? '').split(','))
      .map((name) => name.trim())
      .filter((name) => /^(API|DATA_EXPORT_ENDPOINTS|API_CATALOGUE|\w+Api)$/.test(name))
      .map((name) => `${path}: ${name}`),
  );
  expect(offenders).toEqual([]);
});
