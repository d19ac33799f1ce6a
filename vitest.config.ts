import { defineConfig } from 'vitest/config';

// CI_REPORT_DIR makes CI write a JSON summary it can total up at the end.
const report = process.env.CI_REPORT_DIR;

// One runner for unit and API tests across the workspaces; browser tests live in packages/e2e.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than cores: a single one on a two-core machine, though
    // a PGlite test file waits on I/O often enough for two to share the cores.
    maxWorkers: 2,
    reporters: report
      ? ['default', ['json', { outputFile: `${report}/unit-${process.env.TEST_DATABASE_URL ? 'pg' : 'pglite'}.json` }]]
      : ['default'],
  },
});
