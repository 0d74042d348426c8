import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { minifiedText } from '../src/check/minified.js';
import { runCheck as check } from './run-check.js';

const LOOP = "async function load(){while(true){try{return await fetch('/x')}catch{await new Promise((r)=>setTimeout(r,1000))}}}";
/** A bundle: a license comment, then everything on one line of 20 000 characters, with a retry in it. */
const BUNDLE = `/*! app v1 | MIT */\n${'var a=1;'.repeat(2_500)}${LOOP}export{load};\n`;
/** Hand-written: one long data string among ordinary lines. */
const WITH_DATA = `export const logo = 'data:image/png;base64,${'A'.repeat(1_500)}';\n${Array.from({ length: 20 }, (_, i) => `export const n${i} = ${i};\n`).join('')}`;

let dir: string;
function write(path: string, text: string): void {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-minified-'));
  write('app/src/data.js', WITH_DATA);
  write('app/public/bundle.js', BUNDLE);
  for (let i = 1; i <= 7; i++) write(`many/chunk-${i}.js`, BUNDLE);
});

const files = (stdout: string) => (JSON.parse(stdout) as { filePath: string; messages: unknown[] }[]).map((r) => [r.filePath.slice(dir.length + 1), r.messages.length]);

describe('check skips minified files in folders and globs, and says so', () => {
  it('a folder: the bundle skipped and named on standard error, the rest linted (a long data string among short lines is not minified)', async () => {
    const run = await check(['app', '-f', 'json', '--no-herd'], dir);
    expect([run.code, files(run.stdout), run.stderr]).toEqual([0, [['app/src/data.js', 0]], 'retry-hygiene check: skipped 1 minified file: app/public/bundle.js (--include-minified to lint it)\n']);
  });

  it('a glob, too; with --include-minified the bundle is linted', async () => {
    expect((await check(['app/**/*.js', '-f', 'json', '--no-herd'], dir)).stderr).toBe('retry-hygiene check: skipped 1 minified file: app/public/bundle.js (--include-minified to lint it)\n');
    const run = await check(['app', '-f', 'json', '--no-herd', '--include-minified'], dir);
    expect([run.code, files(run.stdout), run.stderr]).toEqual([1, [['app/public/bundle.js', 2], ['app/src/data.js', 0]], '']);
  });

  it('a file named explicitly is linted, minified or not', async () => {
    const run = await check(['app/public/bundle.js', '-f', 'json', '--no-herd'], dir);
    expect([run.code, files(run.stdout), run.stderr]).toEqual([1, [['app/public/bundle.js', 2]], '']);
  });

  it('names five and counts the rest; a folder of nothing but bundles has nothing to lint (exit 2)', async () => {
    expect(await check(['many'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'retry-hygiene check: skipped 7 minified files: many/chunk-1.js, many/chunk-2.js, many/chunk-3.js, many/chunk-4.js, many/chunk-5.js and 2 more (--include-minified to lint them)\n'
        + 'retry-hygiene check: no JavaScript or TypeScript files found in many\n',
    });
  });
});

describe('minifiedText', () => {
  const text = (s: string) => Buffer.from(s);
  it('a line of 1 000 characters and lines over 110 on average', () => {
    expect(minifiedText(text('x'.repeat(1_000)))).toBe(true);
    expect(minifiedText(text('x'.repeat(999)))).toBe(false);
    expect(minifiedText(text(`${'x'.repeat(1_000)}\n${'y\n'.repeat(8)}`))).toBe(true);
    expect(minifiedText(text(`${'x'.repeat(1_000)}\n${'y\n'.repeat(9)}`))).toBe(false);
    expect(minifiedText(text(''))).toBe(false);
  });
});
