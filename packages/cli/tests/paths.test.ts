import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck as check } from './run-check.js';

const JITTERED = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function load() {
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

let root: string;
function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'retry-hygiene-paths-'));
  write('src/ok.js', JITTERED);
  write('docs/guide.md', '# guide\n');
  write('ignored/gen.js', JITTERED);
});

describe('retry-hygiene check: a path that names nothing is exit 2, as in ESLint', () => {
  it('a missing file next to one that exists: exit 2 naming it, nothing linted', async () => {
    expect(await check(['src/ok.js', 'src/typo.js'], root)).toEqual({ code: 2, stdout: '', stderr: 'retry-hygiene check: no such file or folder: src/typo.js\n' });
  });

  it('a glob that matches nothing, and a missing folder with it: both named in one line', async () => {
    expect(await check(['src', 'lib/**/*.ts', 'gone'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'retry-hygiene check: no such file or folder: gone; no files match lib/**/*.ts\n',
    });
  });

  it('a folder with nothing to lint (only Markdown, or only files --ignore-pattern skips) next to one that has files: exit 2 naming it', async () => {
    expect(await check(['src', 'docs', 'ignored', '--ignore-pattern', 'ignored/'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'retry-hygiene check: no JavaScript or TypeScript files found in docs, ignored\n',
    });
  });

  it('a glob that only matches files another path already found still matches', async () => {
    expect(await check(['src', 'src/*.js'], root)).toEqual({ code: 0, stdout: '✔ no retry problems in 1 file\n', stderr: '' });
  });
});
