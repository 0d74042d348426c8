/**
 * A second real client: Neovim headless (0.7 from Debian: no pull diagnostics, so this is
 * the push path), recipe in ../shared/recipes/neovim-lsp-client.md. Skipped, visibly, where
 * `nvim` is not installed (.ci/run installs it when it can).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_BIN } from './client.js';
import { FIXED_SLEEP_LOOP } from './samples.js';

const here = dirname(fileURLToPath(import.meta.url));
/** RH_NVIM names another binary (e.g. a missing one, to see the skip). */
const NVIM = process.env.RH_NVIM ?? 'nvim';
const nvim = spawnSync(NVIM, ['--version'], { encoding: 'utf8' });
const hasNvim = nvim.status === 0;

describe.skipIf(!hasNvim)(`Neovim as the client (${hasNvim ? nvim.stdout.split('\n')[0] : 'SKIPPED: nvim is not installed'})`, () => {
  it('receives the push diagnostics and a plain hover', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rh-nvim-'));
    const file = join(dir, 'orders.ts');
    writeFileSync(file, FIXED_SLEEP_LOOP);
    const run = spawnSync('timeout', ['40', NVIM, '--headless', '--clean', '-u', 'NONE', '-c', `luafile ${join(here, 'neovim', 'client.lua')}`], {
      encoding: 'utf8',
      env: { ...process.env, RH_SERVER: SERVER_BIN, RH_FILE: file },
      timeout: 45_000,
    });
    const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
    expect(line, `nvim printed no result: ${run.stdout}${run.stderr}`).toBeDefined();
    const result = JSON.parse(line!) as {
      ok: boolean;
      error?: string;
      pull: boolean;
      diagnostics: { lnum: number; col: number; end_lnum: number; end_col: number; severity: number; source: string; message: string; code: string }[];
      hover: string;
    };
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
    expect(result.pull).toBe(false);
    expect(result.diagnostics.map((d) => [d.code, d.lnum, d.col, d.end_lnum, d.end_col, d.severity, d.source])).toEqual([
      ['no-fixed-sleep-retry', 3, 2, 3, 10, 1, 'retry-hygiene'],
      ['no-unbounded-retry', 3, 2, 3, 10, 1, 'retry-hygiene'],
    ]);
    expect(result.diagnostics[0]!.message).toMatch(/^This retry loop waits a fixed 1 s between attempts \(no limit on attempts\), so clients that failed together retry in lockstep\./);
    expect(result.hover.split('\n')[0]).toBe('**Retry loop**: waits a fixed 1 s between attempts, no jitter, no limit on attempts.');
    // No image for a client that did not ask for one (it would show as a raw base64 line).
    expect(result.hover).not.toContain('data:image');
  }, 60_000);
});
