// The acceptance case of check in CI: a CommonJS project in a git repository, one of its files
// sloppy-mode CommonJS (a top-level `return`, `with`), checked in every format from the
// repository root and from a subdirectory. The file parses as Node runs it, and every format
// names it the same way from both places.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './run-check.js';

const check = (args: string[], cwd: string) => runCheck(['--no-herd', ...args], cwd);

/** Sloppy-mode CommonJS: `with` and a top-level return; a fixed-delay endless retry at 6:3. */
const SLOPPY = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
if (process.env.SKIP) return;
with (Math) max(1, 2);
async function load() {
  let res;
  while (true) {
    try {
      res = await fetch('/x');
      return res;
    } catch {
      await sleep(1000);
    }
  }
}
module.exports = { load };
`;

let repo: string;
const sub = () => join(repo, 'services', 'api');

beforeAll(() => {
  repo = join(mkdtempSync(join(tmpdir(), 'retry-hygiene-cjs-repo-')), 'repo');
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  write('package.json', '{ "name": "shop", "type": "commonjs" }\n');
  write('services/api/lib/client.js', SLOPPY);
  execFileSync('git', ['init', '-q', repo]);
});

describe('check on a CommonJS repository with a sloppy-mode file, from the root and from a subdirectory', () => {
  for (const format of ['sarif', 'github', 'markdown'] as const) {
    it(`${format}: exit 1, the two findings, and the same output from both places`, async () => {
      const fromRoot = await check(['--format', format, 'services/api'], repo);
      const fromSub = await check(['--format', format, '.'], sub());
      expect([fromRoot.code, fromSub.code, fromRoot.stderr, fromSub.stderr]).toEqual([1, 1, '', '']);
      expect(fromSub.stdout).toBe(fromRoot.stdout);
      expect(fromRoot.stdout).toContain('services/api/lib/client.js');
      // SARIF names the root once, as %SRCROOT%'s file URI; every location is relative to it.
      const body = format === 'sarif' ? JSON.stringify({ ...(JSON.parse(fromRoot.stdout) as object), runs: (JSON.parse(fromRoot.stdout) as { runs: object[] }).runs.map((r) => ({ ...r, originalUriBaseIds: undefined })) }) : fromRoot.stdout;
      expect(body).not.toContain(repo);
      expect(fromRoot.stdout).not.toMatch(/[Pp]arsing error/);
    });
  }

  it('github: the exact annotations', async () => {
    const { stdout } = await check(['--format', 'github', 'lib'], sub());
    expect(stdout.split('\n').map((line) => line.split('::')[1] ?? line)).toEqual([
      'error file=services/api/lib/client.js,line=6,endLine=6,col=3,endColumn=15,title=retry-hygiene/no-fixed-sleep-retry',
      'error file=services/api/lib/client.js,line=6,endLine=6,col=3,endColumn=15,title=retry-hygiene/no-unbounded-retry',
      'retry-hygiene: 2 problems (2 errors, 0 warnings) in 1 file',
      '',
    ]);
  });

  it('stylish and json: the same findings from both places, no parse error', async () => {
    for (const cwd of [repo, sub()]) {
      const json = await check(['--format', 'json', cwd === repo ? 'services' : '.'], cwd);
      expect(json.code).toBe(1);
      const results = JSON.parse(json.stdout) as { filePath: string; messages: { ruleId: string | null; line: number; column: number }[] }[];
      expect(results.map((r) => [r.filePath, r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`)])).toEqual([
        [join(repo, 'services/api/lib/client.js'), ['6:3 retry-hygiene/no-fixed-sleep-retry', '6:3 retry-hygiene/no-unbounded-retry']],
      ]);
      const stylish = await check([cwd === repo ? 'services' : '.'], cwd);
      expect(stylish.code).toBe(1);
      expect(stylish.stdout).toContain('6:3');
      expect(stylish.stdout).toContain('2 problems (2 errors, 0 warnings) in 1 of 1 file');
    }
  });
});
