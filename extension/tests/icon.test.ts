import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const extensionDir = join(dirname(fileURLToPath(import.meta.url)), '..');

it('the committed icon is what scripts/make-icon.mjs draws (no asset made by hand)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rh-icon-'));
  try {
    const out = join(dir, 'icon.png');
    const run = spawnSync(process.execPath, [join(extensionDir, 'scripts', 'make-icon.mjs'), '--out', out], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(out).equals(readFileSync(join(extensionDir, 'media', 'icon.png')))).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
