/**
 * One lint per document version, whatever asks (diagnostics, hovers, code actions, the
 * herd-at request), and one simulation per policy and scenario; nothing of the workspace is
 * loaded (counted through the server's retryHygiene/stats request, over stdio).
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { HERD_AT_REQUEST, STATS_REQUEST, type ServerStats } from '../src/server.js';
import { TestClient } from './client.js';
import { FIXED_SLEEP_LOOP, JITTERED_LOOP } from './samples.js';

const URI = 'file:///work/project/src/orders.ts';
/** `for (;;)` of FIXED_SLEEP_LOOP, line 4 (0-based 3). */
const LOOP_HEAD = { start: { line: 3, character: 2 }, end: { line: 3, character: 10 } };

const clients: TestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

async function start(pull: boolean): Promise<TestClient> {
  const client = await TestClient.start({ pull, initializationOptions: { debounceMs: 0 } });
  clients.push(client);
  return client;
}

const stats = (client: TestClient) => client.connection.sendRequest(STATS_REQUEST, {}) as Promise<ServerStats>;

describe('one analysis per document version', () => {
  it('push: the published lint serves every hover, code action and herd-at request of that version', async () => {
    const client = await start(false);
    await client.open(URI, FIXED_SLEEP_LOOP);
    // Asked while that version's lint is still under way: it waits for that lint, not a second one.
    const early = client.hover(URI, 3, 4);
    const { diagnostics } = await client.diagnosticsFor(URI, 1);
    expect(await early).not.toBeNull();
    expect((await stats(client)).lints).toBe(1);
    for (let i = 0; i < 3; i++) {
      expect(await client.hover(URI, 3, 4)).not.toBeNull();
      expect(await client.codeActions(URI, LOOP_HEAD, diagnostics)).not.toEqual([]);
      expect(await client.connection.sendRequest(HERD_AT_REQUEST, { textDocument: { uri: URI }, position: { line: 3, character: 4 } })).not.toBeNull();
    }
    // This retry's policy (beside full jitter): simulated once, then read from the cache.
    expect(await stats(client)).toMatchObject({ lints: 1, analyses: 1, simulations: 1 });

    // A new version is linted once more; a new scenario simulates again, the lint stays.
    await client.change(URI, 2, [{ range: { start: { line: 8, character: 18 }, end: { line: 8, character: 22 } }, text: '2000' }]);
    await client.diagnosticsFor(URI, 2);
    await client.hover(URI, 3, 4);
    await client.codeActions(URI, LOOP_HEAD, []);
    expect(await stats(client)).toMatchObject({ lints: 2, analyses: 1, simulations: 2 });
  });

  it('pull: a diagnostic request and the hovers after it share one lint; a repeated pull is unchanged', async () => {
    const client = await start(true);
    await client.open(URI, JITTERED_LOOP);
    const first = await client.pull(URI);
    expect(first.kind).toBe('full');
    expect(await client.hover(URI, 4, 4)).not.toBeNull();
    await client.codeActions(URI, LOOP_HEAD, []);
    const again = await client.pull(URI, (first as { resultId: string }).resultId);
    expect(again.kind).toBe('unchanged');
    expect((await stats(client)).lints).toBe(1);
  });
});

describe('an untrusted workspace', () => {
  it("loads none of the folder's ESLint config (the embedded config lints, nothing of the workspace runs)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'retry-hygiene-untrusted-'));
    const marker = join(dir, 'config-was-loaded');
    // Were this config loaded, it would leave a file and turn every retry rule off.
    const config = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'yes');\nexport default [{ rules: { 'retry-hygiene/no-fixed-sleep-retry': 'off', 'retry-hygiene/no-unbounded-retry': 'off' } }];\n`;
    for (const name of ['eslint.config.js', 'eslint.config.mjs', 'eslint.config.ts']) writeFileSync(join(dir, name), config);
    writeFileSync(join(dir, 'orders.ts'), FIXED_SLEEP_LOOP);
    const uri = pathToFileURL(join(dir, 'orders.ts')).href;
    const client = await start(false);
    await client.open(uri, FIXED_SLEEP_LOOP);
    const { diagnostics } = await client.diagnosticsFor(uri, 1);
    expect(diagnostics.map((d) => d.code)).toEqual(['no-fixed-sleep-retry', 'no-unbounded-retry']);
    expect(existsSync(marker)).toBe(false);
  });
});
