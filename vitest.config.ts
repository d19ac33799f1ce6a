import { defineConfig } from 'vitest/config';

// One runner for unit and API tests across the workspaces; browser tests live in packages/e2e.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
