import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialScript {
  path: string;
  bytes: number;
  gzipBytes: number;
}

export interface InitialJs {
  scripts: InitialScript[];
  bytes: number;
  gzipBytes: number;
}

/**
 * The JavaScript a browser fetches before the landing page can run: the entry module of
 * `index.html` and every module it preloads (`<link rel="modulepreload">`), each gzipped at
 * level 9 the way a static server or CDN would send it. Chunks loaded later by `import()`
 * (other screens, the toaster, the phone menu dialog, other translations) are not counted.
 */
export async function measureInitialJs(dist: string): Promise<InitialJs> {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const paths = new Set<string>();
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const element = tag[0];
    const isEntry = tag[1] === 'script' && /\btype="module"/.test(element);
    const isPreload = tag[1] === 'link' && /\brel="modulepreload"/.test(element);
    const url = /\b(?:src|href)="([^"]+)"/.exec(element)?.[1];
    if ((isEntry || isPreload) && url && url.startsWith('/')) paths.add(url);
  }
  if (paths.size === 0) throw new Error(`${join(dist, 'index.html')} names no module script`);
  const scripts = await Promise.all(
    [...paths].map(async (path) => {
      const content = await readFile(join(dist, path));
      return { path, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    }),
  );
  scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    scripts,
    bytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
    gzipBytes: scripts.reduce((sum, s) => sum + s.gzipBytes, 0),
  };
}
