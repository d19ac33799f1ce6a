import { defineConfig } from 'vitest/config';

// CI_REPORT_DIR makes CI write a JSON summary it can total up at the end.
const report = process.env.CI_REPORT_DIR;

/**
 * The fuzz stage: walks of the whole OpenAPI document, kept out of the unit run
 * (`*.fuzz.ts` instead of `*.test.ts`) because they take minutes, not seconds.
 */
export default defineConfig({
  test: {
    name: 'fuzz',
    root: import.meta.dirname,
    include: ['src/**/*.fuzz.ts'],
    // The two walks side by side, one per core. On PGlite by default; CI runs them on PostgreSQL
    // (TEST_DATABASE_URL), as it does the API tests a second time.
    maxWorkers: 2,
    testTimeout: 600_000,
    hookTimeout: 120_000,
    reporters: report
      ? ['default', ['json', { outputFile: `${report}/fuzz-${process.env.TEST_DATABASE_URL ? 'pg' : 'pglite'}.json` }]]
      : ['default'],
  },
});
