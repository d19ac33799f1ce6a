import { defineConfig } from 'vitest/config';

const report = process.env.CI_REPORT_DIR;

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    // Each file starts its own server on fresh demo data; run them one at a time on two cores.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A second run on PostgreSQL (DATABASE_URL) reports separately.
    reporters: report
      ? ['default', ['json', { outputFile: `${report}/e2e${process.env.DATABASE_URL ? '-pg' : ''}.json` }]]
      : ['default'],
  },
});
