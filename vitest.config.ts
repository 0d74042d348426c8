import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          include: ['packages/*/tests/**/*.test.ts', 'extension/tests/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', 'test/bench/**'],
        },
      },
      // The plugin's suites once more, against ESLint 9 (its peer range is ^9 || ^10).
      'packages/eslint-plugin/vitest.eslint9.config.ts',
    ],
    // RuleTester suites and fixture linting are CPU-bound; two workers match the CI box.
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
