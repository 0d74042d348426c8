import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nearest } from '../src/args.js';
import { main } from '../src/main.js';

async function cli(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd, isTTY: false, env: {} });
  return { code, stdout, stderr };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-args-'));
  writeFileSync(join(dir, 'a.js'), 'export const a = 1;\n');
});

const RULES = 'no-fixed-sleep-retry, no-nested-retry, no-unbounded-retry, require-jitter';

describe('argument errors in words, exit 2, nothing on standard output', () => {
  it.each([
    [['--fromat', 'json'], "unknown option '--fromat'; did you mean --format? (see --help)"],
    [['--max-warning', '3'], "unknown option '--max-warning'; did you mean --max-warnings? (see --help)"],
    [['--supress-all'], "unknown option '--supress-all'; did you mean --suppress-all? (see --help)"],
    [['--zzz'], "unknown option '--zzz' (see --help)"],
    [['-z'], "unknown option '-z' (see --help)"],
    [['--format'], '--format needs a value'],
    [['-o', '--format', 'json'], "--output-file needs a value (write --output-file=<value> for one starting with '-')"],
    [['--no-herd=1'], '--no-herd does not take a value'],
    [['--format', 'sarf'], "--format must be one of stylish, json, sarif, github, markdown, not 'sarf'; did you mean sarif?"],
    [['--suppress-rule', 'require-jiter'], `--suppress-rule: no such rule: retry-hygiene/require-jiter; did you mean require-jitter? (the rules: ${RULES})`],
    [['--suppress-rule', 'eslint/no-undef', '--suppress-rule', 'nope'], `--suppress-rule: no such rule: eslint/no-undef, retry-hygiene/nope (the rules: ${RULES})`],
  ])('check %j', async (args, message) => {
    expect(await cli(['check', 'a.js', ...args], dir)).toEqual({ code: 2, stdout: '', stderr: `retry-hygiene check: ${message}\n` });
  });

  it('simulate shares them', async () => {
    expect(await cli(['simulate', '--strategi', 'full'], dir)).toEqual({ code: 2, stdout: '', stderr: "retry-hygiene simulate: unknown option '--strategi'; did you mean --strategy? (see --help)\n" });
  });

  it('--suppress-rule with a known rule, short or full, records it', async () => {
    const run = await cli(['check', 'a.js', '--suppress-rule', 'require-jitter', '--suppress-rule', 'retry-hygiene/no-nested-retry', '--suppressions-location', 's.json'], dir);
    expect(run).toEqual({ code: 0, stdout: '✔ no retry problems in 1 file\n', stderr: '' });
  });
});

describe('nearest', () => {
  it('suggests a prefix or a name within two edits (one for short names), nothing farther', () => {
    expect(nearest('--outpt-file', ['--output-file', '--outage'])).toBe('--output-file');
    expect(nearest('--out', ['--output-file', '--outage'])).toBe('--output-file');
    expect(nearest('--cap', ['--clients', '--capacity'])).toBe('--capacity');
    expect(nearest('--xyz', ['--format', '--config'])).toBeUndefined();
    expect(nearest('-f', ['--format'])).toBeUndefined();
    expect(nearest('x'.repeat(100_000), ['--format'])).toBeUndefined();
  });
});
