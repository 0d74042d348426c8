import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The plugin's suites against ESLint 9 (its peer range is ^9 || ^10): `eslint` resolves to
 * the `eslint9` devDependency (npm:eslint@9) for ES imports (alias) and CommonJS requires
 * (tests/eslint9/setup.ts).
 */
export default defineConfig({
  resolve: { alias: [{ find: /^eslint(\/.*)?$/, replacement: 'eslint9$1' }] },
  test: {
    name: 'eslint-plugin on ESLint 9',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/eslint9/setup.ts'],
    env: { RETRY_HYGIENE_ESLINT_MAJOR: '9' },
    pool: 'threads',
    maxWorkers: 2,
    testTimeout: 30_000,
  },
});
