/**
 * The fresh projects publish.test.ts installs the packed tarballs into: one per way a user
 * sets ESLint up (module system, ESLint major, JavaScript only or TypeScript), each with the
 * findings its lint must give.
 */
export interface FreshProject {
  name: string;
  /** What `npm install` is given besides the tarballs (from the npm registry). */
  install: string[];
  files: Record<string, string>;
  /** Whether the project is JavaScript only: then no `typescript` may be installed. */
  javascriptOnly: boolean;
  /** `eslint --format json .`: each linted file (relative) with its findings as "line:column rule". */
  findings: Record<string, string[]>;
  /** Also type-check the project (its eslint.config.ts against the packages' shipped types). */
  typecheck?: boolean;
}

const SLEEP = 'const sleep = (ms) => new Promise((r) => setTimeout(r, ms));\n';
// A TypeScript file in a JavaScript-only project: ESLint must not try to parse it with espree.
const STRAY_TS = 'export type Id = string;\nexport const id: Id = "a";\n';

export const PROJECTS: FreshProject[] = [
  {
    name: 'JavaScript only, ES modules, ESLint 10, configs.recommended inside defineConfig() without a spread',
    install: ['eslint@^10'],
    javascriptOnly: true,
    files: {
      'package.json': JSON.stringify({ name: 'esm-eslint10', private: true, type: 'module' }),
      'eslint.config.js': `import { defineConfig } from 'eslint/config';
import retryHygiene from 'eslint-plugin-retry-hygiene';

export default defineConfig([retryHygiene.configs.recommended]);
`,
      'src/load.js': `${SLEEP}export async function load() {
  while (true) {
    try { return await fetch('/x'); } catch { await sleep(1000); }
  }
}
`,
      'src/stray.ts': STRAY_TS,
    },
    findings: { 'src/load.js': ['3:3 retry-hygiene/no-fixed-sleep-retry', '3:3 retry-hygiene/no-unbounded-retry'] },
  },
  {
    name: "JavaScript only, CommonJS, ESLint 9, require() and configs['flat/recommended'] in an array",
    install: ['eslint@^9'],
    javascriptOnly: true,
    files: {
      'package.json': JSON.stringify({ name: 'cjs-eslint9', private: true }),
      'eslint.config.cjs': `const retryHygiene = require('eslint-plugin-retry-hygiene');

module.exports = [retryHygiene.configs['flat/recommended']];
`,
      'src/load.js': `${SLEEP}async function load() {
  for (let i = 0; i < 5; i++) {
    try { return await fetch('/x'); } catch { await sleep(1000); }
  }
}
module.exports = { load };
`,
      'src/stray.ts': STRAY_TS,
    },
    findings: { 'src/load.js': ['3:3 retry-hygiene/no-fixed-sleep-retry'] },
  },
  {
    name: 'TypeScript with typescript-eslint (typed linting), ESLint 10, eslint.config.ts spreading configs.strict',
    install: ['eslint@^10', 'typescript', 'typescript-eslint', 'jiti'],
    javascriptOnly: false,
    typecheck: true,
    files: {
      'package.json': JSON.stringify({ name: 'ts-eslint10', private: true, type: 'module' }),
      'tsconfig.json': JSON.stringify({
        compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true, skipLibCheck: false },
        include: ['src', 'eslint.config.ts'],
      }),
      'eslint.config.ts': `import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import retryHygiene from 'eslint-plugin-retry-hygiene';

export default defineConfig([
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true } } },
  ...retryHygiene.configs.strict,
]);
`,
      'src/load.ts': `const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
export async function load(url: string): Promise<Response> {
  let attempt = 0;
  while (true) {
    try { return await fetch(url); } catch (error: unknown) { attempt++; await sleep(100 * 2 ** attempt); }
  }
}
`,
    },
    findings: { 'src/load.ts': ['4:3 retry-hygiene/require-jitter', '4:3 retry-hygiene/no-unbounded-retry'] },
  },
];
