import { describe, expect, it, vi } from 'vitest';
import { retry, type GiveUpEvent } from '../src/index.js';

// Issue 31: a now() that returns NaN disabled the deadline silently, and one that threw
// before the first attempt skipped onGiveUp.

const transient = () => Object.assign(new Error('ECONNRESET'), { code: 'ECONNRESET' });

async function attempt(now: () => unknown, options: { deadlineMs?: number; error?: () => unknown } = {}) {
  const giveUps: GiveUpEvent[] = [];
  const fn = vi.fn(() => Promise.reject((options.error ?? transient)()));
  const error = await retry(fn, {
    maxAttempts: 5,
    deadlineMs: options.deadlineMs ?? 1_000,
    now: now as () => number,
    sleep: async () => {},
    onGiveUp: (event) => giveUps.push(event),
  }).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  return { error, calls: fn.mock.calls.length, giveUps };
}

describe('retry() with a clock that cannot be read', () => {
  it.each([
    [Number.NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [-Infinity, '-Infinity'],
    ['1700000000000', '"1700000000000"'],
    [undefined, 'undefined'],
    [10n, '10n'],
  ])('now() returning %s: a TypeError before the first attempt, and onGiveUp', async (value, shown) => {
    const { error, calls, giveUps } = await attempt(() => value);
    expect(error).toEqual(new TypeError(`@retry-hygiene/retry: option \`now\` must return a finite number of ms (got ${shown})`));
    expect(calls).toBe(0);
    expect(giveUps).toEqual([{ attempts: 0, error, reason: 'callback-error' }]);
  });

  it('now() that throws before the first attempt: rejects with it, and onGiveUp is called once', async () => {
    const broken = new Error('clock unplugged');
    const { error, calls, giveUps } = await attempt(() => {
      throw broken;
    });
    expect(error).toBe(broken);
    expect(calls).toBe(0);
    expect(giveUps).toEqual([{ attempts: 0, error: broken, reason: 'callback-error' }]);
  });

  it('now() that turns NaN after the first attempt stops at that failure instead of ignoring the deadline', async () => {
    const readings = [0];
    const { error, calls, giveUps } = await attempt(() => (readings.length > 0 ? readings.shift()! : Number.NaN));
    expect(error).toEqual(new TypeError('@retry-hygiene/retry: option `now` must return a finite number of ms (got NaN)'));
    expect(calls).toBe(1);
    expect(giveUps).toEqual([{ attempts: 1, error, reason: 'callback-error' }]);
  });

  it('now() read for a Retry-After date is checked too', async () => {
    const withDate = () =>
      Object.assign(new Error('busy'), { status: 503, headers: { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' } });
    const giveUps: GiveUpEvent[] = [];
    const error = await retry(() => Promise.reject(withDate()), {
      maxAttempts: 3,
      now: () => Number.NaN,
      sleep: async () => {},
      shouldRetry: () => true,
      onGiveUp: (event) => giveUps.push(event),
    }).catch((reason: unknown) => reason);
    expect(error).toEqual(new TypeError('@retry-hygiene/retry: option `now` must return a finite number of ms (got NaN)'));
    expect(giveUps).toEqual([{ attempts: 1, error, reason: 'callback-error' }]);
  });

  it('without a deadline a first-attempt success reads no clock, broken or not', async () => {
    const now = vi.fn(() => Number.NaN);
    await expect(retry(() => 'ok', { now })).resolves.toBe('ok');
    expect(now).not.toHaveBeenCalled();
  });

  it('a good clock still keeps the deadline', async () => {
    let t = 0;
    const giveUps: GiveUpEvent[] = [];
    const fn = vi.fn(() => Promise.reject(transient()));
    await retry(fn, {
      maxAttempts: 100,
      deadlineMs: 250,
      baseMs: 100,
      jitter: 'none',
      now: () => t,
      sleep: async (ms) => void (t += ms),
      onGiveUp: (event) => giveUps.push(event),
    }).catch(() => undefined);
    // 100 + 150 (shortened to the deadline), then no time is left.
    expect(fn).toHaveBeenCalledTimes(3);
    expect(giveUps.map((g) => [g.attempts, g.reason])).toEqual([[3, 'deadline']]);
  });
});
