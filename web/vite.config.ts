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
  },
});
