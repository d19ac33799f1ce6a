import { defineConfig } from 'vitest/config';

// Pure-logic unit tests only; browser behaviour is covered by packages/e2e.
export default defineConfig({
  test: { name: 'web', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], environment: 'node', isolate: false },
});
