import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCheck as check } from './run-check.js';

/** A project's own retry package declared in its eslint.config (settings.retryHygiene.helpers), read by `check --config`. */

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const plugin = pathToFileURL(join(repo, 'packages/eslint-plugin/dist/index.js')).href;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-in-house-'));
  writeFileSync(
    join(dir, 'eslint.config.mjs'),
    `import retryHygiene from ${JSON.stringify(plugin)};
export default [
  ...retryHygiene.configs.recommended,
  { settings: { retryHygiene: { helpers: [{ module: '@acme/retry', export: 'withRetry', retries: 'retries', defaultAttempts: 3, delay: 'delayMs', defaultDelayMs: 500, jitter: 'jitter' }] } } },
];
`,
  );
  writeFileSync(join(dir, 'sync.js'), "import { withRetry } from '@acme/retry';\nexport const sync = () => withRetry(() => fetch('/orders'), { retries: 4 });\n");
  writeFileSync(join(dir, 'broken.config.mjs'), `import retryHygiene from ${JSON.stringify(plugin)};\nexport default [...retryHygiene.configs.recommended, { settings: { retryHygiene: { helpers: [{ module: '@acme/retry', export: 'withRetry', delay: 7 }] } } }];\n`);
});

describe('check --config with a declared helper', () => {
  it("reads the helper's calls as the settings say: 4 retries of the default 500 ms, fixed, with the herd", async () => {
    const { code, stdout } = await check(['sync.js', '--config', 'eslint.config.mjs', '--format', 'json'], dir);
    expect(code).toBe(1);
    const [file] = JSON.parse(stdout) as { messages: { ruleId: string; line: number; column: number; message: string; policy: unknown; outageMs: number }[] }[];
    expect(file!.messages.map((m) => [m.ruleId, m.line, m.column, m.message.split(' between')[0]])).toEqual([
      ['retry-hygiene/no-fixed-sleep-retry', 2, 27, "This call of `withRetry()` from '@acme/retry' waits a fixed 500 ms"],
    ]);
    expect(file!.messages[0]!.policy).toEqual({ maxAttempts: 5, delay: { kind: 'constant', baseMs: 500 }, jitter: 'none' });
    // Half of its four 500 ms waits.
    expect(file!.messages[0]!.outageMs).toBe(1000);
  });

  it('fails each file with the mistake named when the setting is wrong', async () => {
    const { code, stdout } = await check(['sync.js', '--config', 'broken.config.mjs'], dir);
    expect(code).toBe(1);
    expect(stdout).toContain('sync.js  error  could not lint this file: ');
    expect(stdout).toContain('eslint-plugin-retry-hygiene: settings.retryHygiene.helpers[0].delay must be an option name, got 7');
  });
});
