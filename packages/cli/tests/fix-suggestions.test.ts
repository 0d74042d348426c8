import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { unifiedDiff } from '../src/check/unified-diff.js';
import { runCheck as check } from './run-check.js';

const TWO_LOOPS = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function load() {
  while (true) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
export async function save() {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch('/y', { method: 'POST' });
    } catch {
      await sleep(100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
`;

/** Both loops rewritten to retry(), one import for the two. */
// The second rewrite removes the sleep helper: the first left it one use, the second takes that.
const FIXED = `import { retry } from '@retry-hygiene/retry';

export async function load() {
  return retry(async () => {
    return await fetch('/x');
  }, {
    maxAttempts: 5,
    baseMs: 1000,
    factor: 1,
    capMs: 1000,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  });
}
export async function save() {
  return retry(async () => {
    return await fetch('/y', { method: 'POST' });
  }, {
    maxAttempts: 5,
    baseMs: 100,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  }).catch(() => {
    throw new Error('failed');
  });
}
`;

const NESTED_ONLY = `import { withRetry } from './helper.js';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function load() {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await withRetry(() => fetch('/x'));
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
`;
const HELPER = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function withRetry(fn) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fn();
    } catch {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('failed');
}
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-fix-'));
  writeFileSync(join(dir, 'a.js'), TWO_LOOPS);
  writeFileSync(join(dir, 'nested.js'), NESTED_ONLY);
  writeFileSync(join(dir, 'helper.js'), HELPER);
});

describe('check --fix-suggestions', () => {
  it('--dry-run prints the diff of what it would write, writes nothing', async () => {
    const run = await check(['a.js', '--fix-suggestions', '--dry-run'], dir);
    expect(run).toEqual({ code: 0, stdout: unifiedDiff('a.js', TWO_LOOPS, FIXED), stderr: 'retry-hygiene check: would apply 2 suggestions in 1 file (--dry-run: nothing written)\n' });
    expect(run.stdout.split('\n').slice(0, 5)).toEqual(['--- a/a.js', '+++ b/a.js', '@@ -1,20 +1,26 @@', '-const sleep = (ms) => new Promise((r) => setTimeout(r, ms));', "+import { retry } from '@retry-hygiene/retry';"]);
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe(TWO_LOOPS);
  });

  it('applies each site\'s rewrite one after the other (one import), writes the file, and reports what remains', async () => {
    expect(await check(['a.js', '--fix-suggestions', '--no-herd'], dir)).toEqual({
      code: 0,
      stdout: '✔ no retry problems in 1 file\n',
      stderr: 'retry-hygiene check: applied 2 suggestions in 1 file: a.js (2)\n',
    });
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe(FIXED);
  });

  it('leaves a nested retry alone: which layer retries is for a person to choose', async () => {
    expect(await check(['nested.js', '--fix-suggestions', '--dry-run', '--no-herd'], dir)).toEqual({ code: 1, stdout: '', stderr: 'retry-hygiene check: no suggestion to apply (--dry-run)\n' });
    expect(readFileSync(join(dir, 'nested.js'), 'utf8')).toBe(NESTED_ONLY);
  });

  it.each([
    [['a.js', '--dry-run'], '--dry-run shows what --fix-suggestions would change: give --fix-suggestions too'],
    [['--stdin', '--fix-suggestions'], '--fix-suggestions rewrites files: it does not go with --stdin'],
  ])('%j is a bad argument', async (args, message) => {
    expect(await check(args, dir)).toEqual({ code: 2, stdout: '', stderr: `retry-hygiene check: ${message}\n` });
  });
});

describe('unifiedDiff', () => {
  it('hunks with three lines of context, as git prints them', () => {
    const before = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const after = before.replace('line 2\n', 'line two\n').replace('line 11\n', '');
    expect(unifiedDiff('f.js', before, after)).toBe(
      ['--- a/f.js', '+++ b/f.js', '@@ -1,5 +1,5 @@', ' line 1', '-line 2', '+line two', ' line 3', ' line 4', ' line 5', '@@ -8,5 +8,4 @@', ' line 8', ' line 9', ' line 10', '-line 11', ' line 12', ''].join('\n'),
    );
    expect(unifiedDiff('f.js', 'same\n', 'same\n')).toBe('');
    expect(unifiedDiff('f.js', '', 'new\n')).toBe('--- a/f.js\n+++ b/f.js\n@@ -0,0 +1 @@\n+new\n');
  });

  it('stays bounded on texts with nothing in common: one hunk', () => {
    const before = Array.from({ length: 5_000 }, (_, i) => `a${i}`).join('\n');
    const after = Array.from({ length: 5_000 }, (_, i) => `b${i}`).join('\n');
    const diff = unifiedDiff('f.js', before, after);
    expect(diff.split('\n').filter((l) => l.startsWith('@@'))).toEqual(['@@ -1,5000 +1,5000 @@']);
  });
});
