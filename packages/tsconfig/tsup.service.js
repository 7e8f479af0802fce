import { defineConfig } from 'tsup';

/**
 * One build for every service: each entry becomes a single ESM file in dist/, with the
 * workspace packages (TypeScript sources) bundled in and npm dependencies left external.
 * @param {string[]} entry
 */
export function serviceBuild(entry) {
  return defineConfig({
    entry,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outDir: 'dist',
    clean: true,
    sourcemap: true,
    splitting: false,
    // Bundle the workspace packages (TypeScript sources); leave every npm package external.
    noExternal: [/^@nashr\//],
    external: [/^(?!@nashr\/)[^./]/],
  });
}
