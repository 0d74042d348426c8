import { describe, expect, it } from 'vitest';
import { simulate, type SimulationResult } from '../src/index.js';

/** Windows (seconds) in which anything was offered, with the counts. */
function busy(result: SimulationResult): Record<number, [offered: number, accepted: number]> {
  const out: Record<number, [number, number]> = {};
  result.series.offered.forEach((offered, w) => {
    if (offered > 0) out[w] = [offered, result.series.accepted[w]!];
  });
  return out;
}

describe('exponential backoff without jitter (default scenario)', () => {
  // Hand computation. Waits are 100·2^n ms, capped at 10 s, so all 1 000 clients send at
  // 0, 100, 300, 700, 1 500, 3 100, 6 300 ms (7 rejected calls each while the server is
  // down), then at 12 700 ms; from there the wait is the 10 s cap: 22 700, 32 700, …
  // At each wave the server takes 200, so the waves are 1 000, 800, 600, 400, 200.
  const result = simulate('exponential');

  it('makes exactly 10 000 calls, 9 000 of them rejected', () => {
    expect(result.totalCalls).toBe(7 * 1000 + 1000 + 800 + 600 + 400 + 200);
    expect(result.totalCalls).toBe(10_000);
    expect(result.wastedCalls).toBe(9_000);
    expect(result.failedClients).toBe(0);
    expect(result.succeededClients).toBe(1000);
  });

  it('sends in synchronised waves at 12.7, 22.7, 32.7, 42.7 and 52.7 s', () => {
    expect(busy(result)).toEqual({
      0: [4000, 0], // 0, 100, 300 and 700 ms
      1: [1000, 0],
      3: [1000, 0],
      6: [1000, 0],
      12: [1000, 200],
      22: [800, 200],
      32: [600, 200],
      42: [400, 200],
      52: [200, 200],
    });
  });

  it('serves 200 clients per wave: p50 32.7 s, p99 and max 52.7 s', () => {
    // Nearest rank: the 500th client is in the third wave, the 990th in the fifth.
    expect(result.p50Ms).toBe(32_700);
    expect(result.p99Ms).toBe(52_700);
    expect(result.maxMs).toBe(52_700);
  });

  it('peaks at 20× capacity while down and meets 5× capacity on recovery', () => {
    expect(result.peakOffered).toBe(4000);
    expect(result.peakOverCapacity).toBe(20);
    expect(result.recoveryPeakOffered).toBe(1000);
    expect(result.recoveryPeakOverCapacity).toBe(5);
    // The last wave is exactly the capacity, so the last window over it is the 42.7 s one.
    expect(result.settledAtMs).toBe(42_000);
  });
});

describe('constant retry', () => {
  it('at 1 ms makes about 12 million calls (every client, every millisecond)', () => {
    // While down: 10 000 instants × 1 000 clients. Then in each second the first instant
    // serves 200 and the other 999 instants are all rejected: (1 000 + 999·800) +
    // (800 + 999·600) + (600 + 999·400) + (400 + 999·200) + 200.
    const result = simulate('constant', { baseMs: 1 });
    const afterOutage = 1000 + 999 * 800 + (800 + 999 * 600) + (600 + 999 * 400) + (400 + 999 * 200) + 200;
    expect(result.totalCalls).toBe(10_000 * 1000 + afterOutage);
    expect(result.totalCalls).toBe(12_001_000);
    expect(result.engine).toBe('cohort');
    expect(busy(result)[10]).toEqual([800_200, 200]);
    expect(busy(result)[14]).toEqual([200, 200]);
    expect(result.p50Ms).toBe(12_000);
    expect(result.p99Ms).toBe(14_000);
    expect(result.settledAtMs).toBe(13_000);
  });

  it('at the default 100 ms makes 121 000 calls', () => {
    // 100 sends while down; then per second 1 first send + 9 more at the remaining size.
    const result = simulate('constant');
    expect(result.totalCalls).toBe(100 * 1000 + (1000 + 9 * 800) + (800 + 9 * 600) + (600 + 9 * 400) + (400 + 9 * 200) + 200);
    expect(busy(result)[10]).toEqual([8200, 200]);
  });

  it('a delay below 1 ms (an immediate retry) is run as 1 ms', () => {
    const immediate = simulate('constant', { baseMs: 0, clients: 10, capacity: 5, outageMs: 3 });
    const oneMs = simulate('constant', { baseMs: 1, clients: 10, capacity: 5, outageMs: 3 });
    expect(immediate).toEqual(oneMs);
    // 3 rejected instants, then 5 served at 3 ms and the other 5 at 1 000 ms.
    expect(oneMs.totalCalls).toBe(30 + 10 + 996 * 5 + 5);
  });
});

describe('linear backoff', () => {
  // Waits 100·(n+1): sends at 100·n(n+1)/2 = 0, 100, 300, …, 9 100 (14 sends while down),
  // then 10 500 (n = 14); the next waits are 1 500, 1 600, 1 700, 1 800 ms.
  const result = simulate('linear');
  it('serves the waves at 10.5, 12.0, 13.6, 15.3 and 17.1 s', () => {
    expect(result.totalCalls).toBe(14 * 1000 + 1000 + 800 + 600 + 400 + 200);
    expect(busy(result)).toMatchObject({ 10: [1000, 200], 12: [800, 200], 13: [600, 200], 15: [400, 200], 17: [200, 200] });
    expect(result.p50Ms).toBe(13_600);
    expect(result.p99Ms).toBe(17_100);
    expect(result.settledAtMs).toBe(15_000);
  });
});

describe('giving up', () => {
  it('counts clients that run out of attempts as failed', () => {
    // 7 calls while down, the 8th at 12.7 s and the 9th at 22.7 s; 200 served each time.
    const result = simulate('exponential', { maxAttempts: 9 });
    expect(result.totalCalls).toBe(7000 + 1000 + 800);
    expect(result.failedClients).toBe(600);
    expect(result.succeededClients).toBe(400);
    expect(result.p50Ms).toBe(12_700);
    expect(result.p99Ms).toBe(22_700);
  });

  it('gives up when the next call would pass the deadline', () => {
    const result = simulate({ maxAttempts: 'unbounded', deadlineMs: 30_000, delay: { kind: 'exponential' }, jitter: 'none' });
    // After the rejection at 22.7 s the next call would be at 32.7 s, past 30 s.
    expect(result.totalCalls).toBe(7000 + 1000 + 800);
    expect(result.failedClients).toBe(600);
  });

  it('a deadline exactly at the next call still allows it', () => {
    const result = simulate({ maxAttempts: 'unbounded', deadlineMs: 32_700, delay: { kind: 'exponential' }, jitter: 'none' });
    expect(result.failedClients).toBe(400);
  });

  it('clients still waiting at the horizon count as failed', () => {
    const result = simulate('exponential', { horizonMs: 30_000 });
    expect(result.totalCalls).toBe(7000 + 1000 + 800);
    expect(result.failedClients).toBe(600);
    expect(result.series.offered.length).toBe(23);
  });
});

describe('start spread and the outage boundary', () => {
  it('spreads first calls evenly and serves first come, first served', () => {
    // Starts at 0, 250, 500, 750 ms; one request per second; a 1 s constant wait.
    const result = simulate('constant', { clients: 4, capacity: 1, outageMs: 0, startSpreadMs: 1000, baseMs: 1000 });
    expect(busy(result)).toEqual({ 0: [4, 1], 1: [3, 1], 2: [2, 1], 3: [1, 1] });
    // Client 1 is served at 1 250 ms, 1 s after its start at 250 ms; client 3 after 3 s.
    expect([result.p50Ms, result.maxMs]).toEqual([1000, 3000]);
  });

  it('an outage ending inside a window leaves that window its full capacity', () => {
    // Down until 10 550 ms: sends at 10 000 … 10 500 are rejected, 10 600 finds 200 places.
    const result = simulate('constant', { outageMs: 10_550 });
    expect(busy(result)[10]).toEqual([6 * 1000 + 1000 + 3 * 800, 200]);
  });

  it('no outage and room for everyone: one call per client', () => {
    const result = simulate('exponential', { outageMs: 0, capacity: 1000 });
    expect([result.totalCalls, result.wastedCalls, result.maxMs, result.settledAtMs]).toEqual([1000, 0, 0, null]);
  });
});
