import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { API_CATALOGUE } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './routes/openapi.js';

const run = promisify(execFile);
const CONFIG_DIR = new URL('../openapi-lint/', import.meta.url);
const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

describe('the API reference as a document', () => {
  const document = buildOpenApiDocument();

  it('describes the body of every POST, PUT and PATCH, unless the endpoint takes none on purpose', () => {
    const undescribed = API_CATALOGUE.filter(
      (route) =>
        ['POST', 'PUT', 'PATCH'].includes(route.method) &&
        !route.noBody &&
        !document.paths[route.path]?.[route.method.toLowerCase()]?.requestBody,
    ).map((route) => `${route.method} ${route.path}`);
    expect(undescribed).toEqual([]);
    // And none that says it takes no body describes one.
    expect(API_CATALOGUE.filter((route) => route.noBody && (route.body || route.rawBody))).toEqual([]);
  });

  it('describes an upload as the file itself, the way the service reads it', () => {
    const upload = document.paths['/api/v1/media']?.post?.requestBody as Record<string, unknown>;
    expect(upload).toMatchObject({
      required: true,
      content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
    });
  });

  it("passes Redocly's recommended rules without an error or a warning", { timeout: 20_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nashr-openapi-'));
    try {
      await writeFile(join(dir, 'openapi.json'), JSON.stringify(document, null, 2));
      for (const file of ['redocly.yaml', '.redocly.lint-ignore.yaml']) {
        await copyFile(new URL(file, CONFIG_DIR), join(dir, file));
      }
      const result = await run(
        process.execPath,
        [REDOCLY, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format=json'],
        {
          cwd: dir,
          // Offline and quiet: no usage reports, no update check.
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
          maxBuffer: 16 * 1024 * 1024,
        },
      ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(result.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
