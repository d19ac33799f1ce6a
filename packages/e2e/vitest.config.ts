import { defineConfig } from 'vitest/config';

const report = process.env.CI_REPORT_DIR;

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    // Each file starts its own server on fresh demo data (~700 MiB on PGlite) and shares the one
    // browser; two at a time is what two cores carry.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: report ? ['default', ['json', { outputFile: `${report}/e2e.json` }]] : ['default'],
  },
});
