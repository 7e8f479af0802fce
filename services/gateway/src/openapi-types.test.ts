import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_TYPES_FILE, renderOpenApiTypes } from './openapi-types.js';

describe('the typed client’s types', () => {
  it('are what the OpenAPI document makes now: run npm run openapi-types -w @nashr/gateway', {
    timeout: 20_000,
  }, async () => {
    const text = await renderOpenApiTypes();
    expect(text).toContain('export interface paths');
    expect(text).toContain('"/api/v1/drafts"');
    expect(readFileSync(OPENAPI_TYPES_FILE, 'utf8') === text, 'src/openapi-types.gen.ts is stale').toBe(true);
  });
});
