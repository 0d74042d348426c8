import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/tests/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'test/bench/**'],
    // RuleTester suites and fixture linting are CPU-bound; two workers match the CI box.
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
