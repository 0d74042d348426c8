import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulate, summarizeResult } from '@retry-hygiene/herd';
import { main } from '../src/main.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function check(args: string[], cwd: string): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(['check', ...args], {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    cwd,
    isTTY: false,
  });
  return { code, stdout, stderr };
}

const FIXED_FOREVER = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function load() {
  while (true) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
`;

const JITTERED = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(): Promise<Response> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(Math.random() * Math.min(10_000, 100 * 2 ** attempt));
    }
  }
  throw new Error('unavailable');
}
`;

let project: string;
let clean: string;
let empty: string;

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), 'retry-hygiene-check-'));
  project = join(root, 'project');
  clean = join(root, 'clean');
  empty = join(root, 'empty');
  for (const dir of [project, clean, empty]) mkdirSync(dir);
  writeFileSync(join(project, 'fixed.js'), FIXED_FOREVER);
  writeFileSync(join(project, 'jittered.ts'), JITTERED);
  writeFileSync(join(project, 'broken.js'), 'export function (\n');
  mkdirSync(join(project, 'node_modules'));
  writeFileSync(join(project, 'node_modules', 'dep.js'), FIXED_FOREVER);
  writeFileSync(join(clean, 'jittered.ts'), JITTERED);
});

describe('retry-hygiene check --format json', () => {
  it('reports each finding with its position, rule, policy and the herd of that policy', async () => {
    const { code, stdout, stderr } = await check(['--format', 'json'], project);
    expect([code, stderr]).toEqual([1, '']);
    const files = JSON.parse(stdout) as { filePath: string; messages: Record<string, unknown>[] }[];
    expect(files.map((f) => f.filePath).sort()).toEqual(['broken.js', 'fixed.js', 'jittered.ts']);
    const fixed = files.find((f) => f.filePath === 'fixed.js')!;
    const policy = { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' };
    const herd = simulate(policy as Parameters<typeof simulate>[0]);
    expect(fixed.messages.map((m) => [m.ruleId, m.line, m.column, m.endLine, m.endColumn])).toEqual([
      ['retry-hygiene/no-fixed-sleep-retry', 3, 3, 3, 15],
      ['retry-hygiene/no-unbounded-retry', 3, 3, 3, 15],
    ]);
    expect(fixed.messages[0]).toMatchObject({
      message: expect.stringMatching(/^This retry loop waits a fixed 1 s between attempts \(no limit on attempts\)\./),
      policy,
      herd: { totalCalls: herd.totalCalls, p99Ms: herd.p99Ms, summary: summarizeResult(herd) },
    });
    expect(files.find((f) => f.filePath === 'jittered.ts')!.messages).toEqual([]);
  });

  it('turns a syntax error into one diagnostic and skips node_modules', async () => {
    const { stdout } = await check(['--format', 'json', '--no-herd'], project);
    const files = JSON.parse(stdout) as { filePath: string; messages: Record<string, unknown>[] }[];
    const broken = files.find((f) => f.filePath === 'broken.js')!;
    expect(broken.messages).toHaveLength(1);
    expect(broken.messages[0]).toMatchObject({ ruleId: null, severity: 2, line: 1, message: expect.stringContaining('Parsing error') });
    expect(files.some((f) => f.filePath.includes('node_modules'))).toBe(false);
  });

  it('leaves the herd out with --no-herd', async () => {
    const { stdout } = await check(['--format', 'json', '--no-herd', 'fixed.js'], project);
    const [fixed] = JSON.parse(stdout) as { messages: Record<string, unknown>[] }[];
    expect(fixed!.messages).toHaveLength(2);
    expect(fixed!.messages.some((m) => 'herd' in m || 'policy' in m)).toBe(false);
  });
});

describe('retry-hygiene check (stylish)', () => {
  it('prints findings by file, a herd line per retry site, the full-jitter baseline and a summary', async () => {
    const { code, stdout } = await check([], project);
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    const at = lines.indexOf('fixed.js');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(lines[at + 1]).toMatch(/^ {2}3:3 {5}error {2}This retry loop waits a fixed 1 s .* {2}retry-hygiene\/no-fixed-sleep-retry$/);
    expect(lines[at + 2]).toMatch(/^ {2}3:3 {5}error {2}This retry loop never gives up: .* {2}retry-hygiene\/no-unbounded-retry$/);
    // One herd line for the site, after both of its findings.
    expect(lines[at + 3]).toContain(`herd  `);
    expect(lines[at + 3]).toContain(summarizeResult(simulate({ maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' })));
    expect(stdout).toContain(`full jitter  `);
    expect(stdout).toContain(summarizeResult(simulate('full')));
    expect(stdout).toContain('✖ 3 problems (3 errors, 0 warnings) in 2 of 3 files');
    expect(stdout).toMatch(/\n {2}1 no-fixed-sleep-retry, 1 no-unbounded-retry, 1 parse error\n$/);
    expect(stdout).not.toContain('\u001b['); // no colour when not a terminal
  });

  it('exits 0 with --exit-zero, and says so when nothing is wrong', async () => {
    expect((await check(['--exit-zero'], project)).code).toBe(0);
    const { code, stdout } = await check([], clean);
    expect([code, stdout]).toEqual([0, '✔ no retry problems in 1 file\n']);
  });
});

describe('retry-hygiene check: bad input', () => {
  it('names a bad --format in one line, exit 2', async () => {
    const { code, stdout, stderr } = await check(['--format', 'xml'], project);
    expect([code, stdout, stderr]).toEqual([2, '', "retry-hygiene check: --format must be stylish or json, not 'xml'\n"]);
  });

  it('names an unknown option, exit 2', async () => {
    const { code, stderr } = await check(['--colour'], project);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^retry-hygiene check: .*--colour.*\n$/);
  });

  it('says when there is nothing to lint, exit 2', async () => {
    const { code, stderr } = await check([], empty);
    expect([code, stderr]).toEqual([2, 'retry-hygiene check: no JavaScript or TypeScript files found in .\n']);
  });

  it('prints its help with --help, exit 0', async () => {
    const { code, stdout } = await check(['--help'], project);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: retry-hygiene check \[paths…\]/);
  });
});
