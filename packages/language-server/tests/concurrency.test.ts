/**
 * One document never blocks the others: lints run off the protocol's message loop, a huge
 * document in a lane of its own. Asserted by order of events, never by time: while the
 * server says (retryHygiene/stats) that it is linting the huge file, a small file's
 * diagnostics, hover and code actions come back, and the huge file's diagnostics have not.
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DiagnosticSeverity } from 'vscode-languageserver-protocol/node';
import { DEFAULT_SETTINGS } from '../src/settings.js';
import { LARGE_DOCUMENT, LintScheduler } from '../src/scheduler.js';
import { LintEngine, type Analysis } from '../src/engine.js';
import { STATS_REQUEST, type ServerStats } from '../src/server.js';
import { TestClient } from './client.js';
import { FIXED_SLEEP_LOOP, JITTERED_LOOP } from './samples.js';

const HUGE = 'file:///work/project/src/generated.ts';
const SMALL = 'file:///work/project/src/orders.ts';

/** A fixed-sleep, unbounded retry loop per block: two findings each. */
function hugeText(blocks: number): string {
  const parts: string[] = [];
  for (let i = 0; i < blocks; i++) {
    parts.push(`
export async function fetch${i}(id: string): Promise<Response> {
  for (;;) {
    try {
      return await fetch(\`https://svc/${i}/\${id}\`);
    } catch (err) {
      await new Promise((r) => setTimeout(r, ${1000 + i}));
    }
  }
}
`);
  }
  return parts.join('');
}

const clients: TestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

function stats(client: TestClient): Promise<ServerStats> {
  return client.connection.sendRequest(STATS_REQUEST, {}) as Promise<ServerStats>;
}

/** Polls the server until it reports linting `uri` (each answer is itself proof the message loop is free). */
async function untilLinting(client: TestClient, uri: string): Promise<ServerStats> {
  for (let i = 0; i < 2000; i++) {
    const s = await stats(client);
    if (s.linting.includes(uri)) return s;
    if (client.published.some((p) => p.uri === uri)) throw new Error(`${uri} was linted before it was seen in progress`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`the server never reported linting ${uri}`);
}

describe('one document never blocks the others', () => {
  it('answers a small file (diagnostics, hover, code actions) while a huge one is being linted', async () => {
    const client = await TestClient.start({ initializationOptions: { debounceMs: 0 } });
    clients.push(client);
    const huge = hugeText(2000);
    expect(huge.length).toBeGreaterThan(LARGE_DOCUMENT);

    await client.open(HUGE, huge);
    await untilLinting(client, HUGE);
    await client.open(SMALL, FIXED_SLEEP_LOOP);
    const small = await client.diagnosticsFor(SMALL, 1);
    const hover = await client.hover(SMALL, 3, 4);
    const actions = await client.codeActions(SMALL, small.diagnostics[0]!.range, [small.diagnostics[0]!]);
    const during = await stats(client);

    // All of that came back while the huge file was still in its lint, and before its diagnostics.
    expect(during.linting).toEqual([HUGE]);
    expect(during.workers).toBe(2);
    expect(client.published.filter((p) => p.uri === HUGE)).toEqual([]);
    expect(small.diagnostics.map((d) => d.code)).toEqual(['no-fixed-sleep-retry', 'no-unbounded-retry']);
    expect((hover?.contents as { value: string }).value).toContain('waits a fixed 1 s between attempts');
    expect(actions.map((a) => a.title)).toContain('Disable retry-hygiene/no-fixed-sleep-retry for this line');

    // And the huge file's own diagnostics arrive in full afterwards.
    const done = await client.until(() => client.published.find((p) => p.uri === HUGE), 60_000, 'the huge file');
    expect(done.version).toBe(1);
    expect(done.diagnostics).toHaveLength(4000);
    expect(done.diagnostics.every((d) => d.severity === DiagnosticSeverity.Error)).toBe(true);
    expect((await stats(client)).linting).toEqual([]);
  }, 120_000);

  it('publishes nothing for a version that changed while it was being linted: only the newest', async () => {
    const client = await TestClient.start({ initializationOptions: { debounceMs: 0 } });
    clients.push(client);
    const huge = hugeText(2000);
    await client.open(HUGE, huge);
    await untilLinting(client, HUGE);
    // The first loop's delay (1000 ms) becomes 1 ms.
    const at = huge.indexOf('1000));');
    const before = huge.slice(0, at);
    const line = before.split('\n').length - 1;
    const character = at - before.lastIndexOf('\n') - 1;
    await client.change(HUGE, 2, [{ range: { start: { line, character }, end: { line, character: character + 4 } }, text: '1' }]);

    const published = await client.until(() => client.published.find((p) => p.uri === HUGE), 90_000, 'the huge file');
    expect(published.version).toBe(2);
    expect(published.diagnostics).toHaveLength(4000);
    expect(published.diagnostics.find((d) => d.code === 'no-fixed-sleep-retry')!.message).toContain('waits a fixed 1 ms');
    // Version 1's lint ran to its end (a lint cannot be interrupted) but was never published.
    expect(client.published.filter((p) => p.uri === HUGE).map((p) => p.version)).toEqual([2]);
  }, 120_000);
});

describe('a lint worker that dies', () => {
  it('costs that document its diagnostics (logged), not the server: the next lint gets a fresh worker', async () => {
    const workerScript = fileURLToPath(new URL('./crash-worker.mjs', import.meta.url));
    const client = await TestClient.start({ inProcess: { workerScript }, initializationOptions: { debounceMs: 0 } });
    clients.push(client);
    await client.open(HUGE, `// CRASH_THE_LINT_WORKER\n${FIXED_SLEEP_LOOP}`);
    expect((await client.diagnosticsFor(HUGE, 1)).diagnostics).toEqual([]);
    expect(client.logs.filter((l) => l.startsWith('retry-hygiene: linting')).map((l) => l.split('\n')[0])).toEqual([
      `retry-hygiene: linting ${HUGE}: Error: the small lint worker exited with code 3 while linting ${HUGE}`,
    ]);
    await client.open(SMALL, FIXED_SLEEP_LOOP);
    expect((await client.diagnosticsFor(SMALL, 1)).diagnostics.map((d) => d.code)).toEqual(['no-fixed-sleep-retry', 'no-unbounded-retry']);
    expect(await stats(client)).toMatchObject({ workers: 1, errors: 1 });
  });

  it('lints on the main thread when no worker starts at all (its script missing), and says so once', async () => {
    const workerScript = fileURLToPath(new URL('./no-such-worker.mjs', import.meta.url));
    const client = await TestClient.start({ inProcess: { workerScript }, initializationOptions: { debounceMs: 0 } });
    clients.push(client);
    await client.open(SMALL, FIXED_SLEEP_LOOP);
    expect((await client.diagnosticsFor(SMALL, 1)).diagnostics.map((d) => d.code)).toEqual(['no-fixed-sleep-retry', 'no-unbounded-retry']);
    await client.open(HUGE, hugeText(1));
    expect((await client.diagnosticsFor(HUGE, 1)).diagnostics).toHaveLength(2);
    expect(client.logs.filter((l) => l.includes('did not start'))).toEqual([expect.stringMatching(/^retry-hygiene: the small lint worker did not start \(failed \(Cannot find module .*no-such-worker\.mjs/)]);
    expect(await stats(client)).toMatchObject({ workers: 0, errors: 0 });
  });
});

describe('LintScheduler', () => {
  it("lets the large lane's worker go once it has no more work, and starts another for the next huge file", async () => {
    const workerScript = fileURLToPath(new URL('../dist/worker-main.js', import.meta.url));
    const scheduler = new LintScheduler({ workerScript, inline: engine, log: () => {}, largeIdleMs: 0 });
    try {
      scheduler.warm();
      const large = FIXED_SLEEP_LOOP + ' '.repeat(LARGE_DOCUMENT);
      expect((await scheduler.lint(request('file:///large.ts', large)))!.messages).toHaveLength(2);
      for (let i = 0; scheduler.workers() > 1 && i < 500; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(scheduler.workers()).toBe(1); // the small lane's stays
      expect((await scheduler.lint(request('file:///large.ts', large, 2)))!.version).toBe(2);
      expect(scheduler.completed).toBe(2);
    } finally {
      scheduler.dispose();
    }
  });

  const engine = new LintEngine();
  engine.configure(DEFAULT_SETTINGS);
  const request = (uri: string, text: string, version = 1) => ({ uri, version, text, filename: 'a.ts' });

  it('lints the smallest waiting document first, and a newer version once in place of an older one', async () => {
    const scheduler = new LintScheduler({ inline: engine, log: () => {} });
    const order: string[] = [];
    const track = (p: Promise<Analysis | undefined>) => p.then((a) => (order.push(`${a!.uri}@${a!.version}`), a));
    const first = track(scheduler.lint(request('file:///first.ts', FIXED_SLEEP_LOOP)));
    const big = track(scheduler.lint(request('file:///big.ts', FIXED_SLEEP_LOOP + '\n'.repeat(5000))));
    const oldSmall = track(scheduler.lint(request('file:///small.ts', JITTERED_LOOP, 1)));
    const newSmall = track(scheduler.lint(request('file:///small.ts', FIXED_SLEEP_LOOP.slice(0, -1), 2)));
    await Promise.all([first, big, oldSmall, newSmall]);
    // first.ts started at once (the lane was idle); then the smallest waiting; v1 of small.ts was never linted.
    expect(order).toEqual(['file:///first.ts@1', 'file:///small.ts@2', 'file:///small.ts@2', 'file:///big.ts@1']);
    expect((await oldSmall)!.version).toBe(2);
  });

  it('cancels a waiting lint (its callers get undefined) and puts large documents in their own lane', async () => {
    const scheduler = new LintScheduler({ inline: engine, log: () => {} });
    const busy = scheduler.lint(request('file:///busy.ts', FIXED_SLEEP_LOOP));
    const cancelled = scheduler.lint(request('file:///gone.ts', FIXED_SLEEP_LOOP));
    const large = scheduler.lint(request('file:///large.ts', FIXED_SLEEP_LOOP + ' '.repeat(LARGE_DOCUMENT)));
    // busy.ts (small lane) and large.ts (large lane) run side by side; gone.ts waits behind busy.ts.
    expect(scheduler.running()).toEqual(['file:///busy.ts', 'file:///large.ts']);
    scheduler.cancel('file:///gone.ts');
    expect(await cancelled).toBeUndefined();
    expect((await busy)!.status).toBe('ok');
    expect((await large)!.messages).toHaveLength(2);
  });
});
