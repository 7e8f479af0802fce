import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

/** `from '…/services/posts/src/…'`, or `from '../../posts/src/…'` written inside another service. */
const INTO_A_SERVICE = /from\s+'(?:\.\.\/)+(?:services\/)?(ai|auth|content|gateway|linkedin|posts)\/src\//g;

/** Imports in `text` (of `path`, from the root) that reach into a service's src/ from outside that service. */
function reachesInto(path: string, text: string): string[] {
  const own = /^services\/([^/]+)\//.exec(path)?.[1];
  return [...text.matchAll(INTO_A_SERVICE)]
    .map((match) => match[1])
    .filter((service) => service !== own)
    .map((service) => `${path} → ${service}`);
}

describe('imports of a service', () => {
  it('go through its package (@nashr/<service>), never into its src/ from outside it', () => {
    const files = ['test', 'bench', 'e2e', 'scripts', 'services', 'packages', 'web/src'].flatMap((dir) =>
      sources(join(ROOT, dir)),
    );
    expect(files.length).toBeGreaterThan(300);
    const offenders = files
      .map((file) => relative(ROOT, file))
      // This file's own examples are not imports.
      .filter((path) => path !== relative(ROOT, import.meta.filename))
      .flatMap((path) => reachesInto(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('are found by the check, from a test folder and from another service alike', () => {
    const deep = "import { schema } from '../../services/posts/src/db/schema.js';";
    const sibling = "import { buildApp } from '../../content/src/app.js';";
    const own = "import { buildApp } from '../../gateway/src/app.js';";
    expect(reachesInto('test/hardening/x.test.ts', deep)).toEqual(['test/hardening/x.test.ts → posts']);
    expect(reachesInto('services/gateway/src/x.test.ts', sibling)).toEqual([
      'services/gateway/src/x.test.ts → content',
    ]);
    expect(reachesInto('services/gateway/src/routes/x.ts', own)).toEqual([]);
    expect(reachesInto('e2e/x.test.ts', "import { schema } from '@nashr/auth';")).toEqual([]);
  });
});
