/**
 * 'Download my data' must cover every service that keeps something of a user. A service owns user
 * data when a table of its Drizzle schema has a `user_id` column; such a service must be a part of
 * the export (`DATA_EXPORT_PARTS`), with an endpoint of its own that its source serves. A new
 * service, or a first user table in an old one, fails here until its part is added.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API, DATA_EXPORT_ENDPOINTS, DATA_EXPORT_PARTS, type Endpoint } from '@nashr/contracts';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

const SERVICES = join(import.meta.dirname, '..', 'services');

/** Every `<schema>.<table>` of a service with a `user_id` column. */
async function userTables(service: string): Promise<string[]> {
  const file = join(SERVICES, service, 'src', 'db', 'schema.ts');
  if (!existsSync(file)) return [];
  const module: Record<string, unknown> = await import(file);
  return Object.values(module)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .filter((config) => config.columns.some((column) => column.name === 'user_id'))
    .map((config) => `${config.schema}.${config.name}`);
}

/** `API.<domain>.<key>` of an endpoint, as a service's source names it when it serves it. */
function sourceNameOf(endpoint: Endpoint): string {
  for (const [domain, endpoints] of Object.entries(API)) {
    for (const [key, candidate] of Object.entries(endpoints)) {
      if (candidate === endpoint) return `API.${domain}.${key}`;
    }
  }
  throw new Error(`${endpoint.path} is not in the API catalogue`);
}

/** The TypeScript source of a service, outside its tests. */
function sourceOf(service: string): string {
  const root = join(SERVICES, service, 'src');
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => readFileSync(join(root, file), 'utf8'))
    .join('\n');
}

const services = readdirSync(SERVICES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("'Download my data' covers every service with user data", () => {
  it('finds the user tables it checks', async () => {
    expect(await userTables('engage')).toContain('engage.people');
    expect(await userTables('gateway')).toEqual([]);
  });

  it.each(services)('%s: a part of the export when it keeps user rows', async (service) => {
    const tables = await userTables(service);
    if (tables.length === 0) return;
    expect(DATA_EXPORT_PARTS, `${service} keeps ${tables.join(', ')} but is no export part`).toContain(service);
    const endpoint = DATA_EXPORT_ENDPOINTS[service as keyof typeof DATA_EXPORT_ENDPOINTS];
    expect(endpoint.owner).toBe(service);
    expect(endpoint.method).toBe('GET');
    const name = sourceNameOf(endpoint);
    expect(sourceOf(service), `${service} never serves ${name}`).toMatch(
      new RegExp(`route\\(\\s*app,\\s*${name.replaceAll('.', '\\.')}\\b`),
    );
  });
});
