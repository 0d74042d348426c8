import { describe, expect, it } from 'vitest';
import {
  comparisonBrief,
  comparisonCells,
  comparisonOutageMs,
  comparisonSummary,
  outageWords,
  outcomeWords,
  retrySpanMs,
  samePolicy,
  simulate,
  tradeOffNote,
  withFullJitter,
  type RetryPolicy,
} from '../src/index.js';

const fixed = (maxAttempts: RetryPolicy['maxAttempts'], baseMs: number): RetryPolicy => ({ maxAttempts, delay: { kind: 'constant', baseMs }, jitter: 'none' });

describe('the outage a comparison runs', () => {
  it('is half the time the retry keeps trying, its waits without jitter', () => {
    // 3 waits of 2 s between 4 attempts.
    expect(retrySpanMs(fixed(4, 2000))).toBe(6000);
    expect(comparisonOutageMs(fixed(4, 2000))).toBe(3000);
    // 100 + 200 + 400 + 800 ms.
    expect(retrySpanMs({ maxAttempts: 5, delay: { kind: 'exponential', baseMs: 100, factor: 2 }, jitter: 'none' })).toBe(1500);
    // A listed schedule, its last step repeated.
    expect(retrySpanMs({ maxAttempts: 5, delay: { kind: 'linear', stepsMs: [1000, 2000, 5000] }, jitter: 'none' })).toBe(13_000);
  });

  it('is cut at the deadline, at most 10 s, and 10 s for a retry with no limit', () => {
    expect(retrySpanMs({ ...fixed(100, 1000), deadlineMs: 4000 })).toBe(4000);
    expect(comparisonOutageMs(fixed(100, 1000))).toBe(10_000);
    expect(retrySpanMs(fixed('unbounded', 1000))).toBeUndefined();
    expect(comparisonOutageMs(fixed('unbounded', 1000))).toBe(10_000);
    expect(retrySpanMs({ ...fixed('unbounded', 1000), deadlineMs: 6000 })).toBe(6000);
    expect(comparisonOutageMs({ ...fixed('unbounded', 1000), deadlineMs: 6000 })).toBe(3000);
  });

  it("is the user's when set, whatever the retry", () => {
    expect(comparisonOutageMs(fixed(4, 2000), 0)).toBe(0);
    expect(comparisonOutageMs(fixed('unbounded', 2000), 45_000)).toBe(45_000);
  });

  it('says how it was chosen', () => {
    expect(outageWords(3000, true)).toBe('down for the first 3 s (half the time this retry keeps trying, at most 10 s)');
    expect(outageWords(3000, false)).toBe('down for the first 3 s');
  });
});

describe('jitter alone', () => {
  it('is the same policy with full jitter: attempts, deadline and waits unchanged', () => {
    expect(withFullJitter({ ...fixed(4, 2000), deadlineMs: 9000 })).toEqual({ ...fixed(4, 2000), deadlineMs: 9000, jitter: 'full' });
    expect(withFullJitter({ ...fixed(4, 2000), jitter: 'unknown' })).toEqual({ ...fixed(4, 2000), jitter: 'full' });
  });

  it('has no twin for a retry that is random already or never waits', () => {
    expect(withFullJitter({ ...fixed(4, 2000), jitter: 'equal' })).toBeUndefined();
    expect(withFullJitter({ maxAttempts: 4, delay: { kind: 'decorrelated', baseMs: 100 }, jitter: 'none' })).toBeUndefined();
    expect(withFullJitter({ maxAttempts: 4, delay: { kind: 'none' }, jitter: 'none' })).toBeUndefined();
  });

  it('is told apart from a fix by value, not by the order of the fields', () => {
    expect(samePolicy({ jitter: 'full', delay: { baseMs: 500, kind: 'constant' }, maxAttempts: 4 }, { maxAttempts: 4, delay: { kind: 'constant', baseMs: 500 }, jitter: 'full' })).toBe(true);
    expect(samePolicy({ ...fixed(4, 500), jitter: 'full' }, { ...fixed(5, 500), jitter: 'full' })).toBe(false);
    // A cap no wait reaches changes nothing: six attempts of 100 ms × 2^n never wait 10 s.
    const backoff = (capMs?: number): RetryPolicy => ({ maxAttempts: 6, delay: { kind: 'exponential', baseMs: 100, factor: 2, ...(capMs ? { capMs } : {}) }, jitter: 'full' });
    expect(samePolicy(backoff(), backoff(20_000))).toBe(true);
    expect(samePolicy(backoff(1000), backoff(20_000))).toBe(false);
    expect(samePolicy({ ...backoff(), maxAttempts: 'unbounded' }, { ...backoff(20_000), maxAttempts: 'unbounded' })).toBe(false);
  });
});

describe('the outcome in words and numbers', () => {
  const scenario = { outageMs: 3000 };
  const site = simulate(fixed(4, 2000), scenario);
  const jittered = simulate({ ...fixed(4, 2000), jitter: 'full' }, scenario);

  it('says who gives up, and never calls a policy that gives up before the server is back a success', () => {
    expect([site.succeededClients, site.failedClients]).toEqual([400, 600]);
    expect(outcomeWords(site)).toBe('600 of 1 000 clients give up');
    const early = simulate(fixed(3, 500), { outageMs: 10_000 });
    expect(outcomeWords(early)).toBe('every client gives up before the server is back');
    expect(comparisonSummary(early)).toBe('3 000 calls (3.0 per client), every client gives up before the server is back');
    expect(outcomeWords(simulate(fixed('unbounded', 1000)))).toBe('every client served');
  });

  it('a sentence, a table row and a table cell of the same numbers', () => {
    expect(comparisonSummary(site)).toBe('3 800 calls (3.8 per client), peak 5.0× capacity on recovery, 600 of 1 000 clients give up, load under capacity after 7 s');
    expect(comparisonCells(site)).toEqual(['3.8', '5.0×', '400/1 000', '7 s']);
    expect(comparisonBrief(site)).toBe('3.8 calls/client, peak 5.0×, 400/1 000 served, drained 7 s');
  });

  it('says what jitter with the same budget costs when it serves fewer clients, and nothing when it does not', () => {
    expect(jittered.succeededClients).toBe(308);
    expect(tradeOffNote(site, jittered)).toBe(
      'full jitter halves the mean wait, so the same attempts end sooner: 92 more clients give up in this outage. Allow more attempts or a deadline to ride out as long an outage.',
    );
    expect(tradeOffNote(jittered, site)).toBeUndefined();
  });
});
