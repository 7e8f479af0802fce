import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers, checked on its imports:
 * - `features/<feature>/` holds one feature's screens (`*-screen.tsx`), components, calls and
 *   words; another feature uses it only through its `index.ts`, never its other files;
 * - `router.tsx`, `main.tsx` and the server renderers put screens together;
 * - `ui` and `lib` hold the pieces several features share, and use no feature;
 * - `lib`, `session` and `i18n` know nothing of screens.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

interface Import {
  from: string;
  /** The imported file or folder, relative to src/, without its extension. */
  to: string;
}

function relativeImports(): Import[] {
  return sourceFiles(SRC).flatMap((from) => {
    const text = readFileSync(join(SRC, from), 'utf8');
    return [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']*)'/g)].map((match) => ({
      from,
      to: normalize(join(dirname(from), match[1] ?? '')),
    }));
  });
}

/** `features/<feature>` for a file inside a feature folder, else null. */
function featureOf(path: string): string | null {
  const parts = path.split('/');
  return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : null;
}

/** A screen: the component a route renders. */
const isScreen = (path: string) => /^features\/[^/]+\/[^/]+-screen$/.test(path);

const imports = relativeImports();
const show = (list: Import[]) => list.map(({ from, to }) => `${from} -> ${to}`);

describe('web layout', () => {
  it('finds the imports it checks', () => {
    // A broken pattern would make every rule below pass on nothing.
    expect(imports.length).toBeGreaterThan(300);
    expect(imports).toContainEqual({ from: 'features/app-shell/top-bar.tsx', to: 'features/notifications' });
  });

  it('lets a feature use another feature only through its index', () => {
    const reaching = imports.filter(({ from, to }) => {
      const source = featureOf(from);
      const target = featureOf(to);
      return source && target && source !== target && to !== target;
    });
    expect(show(reaching)).toEqual([]);
  });

  it('keeps shared pieces free of features', () => {
    const shared = imports.filter(({ from }) => from.startsWith('ui/') || from.startsWith('lib/'));
    expect(show(shared.filter(({ to }) => featureOf(to) !== null))).toEqual([]);
  });

  it('keeps data, session and language code free of screens', () => {
    const below = imports.filter(({ from }) => /^(lib|session|i18n)\//.test(from));
    // The language code gathers every feature's words (`features/<feature>/locales/`), nothing else of them.
    const screens = below.filter(
      ({ to }) => /^features(\/|$)|^router$/.test(to) && !/\/locales\/[^/]+\/[^/]+\.json$/.test(to),
    );
    expect(show(screens)).toEqual([]);
  });

  it('lets only the router load screens', () => {
    const screens = imports.filter(({ to }) => isScreen(to) || to === 'router');
    // The landing page's own root renders that one screen without the router: the gateway renders
    // it to HTML and the browser hydrates it (features/landing/landing-root.tsx). The signed-in screens'
    // server renderer renders through the router itself (app-ssr/server.tsx).
    const loaders = ['router.tsx', 'main.tsx', 'features/landing/landing-root.tsx', 'app-ssr/server.tsx'];
    const outside = screens.filter(({ from }) => !loaders.includes(from));
    expect(show(outside)).toEqual([]);
  });
});
