import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
