// The layering of the code (.dependency-cruiser.mjs at the root: its rules, and why each holds),
// checked on every import of the product, its tools and its tests.
import { join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import config from '../.dependency-cruiser.mjs';

const ROOT = join(import.meta.dirname, '..');
const FIXTURE = join(ROOT, 'test/fixtures/architecture');

/** Every folder with code in it. */
const CODE = ['services', 'packages', 'web/src', 'tools', 'bench', 'e2e', 'test', 'scripts'];

/** The result of checking `folders` of `baseDir` against the rules. */
async function check(baseDir: string, folders: string[]): Promise<ICruiseResult> {
  const { output } = await cruise(folders, {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
    baseDir,
  });
  return output as ICruiseResult;
}

/** One line per broken rule: `rule: from -> to` (a cycle also lists its way round). */
function violations(result: ICruiseResult): string[] {
  return result.summary.violations.map((v) => {
    const cycle = v.cycle ? ` (${v.cycle.map((step) => step.name).join(' -> ')})` : '';
    return `${v.rule.name}: ${v.from} -> ${v.to}${cycle}`;
  });
}

describe('the architecture rules', () => {
  it('hold for every import of the code', { timeout: 180_000 }, async () => {
    const result = await check(ROOT, CODE);
    // A path that stopped matching would make every rule hold on nothing: the check sees the whole
    // code, resolves each workspace package to its folder, and finds a feature used through its index.
    expect(result.summary.totalCruised).toBeGreaterThan(1000);
    const sources = new Set(result.modules.map((module) => module.source));
    for (const folder of CODE)
      expect(
        [...sources].some((source) => source.startsWith(`${folder}/`)),
        folder,
      ).toBe(true);
    const topBar = result.modules.find((module) => module.source === 'web/src/features/app-shell/top-bar.tsx');
    expect(topBar?.dependencies.map((d) => d.resolved)).toContain('web/src/features/notifications/index.ts');
    const gateway = result.modules.find((module) => module.source === 'services/gateway/src/routes/mcp.ts');
    expect(gateway?.dependencies.map((d) => d.resolved)).toContain('packages/mcp/src/index.ts');
    expect(violations(result)).toEqual([]);
  });

  it('find each kind of broken layering', { timeout: 60_000 }, async () => {
    // test/fixtures/architecture lays out a small copy of the code's folders whose imports break
    // each rule once, beside imports the rules allow (a service's package entry, a feature's index,
    // its words gathered by the language code, the router loading a screen).
    const result = await check(FIXTURE, ['services', 'packages', 'web', 'tools', 'test']);
    expect(violations(result).sort()).toEqual(
      [
        'no-circular: packages/base/src/index.ts -> packages/base/src/later.ts (packages/base/src/later.ts -> packages/base/src/index.ts)',
        'service-imports-another-service: services/auth/src/app.ts -> services/posts/src/app.ts',
        'service-test-reaches-into-another-service: services/auth/src/app.ts -> services/posts/src/app.ts',
        'service-test-reaches-into-another-service: services/auth/src/testing/harness.ts -> services/posts/src/app.ts',
        'product-imports-development-code: services/auth/src/app.ts -> tools/src/stack.ts',
        'package-imports-a-service: packages/base/src/index.ts -> services/posts/src/app.ts',
        'outside-reaches-into-a-service: packages/base/src/index.ts -> services/posts/src/app.ts',
        'outside-reaches-into-a-service: test/outside.ts -> services/posts/src/app.ts',
        'web-imports-server-code: web/src/main.tsx -> packages/base/src/index.ts',
        'feature-reaches-into-another-feature: web/src/features/b/b-part.tsx -> web/src/features/a/a-screen.tsx',
        'screen-loaded-outside-the-router: web/src/features/b/b-part.tsx -> web/src/features/a/a-screen.tsx',
        'shared-web-code-uses-a-feature: web/src/ui/button.tsx -> web/src/features/a/index.ts',
        'web-foundation-knows-screens: web/src/i18n/index.ts -> web/src/router.tsx',
        'screen-loaded-outside-the-router: web/src/i18n/index.ts -> web/src/router.tsx',
      ].sort(),
    );
  });
});
