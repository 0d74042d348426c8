import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Linter } from 'eslint';
import { forgetProjectFiles, keptModuleCount } from '@retry-hygiene/analysis';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { parseCount } from '../src/module-host.js';

/**
 * A file whose imports reach more modules than the cache keeps between files (64): each module
 * it reads calls every other one, as a package's modules do through its index. The modules one
 * file reads are kept until that file is done, so each is parsed once for it (twice when it is
 * first read at the depth limit and again nearer). A cache of the 64 most recent alone, cycled
 * through by more, kept none of them: here each module was parsed twice for the second file,
 * and in a real package (mikro-orm's entity generator, 137 modules reached) 4 413 times, two minutes for one file.
 */
const MODULES = 80;
const dir = mkdtempSync(join(tmpdir(), 'wide-reach-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const others = (i: number) => Array.from({ length: MODULES }, (_, j) => j).filter((j) => j !== i);

function moduleSource(i: number): string {
  return `${others(i).map((j) => `import { step${j} } from './m${j}.mjs';`).join('\n')}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function step${i}(input) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await Promise.all([${others(i).map((j) => `step${j}`).join(', ')}].map((f) => f(input)));
    } catch (error) {
      if (attempt === 2) throw error;
      await sleep(100 * 2 ** attempt);
    }
  }
  return undefined;
}
`;
}

const main = `${Array.from({ length: MODULES }, (_, j) => `import { step${j} } from './m${j}.mjs';`).join('\n')}

export async function run(input) {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      ${Array.from({ length: MODULES }, (_, j) => `await step${j}(input);`).join('\n      ')}
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
`;

for (let i = 0; i < MODULES; i++) writeFileSync(join(dir, `m${i}.mjs`), moduleSource(i));
writeFileSync(join(dir, 'main.mjs'), main);

const FINDING = `${MODULES + 3}:3 retry-hygiene/no-nested-retry: This retry loop retries code that retries again (\`step0()\` from './m0.mjs', line ${MODULES + 5}): up to 2 × 3 = 6 calls per request. Retry at one layer only.`;

function lint(): string[] {
  const linter = new Linter({ configType: 'flat', cwd: dir });
  const messages = linter.verify(main, [{ files: ['**/*.mjs'], plugins: { 'retry-hygiene': plugin as never }, rules: { 'retry-hygiene/no-nested-retry': 'error' } }], join(dir, 'main.mjs'));
  return messages.map((m) => `${m.line}:${m.column} ${m.ruleId ?? 'fatal'}: ${m.message}`);
}

describe('a file whose imports reach more modules than the cache keeps', () => {
  it('parses each module it reads once, or twice when it is read again nearer, and trims the cache when done', () => {
    forgetProjectFiles();
    const before = parseCount();
    expect(lint()).toEqual([FINDING]);
    const parses = parseCount() - before;
    expect(parses).toBeGreaterThanOrEqual(MODULES);
    expect(parses).toBeLessThanOrEqual(2 * MODULES);
    expect(keptModuleCount()).toBe(64);
  });

  it('parses them at most once each again for the next file', () => {
    const before = parseCount();
    expect(lint()).toEqual([FINDING]);
    expect(parseCount() - before).toBeLessThanOrEqual(MODULES);
  });
});
