import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useColor } from '../src/color.js';
import { main } from '../src/main.js';

async function cli(argv: string[], cwd: string, isTTY: boolean, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd, isTTY, env });
  return { code, stdout, stderr };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-color-'));
  writeFileSync(join(dir, 'a.js'), 'export const a = 1;\n');
});

const COLOURED = '\u001b[32m✔\u001b[0m no retry problems in 1 file\n';
const PLAIN = '✔ no retry problems in 1 file\n';

describe('check: colour from --color/--no-color, FORCE_COLOR, NO_COLOR, the terminal', () => {
  it.each([
    ['a terminal', [], true, {}, COLOURED],
    ['not a terminal', [], false, {}, PLAIN],
    ['NO_COLOR=1 on a terminal', [], true, { NO_COLOR: '1' }, PLAIN],
    ['NO_COLOR empty on a terminal (unset, per no-color.org)', [], true, { NO_COLOR: '' }, COLOURED],
    ['FORCE_COLOR=1 off a terminal', [], false, { FORCE_COLOR: '1' }, COLOURED],
    ['FORCE_COLOR=1 over NO_COLOR=1', [], false, { FORCE_COLOR: '1', NO_COLOR: '1' }, COLOURED],
    ['FORCE_COLOR=0 on a terminal', [], true, { FORCE_COLOR: '0' }, PLAIN],
    ['--no-color on a terminal with FORCE_COLOR=1', ['--no-color'], true, { FORCE_COLOR: '1' }, PLAIN],
    ['--color off a terminal with NO_COLOR=1', ['--color'], false, { NO_COLOR: '1' }, COLOURED],
    ['--color then --no-color', ['--color', '--no-color'], true, {}, PLAIN],
    ['--no-color then --color', ['--no-color', '--color'], false, {}, COLOURED],
  ] as const)('%s', async (_, flags, isTTY, env, expected) => {
    expect(await cli(['check', 'a.js', '--no-herd', ...flags], dir, isTTY, env)).toEqual({ code: 0, stdout: expected, stderr: '' });
  });

  it('never colours a report written to a file, even with --color', async () => {
    await cli(['check', 'a.js', '--color', '-o', 'out.txt'], dir, true, { FORCE_COLOR: '1' });
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe(PLAIN);
  });
});

describe('simulate shares the rule', () => {
  const ESC = '\u001b[';
  it('FORCE_COLOR colours its text off a terminal; NO_COLOR given in its environment turns it off on one', async () => {
    expect((await cli(['simulate', '--strategy', 'full', '--clients', '50'], dir, false, { FORCE_COLOR: '1' })).stdout).toContain(ESC);
    expect((await cli(['simulate', '--strategy', 'full', '--clients', '50'], dir, true, { NO_COLOR: '1' })).stdout).not.toContain(ESC);
    expect((await cli(['simulate', '--strategy', 'full', '--clients', '50'], dir, true, {})).stdout).toContain(ESC);
  });
});

describe('useColor', () => {
  it('FORCE_COLOR=false is off; a file is never coloured', () => {
    expect(useColor({ isTTY: true, env: { FORCE_COLOR: 'false' } })).toBe(false);
    expect(useColor({ isTTY: false, env: { FORCE_COLOR: '3' } })).toBe(true);
    expect(useColor({ flag: true, isTTY: true, env: {}, toFile: true })).toBe(false);
  });
});
