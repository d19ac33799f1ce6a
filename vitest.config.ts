import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// CI_REPORT_DIR makes CI write a JSON summary it can total up at the end.
const report = process.env.CI_REPORT_DIR;

/**
 * Files that run far longer than their size says start first: a clean clone has no timing cache,
 * vitest orders by size, and the statistical timing test (hundreds of argon2 hashes) then ran last,
 * alone, while the other worker sat idle.
 */
const LONGEST_FIRST = ['auth/timing', 'billing/billing', 'report/report', 'auth/auth', 'auth/password', 'bootstrap'];

const rank = (spec: TestSpecification) => {
  const i = LONGEST_FIRST.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
  return i < 0 ? LONGEST_FIRST.length : i;
};

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

// One runner for unit and API tests across the workspaces; browser tests live in packages/e2e.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than cores: a single one on a two-core machine, though
    // a PGlite test file waits on I/O often enough for two to share the cores.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    reporters: report
      ? ['default', ['json', { outputFile: `${report}/unit-${process.env.TEST_DATABASE_URL ? 'pg' : 'pglite'}.json` }]]
      : ['default'],
  },
});
