import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// The build goes straight into the Python package, which `bolola serve` serves at /.
export default defineConfig({
  plugins: [svelte()],
  build: {
    outDir: '../src/bolola/server/static',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/ws': {
        target: 'ws://127.0.0.1:8000',
        ws: true,
        changeOrigin: true,
        // The server refuses a socket whose Origin is another host (session cookies):
        // the dev page's origin is the proxy's, so it is sent as the server's own.
        headers: { origin: 'http://127.0.0.1:8000' },
      },
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
  },
});
