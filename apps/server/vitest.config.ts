import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // PGlite compiles its WASM once per file; allow for that on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: Number(process.env.TEST_HOOK_TIMEOUT ?? 60_000),
  },
});
