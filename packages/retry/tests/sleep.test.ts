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
});
