import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest first (as timed in CI), so that two workers finish together: a clean clone has no timing
 * cache and vitest would start with the largest files, leaving a long file for the end. The two
 * accessibility walks do not start side by side. Files not listed run after these, in vitest's order.
 */
const LONGEST_FIRST = [
  'registers',
  'dashboard',
  'account-security',
  'accessibility-admin',
  'administration-companies',
  'session',
  'profile',
  'accessibility-reader',
  'initiation',
  'administration-users',
  'diagram',
  'durability',
  'everyday',
  'shell',
  'invitations',
  'signup',
];

const rank = (spec: TestSpecification) => {
  const name = spec.moduleId
    .split('/')
    .pop()!
    .replace(/\.e2e\.ts$/, '');
  const i = LONGEST_FIRST.indexOf(name);
  return i < 0 ? LONGEST_FIRST.length : i;
};

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

const report = process.env.CI_REPORT_DIR;

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['src/**/*.e2e.ts'],
    globalSetup: ['src/global-setup.ts'],
    // Each file starts its own server on a copy of the run's demo data and shares the one browser;
    // two at a time is what two cores carry (E2E_WORKERS=1 for a machine under other load).
    maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
    sequence: { sequencer: LongestFirst },
    // Two files share two cores: a step that takes 30 s alone can take twice that side by side.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll's default second is short for a UI answering a request on a loaded machine.
    expect: { poll: { timeout: 10_000 } },
    reporters: report ? ['default', ['json', { outputFile: `${report}/e2e.json` }]] : ['default'],
  },
});
