import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The landing page's server renderer (src/landing/server.tsx), built into `dist-ssr/landing.js`
 * for the gateway, which renders the page's HTML with it (services/gateway/src/landing-page.ts).
 * Everything it uses is bundled in, so the gateway needs none of the web app's packages; it sits
 * beside `dist`, not in it, so it is never served.
 */
export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/landing/server.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'landing.js' } },
  },
});
