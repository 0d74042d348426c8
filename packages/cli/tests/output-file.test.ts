import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck as check } from './run-check.js';

const FIXED = `export async function load() {
  while (true) {
    try {
      return await fetch('/x');
    } catch {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
`;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-output-'));
  writeFileSync(join(dir, 'a.js'), FIXED);
});

const report = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { filePath: string; messages: unknown[] }[];

describe('check --output-file', () => {
  it('replaces a symlink planted at the path with the report: the target is left as it was', async () => {
    const out = join(dir, 'planted');
    mkdirSync(out);
    writeFileSync(join(out, 'victim.yml'), 'on: push\n');
    symlinkSync(join(out, 'victim.yml'), join(out, 'report.json'));
    const { code, stdout, stderr } = await check(['a.js', '--no-herd', '-f', 'json', '-o', 'planted/report.json'], dir);
    expect([code, stdout, stderr]).toEqual([1, '', '']);
    expect(readFileSync(join(out, 'victim.yml'), 'utf8')).toBe('on: push\n');
    expect(lstatSync(join(out, 'report.json')).isSymbolicLink()).toBe(false);
    expect(report(join(out, 'report.json')).map((f) => [f.filePath, f.messages.length])).toEqual([[join(dir, 'a.js'), 2]]);
    // No temporary file left beside it.
    expect(readdirSync(out).sort()).toEqual(['report.json', 'victim.yml']);
  });

  it('a dangling symlink is replaced too, its target not created', async () => {
    const out = join(dir, 'dangling');
    mkdirSync(out);
    symlinkSync(join(out, 'created-elsewhere.txt'), join(out, 'report.txt'));
    expect((await check(['a.js', '--no-herd', '-o', 'dangling/report.txt'], dir)).code).toBe(1);
    expect(readdirSync(out)).toEqual(['report.txt']);
    expect(readFileSync(join(out, 'report.txt'), 'utf8')).toMatch(/^a\.js\n/);
  });

  it('overwrites an earlier report and keeps its permissions; creates missing folders', async () => {
    const out = join(dir, 'reports', 'deep', 'r.json');
    expect((await check(['a.js', '--no-herd', '-f', 'json', '-o', out], dir)).code).toBe(1);
    chmodSync(out, 0o640);
    writeFileSync(join(dir, 'clean.js'), 'export const x = 1;\n');
    expect((await check(['clean.js', '-f', 'json', '-o', out], dir)).code).toBe(0);
    expect(report(out).map((f) => f.filePath)).toEqual([join(dir, 'clean.js')]);
    expect(statSync(out).mode & 0o777).toBe(0o640);
  });

  it('names a folder given as the output file, exit 2, before linting', async () => {
    mkdirSync(join(dir, 'out-dir'));
    expect(await check(['a.js', '-o', 'out-dir'], dir)).toEqual({ code: 2, stdout: '', stderr: 'retry-hygiene check: --output-file: out-dir is a directory\n' });
    // A link to a folder is replaced like any link (the folder is untouched).
    symlinkSync(join(dir, 'out-dir'), join(dir, 'link-to-dir'));
    expect((await check(['a.js', '-o', 'link-to-dir'], dir)).code).toBe(1);
    expect(lstatSync(join(dir, 'link-to-dir')).isFile()).toBe(true);
    expect(readdirSync(join(dir, 'out-dir'))).toEqual([]);
  });

  it('an empty name is a bad argument naming the option, exit 2 (never a silent print to standard output)', async () => {
    for (const args of [['-o', ''], ['--output-file='], ['--output-file', ' ']]) {
      const run = await check(['a.js', ...args], dir);
      expect([args, run]).toEqual([args, { code: 2, stdout: '', stderr: `retry-hygiene check: --output-file must name a file, not '${args.length === 1 ? '' : args[1]}'\n` }]);
    }
  });

  it('a name as long as the file system allows is written (the temporary name beside it stays shorter)', async () => {
    const name = `${'r'.repeat(250)}.txt`;
    expect((await check(['a.js', '--no-herd', '-o', name], dir)).code).toBe(1);
    expect(readFileSync(join(dir, name), 'utf8')).toMatch(/^a\.js\n/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a path it cannot write is a clear error naming it, exit 2', async () => {
    expect(await check(['a.js', '-o', 'a.js/report.txt'], dir)).toEqual({ code: 2, stdout: '', stderr: 'retry-hygiene check: --output-file: cannot write a.js/report.txt: a part of its path is not a folder\n' });
  });
});
