/**
 * HerdRunner: the hover's simulations in a worker thread, each within a time budget, with a
 * worker that never answers standing in for a simulation too slow for a hover.
 */
import { fileURLToPath } from 'node:url';
import { simulate } from '@retry-hygiene/herd';
import { afterEach, describe, expect, it } from 'vitest';
import { HerdRunner } from '../src/herd-runner.js';
import { DEFAULT_SETTINGS } from '../src/settings.js';
import type { RetryPolicy } from '@retry-hygiene/analysis';

const HANGING = fileURLToPath(new URL('./hang-herd-worker.mjs', import.meta.url));
const REAL = fileURLToPath(new URL('../dist/herd-worker-main.js', import.meta.url));
const FIXED: RetryPolicy = { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' };
const OTHER: RetryPolicy = { maxAttempts: 4, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' };
const THROWS: RetryPolicy = { maxAttempts: 13, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' };
const scenario = { ...DEFAULT_SETTINGS.scenario, outageMs: 10_000 };
const JITTERED: RetryPolicy = { ...FIXED, jitter: 'full' };

const runners: HerdRunner[] = [];
function runner(workerScript: string, budgetMs: number, logs: string[] = []): HerdRunner {
  const r = new HerdRunner({ workerScript, budgetMs, log: (m) => void logs.push(m) });
  runners.push(r);
  return r;
}
afterEach(() => {
  for (const r of runners.splice(0)) r.dispose();
});

describe('HerdRunner', () => {
  it('simulates in its worker what the hover compares: each policy asked for, in order, as simulate() gives them', async () => {
    const herd = runner(REAL, 10_000);
    const outcome = await herd.results([FIXED, JITTERED, OTHER], scenario);
    expect(outcome).toEqual({ kind: 'simulated', results: [simulate(FIXED, scenario), simulate(JITTERED, scenario), simulate(OTHER, scenario)] });
    expect(herd.workers()).toBe(1);
    // Asked again: the remembered outcome, the same object.
    expect(await herd.results([FIXED, JITTERED, OTHER], { ...scenario })).toBe(outcome);
    expect(herd.size).toBe(1);
  });

  it('skips past the budget, stops the worker, remembers the skip, and skips (unremembered) what waited out its budget behind it', async () => {
    const logs: string[] = [];
    const herd = runner(HANGING, 200, logs);
    const [first, queued] = await Promise.all([herd.results([FIXED], scenario), herd.results([OTHER], scenario)]);
    expect(first).toEqual({ kind: 'skipped', reason: 'the simulation took longer than 200 ms' });
    expect(queued).toEqual({ kind: 'skipped', reason: 'the simulation took longer than 200 ms' });
    expect(herd.workers()).toBe(0);
    expect(logs).toEqual(['retry-hygiene: a herd simulation took longer than 200 ms; its worker is stopped']);
    // The same question again is answered at once, without a worker; the one that only
    // waited is not remembered (its own simulation never ran).
    expect(await herd.results([FIXED], scenario)).toBe(first);
    expect(herd.workers()).toBe(0);
    expect(herd.size).toBe(1);
  });

  it('skips a simulation whose worker dies, and starts a fresh worker for the next', async () => {
    const herd = runner(HANGING, 60_000);
    const died = await herd.results([THROWS], scenario);
    expect(died.kind).toBe('skipped');
    expect(died.kind === 'skipped' && died.reason).toMatch(/^the simulation's worker failed \(boom\)$/);
    expect(herd.workers()).toBe(0);
    // The next one gets a worker of its own again (which hangs: the runner is disposed with it running).
    const pending = herd.results([FIXED], scenario);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(herd.workers()).toBe(1);
    herd.dispose();
    expect(await pending).toEqual({ kind: 'skipped', reason: 'the server is shutting down' });
    expect(herd.workers()).toBe(0);
  });

  it('simulates on this thread when its worker cannot start', async () => {
    const logs: string[] = [];
    const herd = runner(fileURLToPath(new URL('./no-such-herd-worker.mjs', import.meta.url)), 1000, logs);
    expect(await herd.results([FIXED, JITTERED], scenario)).toEqual({ kind: 'simulated', results: [simulate(FIXED, scenario), simulate(JITTERED, scenario)] });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^retry-hygiene: no herd worker \(.*no-such-herd-worker\.mjs.*\); simulating on the main thread$/s);
  });
});
