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
    // The login screen has a budget of 250 kB gzip of initial JS; report anything large.
    chunkSizeWarningLimit: 400,
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
