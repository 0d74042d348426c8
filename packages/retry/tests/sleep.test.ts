import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '../src/index.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function track(promise: Promise<void>): { state: () => string } {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    (error: unknown) => (state = `rejected: ${String(error)}`),
  );
  return { state: () => state };
}

describe('sleep', () => {
  it('resolves after exactly ms and removes its abort listener', async () => {
    const controller = new AbortController();
    const t = track(sleep(100, controller.signal));
    await vi.advanceTimersByTimeAsync(99);
    expect(t.state()).toBe('pending');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.state()).toBe('resolved');
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects with the reason on abort without waiting, and clears its timer', async () => {
    const controller = new AbortController();
    const t = track(sleep(60_000, controller.signal));
    controller.abort('stop');
    await Promise.resolve();
    await Promise.resolve();
    expect(t.state()).toBe('rejected: stop');
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects at once when the signal is already aborted, creating no timer', async () => {
    const outcome = sleep(1000, AbortSignal.abort('gone'));
    expect(vi.getTimerCount()).toBe(0);
    await expect(outcome).rejects.toBe('gone');
  });

  it('works without a signal', async () => {
    const t = track(sleep(10));
    await vi.advanceTimersByTimeAsync(10);
    expect(t.state()).toBe('resolved');
  });

  it.each<[unknown, string]>([
    [2 ** 31, 'must be ≤ 2147483647, the longest delay setTimeout can hold (got 2147483648)'],
    [1e10, 'must be ≤ 2147483647, the longest delay setTimeout can hold (got 10000000000)'],
    [Number.NaN, 'must be a finite number (got NaN)'],
    [Infinity, 'must be a finite number (got Infinity)'],
    [-1, 'must be ≥ 0 (got -1)'],
    ['100', 'must be a number (got "100")'],
  ])('rejects ms = %s with an error naming it, creating no timer', async (ms, problem) => {
    const outcome = sleep(ms as number);
    expect(vi.getTimerCount()).toBe(0);
    await expect(outcome).rejects.toThrow(`@retry-hygiene/retry: option \`ms\` ${problem}`);
  });

  it('stays pending until a later abort for the longest delay it accepts', async () => {
    const controller = new AbortController();
    const t = track(sleep(2 ** 31 - 1, controller.signal));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.state()).toBe('pending');
    controller.abort('stop');
    await vi.advanceTimersByTimeAsync(0);
    expect(t.state()).toBe('rejected: stop');
  });

  it('rejects a signal that is not an AbortSignal, naming it', async () => {
    await expect(sleep(10, {} as AbortSignal)).rejects.toThrow(
      new TypeError('@retry-hygiene/retry: option `signal` must be an AbortSignal (got an object)'),
    );
    expect(vi.getTimerCount()).toBe(0);
  });
});
