import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // One module graph per worker, not per file: each file's fresh import of the app (fastify,
    // drizzle, zod, PGlite's WASM) cost about a second, half of the stage. The tests share no
    // module state: every file builds its own app on its own database, and none mocks a module.
    isolate: false,
    // PGlite compiles its WASM once per file; allow for that on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: Number(process.env.TEST_HOOK_TIMEOUT ?? 60_000),
  },
});
