import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './run-check.js';

const check = (args: string[], cwd: string, input?: string) => runCheck(args, cwd, input !== undefined ? { readStdin: async () => input } : {});

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
const SLOPPY = `if (process.env.SKIP) return;\n${FIXED.replace('export ', '')}`;
const FIXED_MSG = 'This retry loop waits a fixed 1 s between attempts (no limit on attempts), so clients that failed together retry in lockstep. Back off with jitter, e.g. retry() from @retry-hygiene/retry.';
const UNBOUNDED_MSG = 'This retry loop never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-stdin-'));
  mkdirSync(join(dir, 'cjs'));
  writeFileSync(join(dir, 'cjs', 'package.json'), '{ "type": "commonjs" }');
});

describe('check --stdin', () => {
  it('lints standard input, named <text> as in ESLint', async () => {
    expect(await check(['--stdin', '--no-herd'], dir, FIXED)).toEqual({
      code: 1,
      stdout: [
        '<text>',
        `  3:3     error  ${FIXED_MSG}  retry-hygiene/no-fixed-sleep-retry`,
        `  3:3     error  ${UNBOUNDED_MSG}  retry-hygiene/no-unbounded-retry`,
        '',
        '✖ 2 problems (2 errors, 0 warnings) in 1 of 1 file',
        '  1 no-fixed-sleep-retry, 1 no-unbounded-retry',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('--stdin-filename: the report names that file, with the herds', async () => {
    const { code, stdout } = await check(['--stdin', '--stdin-filename', 'src/x.ts', '-f', 'github'], dir, FIXED);
    expect(code).toBe(1);
    expect(stdout.split('\n').map((l) => l.split('::')[1] ?? l)).toEqual([
      'error file=src/x.ts,line=3,endLine=3,col=3,endColumn=15,title=retry-hygiene/no-fixed-sleep-retry',
      'error file=src/x.ts,line=3,endLine=3,col=3,endColumn=15,title=retry-hygiene/no-unbounded-retry',
      'retry-hygiene: 2 problems (2 errors, 0 warnings) in 1 file',
      '',
    ]);
    expect(stdout).toContain('%0AHerd, this retry (server down 10 s): 13 000 calls');
  });

  it("--stdin-filename in a CommonJS package: read as CommonJS, as that file would be", async () => {
    const { code, stdout } = await check(['--stdin', '--stdin-filename', 'cjs/s.js', '--no-herd', '-f', 'json'], dir, SLOPPY);
    expect(code).toBe(1);
    const [result] = JSON.parse(stdout) as { filePath: string; messages: { ruleId: string; line: number }[] }[];
    expect([result!.filePath, result!.messages.map((m) => [m.ruleId, m.line])]).toEqual([
      join(dir, 'cjs', 's.js'),
      [
        ['retry-hygiene/no-fixed-sleep-retry', 4],
        ['retry-hygiene/no-unbounded-retry', 4],
      ],
    ]);
  });

  it('clean input: exit 0', async () => {
    expect(await check(['--stdin'], dir, 'export const a = 1;\n')).toEqual({ code: 0, stdout: '✔ no retry problems in 1 file\n', stderr: '' });
  });

  it.each([
    [['--stdin', 'a.js'], '--stdin lints standard input: give no paths (name the code with --stdin-filename)'],
    [['--stdin', '--changed'], '--stdin and --changed cannot be used together'],
    [['--stdin-filename', 'a.js'], '--stdin-filename names the code read with --stdin: give --stdin too'],
    [['--stdin', '--stdin-filename', 'notes.md'], '--stdin-filename notes.md is not a JavaScript or TypeScript file name (.js .mjs .cjs .jsx .ts .mts .cts .tsx .vue .svelte)'],
  ])('%j is a bad argument', async (args, message) => {
    expect(await check(args, dir, FIXED)).toEqual({ code: 2, stdout: '', stderr: `retry-hygiene check: ${message}\n` });
  });
});
