/**
 * A hover's herd simulation runs in a worker thread within a time budget: settings a
 * workspace may set make one simulation take seconds, and neither that hover nor the
 * requests behind it may wait for it.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarkupContent } from 'vscode-languageserver-protocol/node';
import { STATS_REQUEST, type ServerStats } from '../src/server.js';
import { TestClient } from './client.js';
import { FIXED_SLEEP_LOOP } from './samples.js';

const { version } = JSON.parse(readFileSync(new URL('../../eslint-plugin/package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Waits a jittered 10 ms: with 100 000 clients, a capacity of 1 and an hour's outage its
 * simulation takes seconds (5.3 s measured at this commit; full jitter's, the reference line, about 1 s).
 */
const TINY_JITTER_LOOP = `const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function poll(url: string): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url);
    } catch {
      await sleep(Math.random() * 10);
    }
  }
}
`;
const HOSTILE = { clients: 100_000, capacity: 1, outageMs: 3_600_000 };
const SLOW_URI = 'file:///work/project/src/poll.ts';
const FAST_URI = 'file:///work/project/src/orders.ts';
const HEAD = { start: { line: 3, character: 2 }, end: { line: 3, character: 10 } };

const clients: TestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

describe('hover herd budget', () => {
  it('answers a hover whose simulation is too slow with the policy in words and a skipped note, and the requests behind it meanwhile', async () => {
    const client = await TestClient.start({ initializationOptions: { debounceMs: 0, scenario: HOSTILE } });
    clients.push(client);
    expect(client.shown).toEqual([]); // in range: nothing to name
    await client.open(SLOW_URI, TINY_JITTER_LOOP);
    const { diagnostics } = await client.diagnosticsFor(SLOW_URI, 1);
    expect(diagnostics.map((d) => d.code)).toEqual(['no-unbounded-retry']);

    // The hover first, a code action right behind it: the code action does not wait for the simulation.
    const order: string[] = [];
    const hover = client.hover(SLOW_URI, 3, 4).then((h) => (order.push('hover'), h));
    const actions = client.codeActions(SLOW_URI, HEAD, diagnostics).then((a) => (order.push('code actions'), a));
    const [answered, acts] = await Promise.all([hover, actions]);
    expect(order).toEqual(['code actions', 'hover']);
    expect(acts.map((a) => a.title)).toContain('Disable retry-hygiene/no-unbounded-retry for this line');

    const value = (answered!.contents as MarkupContent).value;
    expect(value.split('\n')).toEqual([
      '**Retry loop**: waits a fixed 10 ms between attempts, full jitter, no limit on attempts.',
      '',
      'Herd chart skipped: the simulation took longer than 1.5 s. 100 000 clients fail at once; the server takes 1 requests/s and is down for the first 60 min.',
      '',
      `✖ [retry-hygiene/no-unbounded-retry](https://github.com/retry-hygiene/retry-hygiene/blob/v${version}/packages/eslint-plugin/docs/rules/no-unbounded-retry.md)`,
    ]);
    // The worker that ran it was stopped; the skip is remembered, so the same hover does not wait again.
    const stats = await client.connection.sendRequest<ServerStats>(STATS_REQUEST, {});
    expect(stats.herdWorkers).toBe(0);
    expect(((await client.hover(SLOW_URI, 3, 4))!.contents as MarkupContent).value).toBe(value);
    expect(client.logs).toContain('retry-hygiene: a herd simulation took longer than 1500 ms; its worker is stopped');

    // A quick simulation afterwards (the default scenario) gets its chart, from a fresh worker.
    await client.configurationChanged({ retryHygiene: { scenario: { clients: 1000, capacity: 200, outageMs: 10_000 } } });
    await client.open(FAST_URI, FIXED_SLEEP_LOOP);
    await client.diagnosticsFor(FAST_URI, 1);
    const fast = ((await client.hover(FAST_URI, 3, 4))!.contents as MarkupContent).value;
    expect(fast).toContain('```text');
    expect(fast).toContain('1 000 clients fail at once; the server takes 200 requests/s and is down for the first 10 s.');
    expect(fast).not.toContain('skipped');
    expect((await client.connection.sendRequest<ServerStats>(STATS_REQUEST, {})).herdWorkers).toBe(1);
  });

  it('clamps scenario settings out of range, and names them', async () => {
    const client = await TestClient.start({ initializationOptions: { debounceMs: 0, scenario: { clients: 1e9, capacity: 0, outageMs: -5 } } });
    clients.push(client);
    const shown = await client.until(() => client.shown[0]);
    expect(shown.message.split('; ')).toEqual([
      'retry-hygiene settings: retryHygiene.scenario.clients must be an integer from 1 to 100000, got 1000000000 (clamped to 100000)',
      'retryHygiene.scenario.capacity must be an integer from 1 to 1000000, got 0 (clamped to 1)',
      'retryHygiene.scenario.outageMs must be a number from 0 to 3600000, got -5 (clamped to 0)',
    ]);
    await client.open(FAST_URI, FIXED_SLEEP_LOOP);
    await client.diagnosticsFor(FAST_URI, 1);
    const value = ((await client.hover(FAST_URI, 3, 4))!.contents as MarkupContent).value;
    expect(value).toContain('100 000 clients fail at once; the server takes 1 requests/s and is down for the first 0 ms.');
  });
});
