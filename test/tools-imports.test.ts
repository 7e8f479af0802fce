// `tools` imports every service (the stacks the tests start), so no service or package may depend
// on it: that would make a package cycle. What services' tests need from the development side
// (the mail catcher, the local OpenID provider, the fake of the hosted network API) lives in
// packages/fakes, a leaf that imports no service and not `tools`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const TOOLS = '@nashr/tools';

interface Manifest {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The workspaces directly under `dir` (services/ or packages/), as paths from the root. */
function workspaces(dir: string): string[] {
  return readdirSync(join(ROOT, dir))
    .map((name) => `${dir}/${name}`)
    .filter((path) => statSync(join(ROOT, path)).isDirectory() && existsSync(join(ROOT, path, 'package.json')));
}

function manifest(workspace: string): Manifest {
  return JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8')) as Manifest;
}

/** Every package a manifest names, in any of its dependency lists. */
function dependencyNames(m: Manifest): string[] {
  return [m.dependencies, m.devDependencies, m.peerDependencies, m.optionalDependencies].flatMap((deps) =>
    Object.keys(deps ?? {}),
  );
}

/** Source files under `dir` (from the root), without installed or built files. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'dist' || name === 'dist-ssr' || name.startsWith('.')) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name) ? [path] : [];
  });
}

/** `from '…'`, `import '…'`, `import('…')`, `require('…')` and `vi.mock('…')`: the module each names. */
const MODULE = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\bmock\s*\(\s*)['"]([^'"\n]+)['"]/g;

/** Whether `specifier` is package `name` or one of its subpaths. */
const isOf = (specifier: string, name: string) => specifier === name || specifier.startsWith(`${name}/`);

/** The modules `text` imports that belong to one of `names`. */
function importsOf(text: string, names: string[]): string[] {
  return [...text.matchAll(MODULE)].map((match) => match[1]!).filter((module) => names.some((n) => isOf(module, n)));
}

const SERVICES = workspaces('services');
const PACKAGES = workspaces('packages');
const SERVICE_NAMES = SERVICES.map((dir) => manifest(dir).name!);

/** What each workspace under `dirs` names in `forbidden`: in its package.json or its source files. */
function offenders(dirs: string[], forbidden: string[]): string[] {
  return dirs.flatMap((dir) => [
    ...dependencyNames(manifest(dir))
      .filter((dep) => forbidden.includes(dep))
      .map((dep) => `${dir}/package.json depends on ${dep}`),
    ...sources(dir).flatMap((file) =>
      importsOf(readFileSync(join(ROOT, file), 'utf8'), forbidden).map((module) => `${file} imports ${module}`),
    ),
  ]);
}

describe('the package graph', () => {
  it('finds the workspaces it checks', () => {
    expect(SERVICES).toContain('services/auth');
    expect(PACKAGES).toEqual(expect.arrayContaining(['packages/platform', 'packages/fakes']));
    expect(SERVICE_NAMES).toEqual(expect.arrayContaining(['@nashr/auth', '@nashr/gateway', '@nashr/linkedin']));
    expect(sources('services').length).toBeGreaterThan(200);
  });

  it('has no service or package depending on tools or importing it', () => {
    expect(offenders([...SERVICES, ...PACKAGES], [TOOLS])).toEqual([]);
  });

  it('has no package depending on a service or importing one (packages/fakes stays a leaf)', () => {
    expect(offenders(PACKAGES, SERVICE_NAMES)).toEqual([]);
  });

  it('finds every way of importing a module, and only that module', () => {
    const text = [
      "import { startMailCatcher } from '@nashr/tools/mail-catcher';",
      "import type { Stack } from '@nashr/tools/process-stack';",
      "export { startFakeUnipile } from '@nashr/tools';",
      "const stack = await import('@nashr/tools/in-process-stack');",
      "import '@nashr/tools/side-effect';",
      "const tools = require('@nashr/tools');",
      "vi.mock('@nashr/tools/stack');",
      "import { x } from '@nashr/toolshed';",
      "import { startMailCatcher } from '@nashr/fakes/mail-catcher';",
      '// from the stacks of `@nashr/tools`, described in words',
    ].join('\n');
    expect(importsOf(text, [TOOLS])).toEqual([
      '@nashr/tools/mail-catcher',
      '@nashr/tools/process-stack',
      '@nashr/tools',
      '@nashr/tools/in-process-stack',
      '@nashr/tools/side-effect',
      '@nashr/tools',
      '@nashr/tools/stack',
    ]);
    expect(importsOf("import { buildApp } from '@nashr/auth/testing';", SERVICE_NAMES)).toEqual([
      '@nashr/auth/testing',
    ]);
  });
});
