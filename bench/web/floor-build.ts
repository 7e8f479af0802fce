import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * Builds bench/web/floor (React and react-dom rendering one heading) with the same Vite and
 * target as the web app, into `outDir`: the least JavaScript any React page can start with.
 */
export async function buildFloor(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: fileURLToPath(new URL('./floor', import.meta.url)),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
}
