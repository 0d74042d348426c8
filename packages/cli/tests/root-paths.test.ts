import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck as check } from './run-check.js';

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

let repo: string;
let outside: string;
function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

beforeAll(() => {
  const tmp = mkdtempSync(join(tmpdir(), 'retry-hygiene-root-'));
  repo = join(tmp, 'repo');
  outside = join(tmp, 'outside');
  write(join(repo, 'packages', 'api', 'src', 'fixed.js'), FIXED);
  write(join(outside, 'other.js'), FIXED);
  execFileSync('git', ['init', '-q', repo]);
});

interface SarifLog {
  runs: {
    originalUriBaseIds: Record<string, { uri: string }>;
    results: { partialFingerprints: Record<string, string>; locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }[];
  }[];
}

describe('retry-hygiene check: SARIF, GitHub and markdown paths are relative to the repository root', () => {
  it('sarif: the same log from the root and from a subdirectory, with %SRCROOT% the repository root', async () => {
    const fromRoot = await check(['--format', 'sarif', 'packages/api'], repo);
    const fromSub = await check(['--format', 'sarif', '.'], join(repo, 'packages', 'api'));
    expect([fromRoot.code, fromSub.code]).toEqual([1, 1]);
    expect(fromSub.stdout).toBe(fromRoot.stdout);
    const run = (JSON.parse(fromSub.stdout) as SarifLog).runs[0]!;
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: `${pathToFileURL(repo).href}/` } });
    expect(run.results.map((r) => r.locations[0]!.physicalLocation.artifactLocation)).toEqual([
      { uri: 'packages/api/src/fixed.js', uriBaseId: '%SRCROOT%' },
      { uri: 'packages/api/src/fixed.js', uriBaseId: '%SRCROOT%' },
    ]);
  });

  it('sarif: a file outside the repository keeps an absolute file URI', async () => {
    const { stdout } = await check(['--format', 'sarif', '--no-herd', outside], join(repo, 'packages'));
    const run = (JSON.parse(stdout) as SarifLog).runs[0]!;
    expect(run.results[0]!.locations[0]!.physicalLocation.artifactLocation).toEqual({ uri: pathToFileURL(join(outside, 'other.js')).href });
  });

  it('github: annotations name the file from the repository root, from wherever check runs', async () => {
    const fromRoot = await check(['--format', 'github', '--no-herd', 'packages/api/src/fixed.js'], repo);
    const fromSub = await check(['--format', 'github', '--no-herd', 'fixed.js'], join(repo, 'packages', 'api', 'src'));
    expect(fromSub.stdout).toBe(fromRoot.stdout);
    expect(fromSub.stdout.split('\n').map((line) => line.split('::')[1] ?? line)).toEqual([
      'error file=packages/api/src/fixed.js,line=3,endLine=3,col=3,endColumn=15,title=retry-hygiene/no-fixed-sleep-retry',
      'error file=packages/api/src/fixed.js,line=3,endLine=3,col=3,endColumn=15,title=retry-hygiene/no-unbounded-retry',
      'retry-hygiene: 2 problems (2 errors, 0 warnings) in 1 file',
      '',
    ]);
  });

  it('markdown: the same table from the root and from a subdirectory', async () => {
    const fromRoot = await check(['--format', 'markdown', '--no-herd', 'packages/api'], repo);
    const fromSub = await check(['--format', 'markdown', '--no-herd', 'src'], join(repo, 'packages', 'api'));
    expect(fromSub.stdout).toBe(fromRoot.stdout);
    expect(fromSub.stdout).toContain('| `packages/api/src/fixed.js:3` |');
  });
});
