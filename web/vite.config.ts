import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, transformWithOxc } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes `.br` and `.gz` beside every text file of the build, compressed once at the highest
 * levels, so the gateway sends them as they are (`preCompressed`) instead of the raw bytes or
 * compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'nashr:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const path = join(dir, file);
            const raw = await readFile(path);
            if (raw.length < 1024) return;
            const [br, gz] = await Promise.all([
              promisify(brotliCompress)(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              promisify(gzip)(raw, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
          }),
      );
    },
  };
}

/** Where pdf.js finds the 14 standard PDF fonts, which documents may use without embedding them. */
export const PDF_FONTS_PATH = '/pdfjs/standard_fonts/';

/**
 * Serves pdf.js's standard fonts at PDF_FONTS_PATH (written into the build, served by the dev
 * server), so a document drawn in the browser keeps its text where its author put it.
 */
function pdfStandardFonts(): Plugin {
  const folder = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
  return {
    name: 'nashr:pdf-standard-fonts',
    async generateBundle() {
      for (const name of await readdir(folder)) {
        if (name.startsWith('LICENSE')) continue;
        this.emitFile({
          type: 'asset',
          fileName: `${PDF_FONTS_PATH.slice(1)}${name}`,
          source: await readFile(join(folder, name)),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use(PDF_FONTS_PATH, (request, response, next) => {
        const name = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!/^[\w-]+\.(pfb|ttf)$/.test(name)) return next();
        readFile(join(folder, name)).then(
          (data) => response.end(data),
          () => next(),
        );
      });
    },
  };
}

/** The app's files the installed app keeps (besides index.html): its own code, styles and fonts. */
const SHELL_ASSET = /^assets\/[^/]+\.(js|css|woff2)$/;
/** Loaded only to read an uploaded PDF, which needs the network anyway: not kept. */
const NOT_KEPT = /^assets\/pdf/;
/** Files of public/ the installed app needs offline. */
const SHELL_PUBLIC = [
  '/app-boot.js',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/manifest.en.webmanifest',
  '/icons/icon-192.png',
  '/icons/maskable-192.png',
];

/**
 * Builds src/service-worker/service-worker.ts into /sw.js with this build's shell written in:
 * the list of files to keep and a version that changes with any of them, so a new build installs
 * a new worker and the app offers the reload. Not in the dev server: there the app runs without one.
 */
function serviceWorker(): Plugin {
  return {
    name: 'nashr:service-worker',
    apply: 'build',
    // After Vite's own plugins, which put index.html into the bundle.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => SHELL_ASSET.test(file) && !NOT_KEPT.test(file));
      const index = bundle['index.html'];
      const indexSource = index?.type === 'asset' ? String(index.source) : '';
      if (!indexSource) this.error('the service worker needs index.html in the bundle');
      const precache = ['/index.html', ...files.sort().map((file) => `/${file}`), ...SHELL_PUBLIC];
      // Hashed names change with their content; index.html and public/ files do not, so they are read.
      const version = createHash('sha256').update(precache.join('\n')).update(indexSource);
      for (const file of SHELL_PUBLIC) version.update(await readFile(join('public', file)));
      const source = await readFile('src/service-worker/service-worker.ts', 'utf8');
      const { code } = await transformWithOxc(source, 'service-worker.ts', { lang: 'ts' });
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source:
          `const PRECACHE = ${JSON.stringify(precache)};\n` +
          `const VERSION = ${JSON.stringify(version.digest('hex').slice(0, 16))};\n` +
          code.replace(/^export \{\};?\s*$/m, ''),
      });
    },
  };
}

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), pdfStandardFonts(), serviceWorker()],
  server: {
    port: 5173,
    // In development the API runs behind the gateway; the web app talks to it as same-origin.
    proxy: Object.fromEntries(
      ['/api', '/content', '/linkedln'].map((p) => [p, { target: gateway, changeOrigin: false }]),
    ),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // What the landing page needs at start-up goes out as two files (libraries, which change
        // rarely, and the app's own start-up code) instead of some twenty small ones: fewer
        // requests, and about 10 kB less gzip since each file compresses on its own. Everything
        // else stays split per screen, loaded when a visitor goes there. (`manualChunks` is the
        // deprecated spelling of this in Vite 8 / Rolldown.)
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
