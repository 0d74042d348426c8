import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck as check } from './run-check.js';

const LOOP = "while (true) { try { await fetch('/x'); break; } catch { await sleep(1000); } }";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-stylish-'));
  // The loop at line 448, column 100 001: a position ten characters wide.
  writeFileSync(join(dir, 'wide.js'), `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));\n${'\n'.repeat(446)}${' '.repeat(100_000)}${LOOP}\n`);
  writeFileSync(join(dir, 'unused.js'), '// eslint-disable-next-line retry-hygiene/require-jitter\nexport const x = 1;\n');
});

describe('retry-hygiene check (stylish) layout', () => {
  it('a wide line:column is followed by two spaces before the severity, and the herd lines align under it', async () => {
    const { code, stdout } = await check(['wide.js'], dir);
    expect(code).toBe(1);
    const lines = stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'wide.js',
      expect.stringMatching(/^ {2}448:100001 {2}error {2}This retry loop waits a fixed 1 s .* {2}retry-hygiene\/no-fixed-sleep-retry$/),
      expect.stringMatching(/^ {2}448:100001 {2}error {2}This retry loop never gives up.* {2}retry-hygiene\/no-unbounded-retry$/),
    ]);
    expect(lines[3]).toMatch(/^ {14}herd {4}\S/);
    // Its quick fix only adds jitter: one line for both.
    expect(lines[4]).toMatch(/^ {14}fix {5}\S+ {2}Add full jitter \(same budget\): /);
  });

  it('an unused directive is labelled as such in its line and in the summary by rule', async () => {
    const { code, stdout } = await check(['unused.js', '--report-unused-disable-directives', '--no-herd'], dir);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'unused.js',
        "  1:1     warning  Unused eslint-disable directive (no problems were reported from 'retry-hygiene/require-jitter').  unused directive",
        '',
        '✖ 1 problem (0 errors, 1 warning) in 1 of 1 file',
        '  1 unused directive',
        '',
      ].join('\n'),
    );
  });
});
