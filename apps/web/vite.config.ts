import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Root is this folder; the server serves dist/ on port 3000 and the dev server proxies /api there.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json lets tests measure the JS the login screen loads.
    manifest: true,
    // The login screen has a budget of 200 kB gzip of initial JS (packages/e2e/src/login-bundle.test.ts).
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Libraries every screen runs from the first paint on (login included) in one chunk
              // instead of a dozen small ones, which gzip worse (docs/decisions/0027).
              name: 'boot',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|@emotion[\\/][^\\/]+|@tanstack[\\/](react-router|router-core|history|store)|stylis|hoist-non-react-statics|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
