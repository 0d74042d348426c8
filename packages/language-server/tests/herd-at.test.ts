/** retryHygiene/herdAt: the site at a position, for the VS Code extension's "show the herd at the cursor" command. */
import { afterEach, describe, expect, it } from 'vitest';
import { HERD_AT_REQUEST, type HerdSite } from '../src/server.js';
import { TestClient } from './client.js';
import { FIXED_SLEEP_LOOP, JITTERED_LOOP } from './samples.js';

const URI = 'file:///work/project/src/orders.ts';
let client: TestClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

const herdAt = (uri: string, line: number, character: number) =>
  client!.connection.sendRequest<HerdSite | null>(HERD_AT_REQUEST, { textDocument: { uri }, position: { line, character } });

describe(HERD_AT_REQUEST, () => {
  it('answers the site under the position: its start, policy, quick fix, words, rules and the scenario in force', async () => {
    client = await TestClient.start({ pull: true, configuration: () => ({ scenario: { clients: 5000 } }) });
    await client.open(URI, FIXED_SLEEP_LOOP);
    await client.until(() => (client!.configurationRequests > 0 ? true : undefined));
    // Inside the loop body (the sleep call on line 10), not only on its head.
    const site = await herdAt(URI, 9, 8);
    expect(site).toEqual({
      uri: URI,
      line: 3,
      character: 2,
      policy: { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' },
      // No outage set: a retry with no limit gets the longest automatic one.
      scenario: { clients: 5000, capacity: 200, outageMs: 10_000 },
      // The quick fix the comparison shows, as check picks it.
      fix: { title: 'Rewrite with retry() (stops after 5 attempts)', policy: { maxAttempts: 5, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' } },
      // The function the loop is in: what the chart's title names.
      name: 'getOrder',
      kind: 'Retry loop',
      description: 'waits a fixed 1 s between attempts, no jitter, no limit on attempts',
      rules: ['retry-hygiene/no-fixed-sleep-retry', 'retry-hygiene/no-unbounded-retry'],
    });
  });

  it('answers good sites too (no rules), and null off any site, for unknown documents and bad params', async () => {
    client = await TestClient.start({ pull: true });
    await client.open(URI, JITTERED_LOOP, 'javascript');
    const good = await herdAt(URI, 4, 4);
    expect(good?.rules).toEqual([]);
    expect(good?.policy.jitter).toBe('full');
    expect(await herdAt(URI, 0, 0)).toBeNull();
    expect(await herdAt('file:///nowhere.ts', 4, 4)).toBeNull();
    expect(await client.connection.sendRequest(HERD_AT_REQUEST, { textDocument: { uri: URI } })).toBeNull();
    expect(await client.connection.sendRequest(HERD_AT_REQUEST, null)).toBeNull();
  });
});
