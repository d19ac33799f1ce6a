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
    // index.html keeps its preload links; a dynamic import does not add them at run time. Vite's
    // helper appended a <link rel=modulepreload> per dependency of each page (up to 150, 35–120 ms
    // of the main thread on a page load while the session restored) and its file map cost the
    // login screen 7 kB gzip; the browser finds the same modules through the imports themselves
    // (docs/decisions/0027).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // The login screen has a budget of 200 kB gzip of initial JS (packages/e2e/src/login-bundle.e2e.ts).
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // Needed by the inlining below (an entry's unused exports may go).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Shared chunks under 40 kB are copied into the chunks that import them (rolldown's
          // runtime keeps one instance of each module): a register page loads 16 files instead of
          // 117, for 3 % more bytes. Each module file cost the page load about a millisecond of
          // the main thread to request and evaluate (decision 0027).
          experimentalInlineCommonChunks: { maxSize: 40 * 1024 },
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
