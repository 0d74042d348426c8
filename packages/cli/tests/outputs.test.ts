import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck as check } from './run-check.js';

const UNUSED = "// eslint-disable-next-line retry-hygiene/require-jitter\nexport const x = 1;\n";
const FIXED = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
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
const WARNING = "  1:1     warning  Unused eslint-disable directive (no problems were reported from 'retry-hygiene/require-jitter').  unused directive";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-outputs-'));
  writeFileSync(join(dir, 'warn.js'), UNUSED);
  writeFileSync(join(dir, 'both.js'), UNUSED + FIXED);
});

describe('--quiet and --max-warnings, as in ESLint', () => {
  it('--max-warnings: at the limit exit 0, over it exit 1 and says so', async () => {
    const args = ['warn.js', '--report-unused-disable-directives'];
    const report = ['warn.js', WARNING, '', '✖ 1 problem (0 errors, 1 warning) in 1 of 1 file', '  1 unused directive', ''].join('\n');
    expect(await check([...args, '--max-warnings', '1'], dir)).toEqual({ code: 0, stdout: report, stderr: '' });
    expect(await check([...args, '--max-warnings', '0'], dir)).toEqual({ code: 1, stdout: report, stderr: 'retry-hygiene check: too many warnings: 1, more than --max-warnings 0\n' });
  });

  it('--quiet leaves warnings out of the report, yet they still count for --max-warnings', async () => {
    const args = ['warn.js', '--report-unused-disable-directives', '--quiet'];
    expect(await check(args, dir)).toEqual({ code: 0, stdout: '✔ no retry problems in 1 file\n', stderr: '' });
    expect(await check([...args, '--max-warnings', '0'], dir)).toEqual({
      code: 1,
      stdout: '✔ no retry problems in 1 file\n',
      stderr: 'retry-hygiene check: too many warnings: 1, more than --max-warnings 0\n',
    });
  });

  it('--quiet keeps the errors of a file that also has warnings', async () => {
    const { code, stdout } = await check(['both.js', '--report-unused-disable-directives', '--quiet', '--no-herd', '-f', 'json'], dir);
    expect(code).toBe(1);
    const [result] = JSON.parse(stdout) as { messages: { ruleId: string; severity: number }[] }[];
    expect(result!.messages.map((m) => [m.ruleId, m.severity])).toEqual([
      ['retry-hygiene/no-fixed-sleep-retry', 2],
      ['retry-hygiene/no-unbounded-retry', 2],
    ]);
  });
});

describe('several formats in one run: --format … --output-file … pairs', () => {
  it('writes each format to its file and the one without a file to standard output, each as a run of its own would', async () => {
    const run = await check(['both.js', '--no-herd', '--format', 'sarif', '-o', 'out/a.sarif', '--format', 'github', '-f', 'json', '--output-file', 'a.json'], dir);
    const alone = async (format: string) => (await check(['both.js', '--no-herd', '-f', format], dir)).stdout;
    expect([run.code, run.stderr]).toEqual([1, '']);
    expect(run.stdout).toBe(await alone('github'));
    expect(readFileSync(join(dir, 'out', 'a.sarif'), 'utf8')).toBe(await alone('sarif'));
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe(await alone('json'));
  });

  it('one --format and one --output-file pair whatever their order, as in ESLint', async () => {
    await check(['both.js', '--no-herd', '-o', 'b.json', '-f', 'json'], dir);
    expect(JSON.parse(readFileSync(join(dir, 'b.json'), 'utf8'))).toHaveLength(1);
  });

  it.each([
    [['-f', 'sarif', '-f', 'github'], 'only one format can go to standard output, not sarif and github: give the others an --output-file after them'],
    [['-o', 'x.sarif', '-f', 'sarif', '-f', 'github'], "--output-file x.sarif comes before any --format: with several formats, give each format's --output-file after it"],
    [['-f', 'sarif', '-o', 'x', '-o', 'y', '-f', 'github'], '--format sarif is given two output files (x, y)'],
    [['-f', 'sarif', '-o', 'x', '-f', 'json', '-o', './x'], '--output-file ./x is given for two formats'],
    [['-f', 'sarif', '-o', '', '-f', 'json'], "--output-file must name a file, not ''"],
  ])('%j is a bad argument, nothing written', async (args, message) => {
    expect(await check(['both.js', ...args], dir)).toEqual({ code: 2, stdout: '', stderr: `retry-hygiene check: ${message}\n` });
  });
});
