import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck as check } from './run-check.js';

/** Sloppy-mode CommonJS: a top-level return and `with`, and a fixed-delay endless retry at 5:3. */
const SLOPPY = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
if (process.env.SKIP) return;
with (Math) { var r = random; }
async function load() {
  while (true) {
    try {
      return await fetch('/x');
    } catch {
      await sleep(1000);
    }
  }
}
module.exports = { load };
`;

/** ES module syntax and the same retry at 3:3. */
const MODULE = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
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

let root: string;
function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

interface Message {
  ruleId: string | null;
  line: number;
  column: number;
  message: string;
  herd?: unknown;
}

async function messages(args: string[], cwd = root): Promise<{ code: number; byFile: Record<string, Message[]> }> {
  const run = await check([...args, '--format', 'json'], cwd);
  const results = JSON.parse(run.stdout) as { filePath: string; messages: Message[] }[];
  return { code: run.code, byFile: Object.fromEntries(results.map((r) => [r.filePath.slice(root.length + 1), r.messages])) };
}

const RETRY_FINDINGS = ['retry-hygiene/no-fixed-sleep-retry', 'retry-hygiene/no-unbounded-retry'];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'retry-hygiene-module-kind-'));
  write('untyped/package.json', '{ "name": "untyped" }');
  write('untyped/sloppy.js', SLOPPY);
  write('untyped/esm.js', MODULE);
  write('cjs/package.json', '{ "type": "commonjs" }');
  write('cjs/sloppy.js', SLOPPY);
  write('cjs/esm.js', MODULE);
  write('cjs/inner/package.json', '{ "type": "module" }');
  write('cjs/inner/sloppy.js', SLOPPY);
  write('esm/package.json', '{ "type": "module" }');
  write('esm/sloppy.js', SLOPPY);
  write('esm/script.cjs', SLOPPY);
  write('esm/deep/er/sloppy.js', SLOPPY);
  write('broken-json/package.json', '{ "type": ');
  write('broken-json/sloppy.js', SLOPPY);
});

describe('retry-hygiene check: module or script, as Node decides', () => {
  it('reads .js by the nearest package.json "type", .cjs as CommonJS; with no "type", as CommonJS when only that parses', async () => {
    const { code, byFile } = await messages(['.', '--no-herd']);
    expect(code).toBe(1);
    const summary = Object.fromEntries(
      Object.entries(byFile).map(([file, list]) => [file, list.map((m) => `${m.line}:${m.column} ${m.ruleId ?? m.message}`)]),
    );
    const retryAt = (at: string) => RETRY_FINDINGS.map((rule) => `${at} ${rule}`);
    expect(summary).toEqual({
      'broken-json/sloppy.js': retryAt('5:3'),
      'cjs/esm.js': ["2:1 Parsing error: 'import' and 'export' may appear only with 'sourceType: module'"],
      'cjs/inner/sloppy.js': ["2:23 Parsing error: 'return' outside of function"],
      'cjs/sloppy.js': retryAt('5:3'),
      'esm/deep/er/sloppy.js': ["2:23 Parsing error: 'return' outside of function"],
      'esm/script.cjs': retryAt('5:3'),
      'esm/sloppy.js': ["2:23 Parsing error: 'return' outside of function"],
      'untyped/esm.js': retryAt('3:3'),
      'untyped/sloppy.js': retryAt('5:3'),
    });
  });

  it('finds the package.json above the folder it is given, and simulates the herds of a CommonJS file', async () => {
    const { byFile } = await messages(['sloppy.js'], join(root, 'cjs'));
    expect(byFile['cjs/sloppy.js']!.map((m) => [m.ruleId, m.line, m.column, m.herd !== undefined])).toEqual(RETRY_FINDINGS.map((rule) => [rule, 5, 3, true]));
  });

  it('with --concurrency 2, the same findings and herds (the main thread reads the sites of CommonJS files as CommonJS)', async () => {
    const { byFile } = await messages(['cjs/sloppy.js', 'untyped/sloppy.js', '--concurrency', '2']);
    for (const file of ['cjs/sloppy.js', 'untyped/sloppy.js']) {
      expect(byFile[file]!.map((m) => [m.ruleId, m.line, m.column, m.herd !== undefined])).toEqual(RETRY_FINDINGS.map((rule) => [rule, 5, 3, true]));
    }
  });
});
