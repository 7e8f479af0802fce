import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server renderers the gateway renders pages' HTML with: the landing page's
 * (src/features/landing/server.tsx → `dist-ssr/landing.js`, services/gateway/src/landing-page.ts) and the
 * signed-in screens' (src/app-ssr/server.tsx → `dist-ssr/app.js`, services/gateway/src/app-screen.ts).
 * Everything it uses is bundled in, so the gateway needs none of the web app's packages; it sits
 * beside `dist`, not in it, so it is never served.
 */
export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: true,
    outDir: 'dist-ssr',
    emptyOutDir: true,
    // web/public is the browser's (served from dist): nothing of it belongs beside the renderers.
    copyPublicDir: false,
    target: 'node20',
    sourcemap: false,
    rolldownOptions: {
      input: { landing: 'src/features/landing/server.tsx', app: 'src/app-ssr/server.tsx' },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
