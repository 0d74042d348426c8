import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queryObjects } from 'node:v8';
import { ESLint, Linter, SourceCode } from 'eslint';
import { forgetProjectFiles, keptModuleCount } from '@retry-hygiene/analysis';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { parseConfigCount } from '../src/module-host.js';

/**
 * The modules the analysis reads besides the linted file stay parsed in a cache across lints;
 * the cache keeps the most recently used ones only, so that linting a large project does not
 * keep every module of it parsed (a 3 000-module import ring took 1.2 GB, ESLint alone 150 MB).
 */
const MODULES = 100;
const dir = mkdtempSync(join(tmpdir(), 'kept-modules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Module `i` of a ring: a retry loop around the function of the next module, which retries too. */
function moduleSource(i: number): string {
  const next = (i + 1) % MODULES;
  return `import { step${next} } from './m${next}.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function step${i}(input) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await step${next}(input);
    } catch (error) {
      if (attempt === 2) throw error;
      await sleep(100 * 2 ** attempt);
    }
  }
  return undefined;
}
`;
}

for (let i = 0; i < MODULES; i++) writeFileSync(join(dir, `m${i}.mjs`), moduleSource(i));

function lint(i: number): string[] {
  const linter = new Linter({ configType: 'flat', cwd: dir });
  const file = join(dir, `m${i}.mjs`);
  const messages = linter.verify(
    moduleSource(i),
    [{ files: ['**/*.mjs'], plugins: { 'retry-hygiene': plugin as never }, rules: { 'retry-hygiene/no-nested-retry': 'error' } }],
    file,
  );
  return messages.map((m) => `${m.line}:${m.column} ${m.ruleId ?? 'fatal'}: ${m.message}`);
}

describe('linting every module of a 100-module import ring', () => {
  it('reports each nested retry across the import, and keeps at most 64 other modules parsed', () => {
    forgetProjectFiles();
    for (let i = 0; i < MODULES; i++) {
      const next = (i + 1) % MODULES;
      expect(lint(i)).toEqual([
        `6:3 retry-hygiene/no-nested-retry: This retry loop retries code that retries again (\`step${next}()\` from './m${next}.mjs', line 8): up to 3 × 3 = 9 calls per request. Retry at one layer only.`,
      ]);
      expect(keptModuleCount()).toBeLessThanOrEqual(64);
    }
    // Every lint read modules: the cache is full, not empty.
    expect(keptModuleCount()).toBe(64);
  });
});

describe('what linting the ring keeps and redoes', () => {
  it('keeps each module parsed once at most: a copy made at the depth limit and made again nearer is let go', () => {
    forgetProjectFiles();
    for (let i = 0; i < MODULES; i++) lint(i);
    // `queryObjects` collects garbage first: what is counted is what is still reachable. Beside
    // the kept modules, the two Linters (this test's, the module host's) each keep their last file.
    const parsed = queryObjects(SourceCode, { format: 'count' }) as number;
    expect(keptModuleCount()).toBe(64);
    expect(parsed).toBeLessThanOrEqual(64 + 2);
  });

  it('normalises the parse configuration once for all the modules one `eslint` run reads', async () => {
    forgetProjectFiles();
    const before = parseConfigCount();
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.mjs'], plugins: { 'retry-hygiene': plugin as never }, rules: { 'retry-hygiene/no-nested-retry': 'error' } }],
    });
    const results = await eslint.lintFiles(Array.from({ length: 10 }, (_, i) => join(dir, `m${i}.mjs`)));
    expect(results.map((r) => r.messages.length)).toEqual(Array(10).fill(1));
    // Ten files, each reading the two modules after it: one configuration, normalised once (it
    // was normalised again for each of the 20 parses).
    expect(parseConfigCount() - before).toBe(1);
  });
});
