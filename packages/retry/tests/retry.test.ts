import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  retry,
  RetryBudget,
  RetryError,
  type AttemptContext,
  type GiveUpEvent,
  type RetryEvent,
  type RetryOptions,
} from '../src/index.js';
import { EPOCH, failThen, fakeTime, httpError, netError, sequence } from './support/fake-time.js';

const e503 = () => httpError(503);

/** Runs retry() on a fake clock against fn that fails with `errors` then returns 'ok'. */
async function run(errors: unknown[], options: RetryOptions = {}) {
  const time = fakeTime();
  const { fn, calls } = failThen(errors, 'ok');
  const retries: RetryEvent[] = [];
  const giveUps: GiveUpEvent[] = [];
  const outcome = await retry(fn, {
    now: time.now,
    sleep: time.sleep,
    random: () => 0.5,
    onRetry: (event) => retries.push(event),
    onGiveUp: (event) => giveUps.push(event),
    ...options,
  }).then(
    (value) => ({ value, error: undefined as unknown }),
    (error: unknown) => ({ value: undefined, error }),
  );
  return { ...outcome, calls: calls(), sleeps: time.sleeps, elapsed: time.elapsed(), retries, giveUps };
}

async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('retry: attempts', () => {
  it('returns the value of a first success without waiting', async () => {
    const contexts: AttemptContext[] = [];
    const time = fakeTime();
    const value = await retry((ctx) => (contexts.push(ctx), 42), { sleep: time.sleep });
    expect(value).toBe(42);
    expect(contexts).toEqual([{ attempt: 1, signal: undefined }]);
    expect(time.sleeps).toEqual([]);
  });

  it('retries a retryable failure and returns the later success', async () => {
    const r = await run([e503(), netError('ECONNRESET')]);
    expect(r.value).toBe('ok');
    expect(r.calls).toBe(3);
    expect(r.sleeps).toEqual([50, 100]);
  });

  it('numbers the attempts from 1 and hands fn the signal', async () => {
    const controller = new AbortController();
    const seen: AttemptContext[] = [];
    const time = fakeTime();
    await retry(
      (ctx) => {
        seen.push(ctx);
        if (ctx.attempt < 3) throw e503();
        return 'ok';
      },
      { sleep: time.sleep, signal: controller.signal },
    );
    expect(seen.map((c) => c.attempt)).toEqual([1, 2, 3]);
    expect(seen.every((c) => c.signal === controller.signal)).toBe(true);
  });

  it('rejects with a RetryError carrying every error when the attempts run out', async () => {
    const errors = [e503(), netError('ETIMEDOUT'), httpError(429)];
    const r = await run(errors);
    expect(r.calls).toBe(3);
    expect(r.error).toBeInstanceOf(RetryError);
    expect(r.error).toBeInstanceOf(AggregateError);
    const error = r.error as RetryError;
    expect(error.name).toBe('RetryError');
    expect(error.attempts).toBe(3);
    expect(error.errors).toEqual(errors);
    expect(error.cause).toBe(errors[2]);
    expect(error.message).toBe('retry: gave up after 3 attempts: Error: HTTP 429');
    expect(r.giveUps).toEqual([{ attempts: 3, error, reason: 'attempts-exhausted' }]);
  });

  it('keeps the first and last 10 errors of a long run, with the count', async () => {
    const errors = Array.from({ length: 1000 }, (_, i) => Object.assign(httpError(503), { i }));
    const r = await run(errors, { maxAttempts: 1000, jitter: 'none', baseMs: 0, capMs: 0 });
    const error = r.error as RetryError;
    expect(r.calls).toBe(1000);
    expect(error.attempts).toBe(1000);
    expect(error.omittedErrors).toBe(980);
    expect(error.errors.map((e) => (e as { i: number }).i)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 990, 991, 992, 993, 994, 995, 996, 997, 998, 999,
    ]);
    expect(error.cause).toBe(errors[999]);
    expect(error.message).toBe('retry: gave up after 1000 attempts (errors 11 to 990 not kept): Error: HTTP 503');
  });

  it('keeps every error of a run of 20 attempts or fewer', async () => {
    const errors = Array.from({ length: 20 }, e503);
    const r = await run(errors, { maxAttempts: 20, jitter: 'none', baseMs: 0, capMs: 0 });
    const error = r.error as RetryError;
    expect(error.errors).toEqual(errors);
    expect(error.omittedErrors).toBe(0);
    expect(error.message).toBe('retry: gave up after 20 attempts: Error: HTTP 503');
  });

  it('makes exactly maxAttempts calls', async () => {
    const r = await run(Array.from({ length: 10 }, e503), { maxAttempts: 7 });
    expect(r.calls).toBe(7);
    expect(r.sleeps).toHaveLength(6);
    expect((r.error as RetryError).attempts).toBe(7);
  });

  it('with maxAttempts 1 calls once and wraps the retryable error', async () => {
    const r = await run([e503()], { maxAttempts: 1 });
    expect(r.calls).toBe(1);
    expect(r.sleeps).toEqual([]);
    expect((r.error as RetryError).errors).toHaveLength(1);
  });

  it("with rejectWith: 'last-error' rejects with the last error itself when the attempts run out", async () => {
    const errors = [e503(), netError('ETIMEDOUT'), httpError(429)];
    const r = await run(errors, { rejectWith: 'last-error' });
    expect(r.calls).toBe(3);
    expect(r.error).toBe(errors[2]);
    expect(r.giveUps).toEqual([{ attempts: 3, error: errors[2], reason: 'attempts-exhausted' }]);
  });

  it("refuses a rejectWith other than 'retry-error' or 'last-error'", async () => {
    await expect(retry(() => 1, { rejectWith: 'first-error' as never })).rejects.toThrow(
      "@retry-hygiene/retry: option `rejectWith` must be 'retry-error' or 'last-error' (got \"first-error\")",
    );
  });

  it('rejects at once with a non-retryable error itself', async () => {
    const notFound = httpError(404);
    const r = await run([notFound]);
    expect(r.error).toBe(notFound);
    expect(r.calls).toBe(1);
    expect(r.sleeps).toEqual([]);
    expect(r.giveUps).toEqual([{ attempts: 1, error: notFound, reason: 'not-retryable' }]);
  });

  it('stops at a non-retryable error after retryable ones', async () => {
    const bug = new TypeError('x is not a function');
    const r = await run([e503(), bug]);
    expect(r.error).toBe(bug);
    expect(r.calls).toBe(2);
  });

  it('does not retry a thrown non-error', async () => {
    const r = await run(['boom']);
    expect(r.error).toBe('boom');
    expect(r.calls).toBe(1);
  });

  it('accepts fn returning a plain value', async () => {
    await expect(retry(() => 'sync')).resolves.toBe('sync');
  });

  it('retries a synchronous throw like a rejection', async () => {
    const time = fakeTime();
    let calls = 0;
    const value = await retry(
      () => {
        if (++calls === 1) throw netError('EPIPE');
        return 'ok';
      },
      { sleep: time.sleep },
    );
    expect([value, calls]).toEqual(['ok', 2]);
  });
});

describe('retry: shouldRetry replaces the classifier', () => {
  it('retries what it accepts, with the failed attempt in its context', async () => {
    const contexts: unknown[] = [];
    const r = await run([new Error('deadlock'), new Error('deadlock')], {
      shouldRetry: (error, ctx) => {
        contexts.push(ctx);
        return (error as Error).message === 'deadlock';
      },
      maxAttempts: 4,
    });
    expect(r.value).toBe('ok');
    expect(contexts).toEqual([
      { attempt: 1, maxAttempts: 4 },
      { attempt: 2, maxAttempts: 4 },
    ]);
  });

  it('can refuse what the default would retry', async () => {
    const r = await run([e503()], { shouldRetry: () => false });
    expect(r.calls).toBe(1);
    expect(r.giveUps[0]?.reason).toBe('not-retryable');
  });

  it('may be async', async () => {
    const r = await run([new Error('a'), new Error('b')], { shouldRetry: async () => true });
    expect(r.value).toBe('ok');
    expect(r.calls).toBe(3);
  });

  it('rejects with the error shouldRetry throws', async () => {
    const broken = new Error('classifier bug');
    const r = await run([e503()], {
      shouldRetry: () => {
        throw broken;
      },
    });
    expect(r.error).toBe(broken);
  });
});

describe('retry: exact delays per jitter kind (base 100, factor 2, random 0.5)', () => {
  const fiveFailures = () => Array.from({ length: 5 }, e503);

  it.each<[RetryOptions['jitter'], number[]]>([
    // full: U[0, d) with d = 100, 200, 400, 800
    ['full', [50, 100, 200, 400]],
    // equal: d/2 + U[0, d/2)
    ['equal', [75, 150, 300, 600]],
    // decorrelated: base + 0.5 * (3 * prev - base), prev from 100
    ['decorrelated', [200, 350, 575, 912.5]],
    ['none', [100, 200, 400, 800]],
    [undefined, [50, 100, 200, 400]],
  ])('%s → %o', async (jitter, expected) => {
    const r = await run(fiveFailures(), { jitter, maxAttempts: 5 });
    expect(r.sleeps).toEqual(expected);
    expect(r.retries.map((e) => e.delayMs)).toEqual(expected);
  });

  it('draws a fresh random number per wait', async () => {
    const r = await run(fiveFailures(), { maxAttempts: 5, random: sequence(0, 0.25, 0.75, 0.999) });
    expect(r.sleeps).toEqual([0, 50, 300, 799.2]);
  });

  it('caps the exponential', async () => {
    const r = await run(fiveFailures(), { jitter: 'none', baseMs: 1000, factor: 3, capMs: 5000, maxAttempts: 5 });
    expect(r.sleeps).toEqual([1000, 3000, 5000, 5000]);
  });

  it('calls a jitter function with the capped delay, the random source and the context', async () => {
    const calls: unknown[] = [];
    const r = await run(fiveFailures(), {
      maxAttempts: 3,
      capMs: 150,
      jitter: (delayMs, random, ctx) => {
        calls.push({ delayMs, r: random(), ...ctx });
        return delayMs - 1;
      },
    });
    expect(r.sleeps).toEqual([99, 149]);
    expect(calls).toEqual([
      { delayMs: 100, r: 0.5, retryIndex: 0, previousDelayMs: 100, baseMs: 100, factor: 2, capMs: 150 },
      { delayMs: 150, r: 0.5, retryIndex: 1, previousDelayMs: 99, baseMs: 100, factor: 2, capMs: 150 },
    ]);
  });

  it('clamps what a jitter function returns into [0, capMs]', async () => {
    const r = await run(fiveFailures(), { maxAttempts: 3, jitter: sequenceJitter(-50, 1e12) });
    expect(r.sleeps).toEqual([0, 20_000]);
  });

  it('rejects with a RangeError naming jitter when it returns NaN', async () => {
    const r = await run(fiveFailures(), { jitter: () => Number.NaN });
    expect(r.error).toBeInstanceOf(RangeError);
    expect((r.error as Error).message).toContain('`jitter`');
    expect(r.calls).toBe(1);
  });

  function sequenceJitter(...values: number[]) {
    let i = 0;
    return () => values[i++] ?? 0;
  }
});

describe('retry: deadline', () => {
  it('shortens the last wait to end at the deadline, then gives up with the error', async () => {
    const errors = Array.from({ length: 5 }, e503);
    const r = await run(errors, { jitter: 'none', maxAttempts: 5, deadlineMs: 250 });
    // waits 100, then 200 cut to the 150 left; the attempt at 250 ms fails and nothing is left.
    expect(r.sleeps).toEqual([100, 150]);
    expect(r.calls).toBe(3);
    expect(r.elapsed).toBe(250);
    expect(r.error).toBe(errors[2]);
    expect(r.giveUps).toEqual([{ attempts: 3, error: errors[2], reason: 'deadline' }]);
  });

  it('starts no attempt once an attempt has run past the deadline', async () => {
    const time = fakeTime();
    const slow = e503();
    let calls = 0;
    const outcome = retry(
      () => {
        calls++;
        time.advance(300);
        throw slow;
      },
      { now: time.now, sleep: time.sleep, deadlineMs: 250 },
    );
    await expect(outcome).rejects.toBe(slow);
    expect(calls).toBe(1);
    expect(time.sleeps).toEqual([]);
  });

  it('accepts maxElapsedMs as the same option', async () => {
    const r = await run(Array.from({ length: 5 }, e503), { jitter: 'none', maxAttempts: 5, maxElapsedMs: 250 });
    expect(r.sleeps).toEqual([100, 150]);
  });

  it('still stops at maxAttempts before the deadline', async () => {
    const r = await run(Array.from({ length: 5 }, e503), { deadlineMs: 60_000 });
    expect(r.calls).toBe(3);
    expect(r.error).toBeInstanceOf(RetryError);
  });
});

describe('retry: Retry-After', () => {
  it('waits max(backoff, Retry-After) when the server asks for longer', async () => {
    const r = await run([httpError(429, { 'retry-after': '2' })]);
    expect(r.sleeps).toEqual([2000]);
    expect(r.retries[0]?.delayMs).toBe(2000);
    expect(r.value).toBe('ok');
  });

  it('keeps the backoff when it is longer than Retry-After', async () => {
    const r = await run([httpError(503, { 'retry-after': '1' })], { jitter: 'none', baseMs: 3000 });
    expect(r.sleeps).toEqual([3000]);
  });

  it('reads an HTTP date against the injected clock', async () => {
    const at = new Date(EPOCH + 4000).toUTCString();
    const r = await run([httpError(503, new Headers({ 'Retry-After': at }))]);
    expect(r.sleeps).toEqual([4000]);
  });

  it('treats Retry-After: 0 as no extra wait', async () => {
    const r = await run([httpError(429, { 'retry-after': '0' })]);
    expect(r.sleeps).toEqual([50]);
  });

  it('gives up at once when Retry-After passes the deadline', async () => {
    const limited = httpError(429, { 'retry-after': '6' });
    const r = await run([limited], { deadlineMs: 5000 });
    expect(r.error).toBe(limited);
    expect(r.calls).toBe(1);
    expect(r.sleeps).toEqual([]);
    expect(r.giveUps[0]?.reason).toBe('retry-after');
  });

  it('waits a Retry-After that fits the deadline', async () => {
    const r = await run([httpError(429, { 'retry-after': '5' })], { deadlineMs: 5000 });
    expect(r.sleeps).toEqual([5000]);
    expect(r.value).toBe('ok');
  });

  it('gives up at once when Retry-After exceeds capMs, the longest wait allowed', async () => {
    const limited = httpError(503, { 'retry-after': '21' });
    const r = await run([limited]);
    expect(r.error).toBe(limited);
    expect(r.sleeps).toEqual([]);
    const allowed = await run([httpError(503, { 'retry-after': '21' })], { capMs: 30_000 });
    expect(allowed.sleeps).toEqual([21_000]);
  });

  it('is ignored on an error that is not retried', async () => {
    const r = await run([httpError(400, { 'retry-after': '1' })]);
    expect(r.calls).toBe(1);
    expect(r.giveUps[0]?.reason).toBe('not-retryable');
  });
});

describe('retry: abort', () => {
  it('rejects with the reason and never calls fn when already aborted', async () => {
    const fn = vi.fn();
    const reason = new Error('shutting down');
    const giveUps: GiveUpEvent[] = [];
    await expect(
      retry(fn, { signal: AbortSignal.abort(reason), onGiveUp: (e) => giveUps.push(e) }),
    ).rejects.toBe(reason);
    expect(fn).not.toHaveBeenCalled();
    expect(giveUps).toEqual([{ attempts: 0, error: reason, reason: 'aborted' }]);
  });

  it("rejects with the signal's reason, not fn's error, when fn fails after the abort", async () => {
    const controller = new AbortController();
    const reason = { why: 'user left' };
    const time = fakeTime();
    const shouldRetry = vi.fn(() => true);
    const outcome = retry(
      () => {
        controller.abort(reason);
        throw new DOMException('This operation was aborted', 'AbortError');
      },
      { signal: controller.signal, sleep: time.sleep, shouldRetry },
    );
    await expect(outcome).rejects.toBe(reason);
    expect(shouldRetry).not.toHaveBeenCalled();
    expect(time.sleeps).toEqual([]);
  });

  it('interrupts a wait within the same tick, clearing the timer and the listener', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const reason = new Error('cancelled');
    let settled: unknown = 'pending';
    let calls = 0;
    const giveUps: GiveUpEvent[] = [];
    retry(
      () => {
        calls++;
        throw e503();
      },
      { signal: controller.signal, baseMs: 10_000, capMs: 10_000, jitter: 'none', onGiveUp: (e) => giveUps.push(e) },
    ).then(
      () => (settled = 'resolved'),
      (error: unknown) => (settled = error),
    );
    await flushMicrotasks();
    expect(vi.getTimerCount()).toBe(1); // sleeping 10 s
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);

    controller.abort(reason);
    // No timer has run and no macrotask has passed: only microtasks.
    await flushMicrotasks();
    expect(settled).toBe(reason);
    expect(calls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(giveUps).toEqual([{ attempts: 1, error: reason, reason: 'aborted' }]);
  });

  it('leaves no timer and no listener once it succeeds after real waits', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const { fn } = failThen([e503(), e503()], 'ok');
    const outcome = retry(fn, { signal: controller.signal });
    await vi.runAllTimersAsync();
    await expect(outcome).resolves.toBe('ok');
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('returns the tokens of a retry whose wait was aborted', async () => {
    const budget = new RetryBudget({ capacity: 10, retryCost: 5 });
    const controller = new AbortController();
    const outcome = retry(() => Promise.reject(e503()), {
      budget,
      signal: controller.signal,
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
          controller.abort('stop');
        }),
    });
    await expect(outcome).rejects.toBe('stop');
    expect(budget.available).toBe(10);
  });

  it('yields to the event loop between retries when an injected sleep resolves at once', async () => {
    // A sleep that settles in a microtask would otherwise run every retry before any
    // timer: the caller's own timeout could never fire.
    const controller = new AbortController();
    setTimeout(() => controller.abort('timed out'), 0);
    let calls = 0;
    const outcome = retry(
      () => {
        calls++;
        return Promise.reject(e503());
      },
      { maxAttempts: 100_000, sleep: async () => {}, signal: controller.signal },
    );
    await expect(outcome).rejects.toBe('timed out');
    expect(calls).toBeLessThan(100_000);
  });

  it('honours an abort even when an injected sleep ignores the signal', async () => {
    const controller = new AbortController();
    const reason = new Error('stop');
    const outcome = retry(
      () => {
        throw e503();
      },
      {
        signal: controller.signal,
        sleep: async () => {
          controller.abort(reason);
        },
      },
    );
    await expect(outcome).rejects.toBe(reason);
  });
});

describe('retry: budget', () => {
  it('stops retrying when the shared bucket is short, rejecting with the error itself', async () => {
    const budget = new RetryBudget({ capacity: 10 });
    const errors = Array.from({ length: 5 }, e503);
    const r = await run(errors, { budget, maxAttempts: 5 });
    expect(r.calls).toBe(3); // two retries at 5 tokens each
    expect(budget.available).toBe(0);
    expect(r.error).toBe(errors[2]);
    expect(r.giveUps).toEqual([{ attempts: 3, error: errors[2], reason: 'budget' }]);
  });

  it('is shared: one call draining it leaves the next with first attempts only', async () => {
    const budget = new RetryBudget({ capacity: 5 });
    const first = await run([e503(), e503()], { budget });
    expect(first.calls).toBe(2);
    const second = await run([e503()], { budget });
    expect(second.calls).toBe(1);
    expect(second.giveUps[0]?.reason).toBe('budget');
  });

  it('charges timeouts timeoutCost', async () => {
    const budget = new RetryBudget();
    await run([netError('ETIMEDOUT'), e503(), netError('ETIMEDOUT')], { budget, maxAttempts: 3 });
    expect(budget.available).toBe(500 - 10 - 5);
  });

  it('refunds successRefund after a first-attempt success', async () => {
    const budget = new RetryBudget({ successRefund: 2 });
    budget.tryAcquire(100);
    await run([], { budget });
    expect(budget.available).toBe(402);
  });

  it('refunds the last retry cost after a success that needed retries (AWS SDK)', async () => {
    const budget = new RetryBudget();
    budget.tryAcquire(100);
    await run([e503(), netError('ETIMEDOUT')], { budget });
    // 400 - 5 - 10 + 10
    expect(budget.available).toBe(395);
  });

  it('refunds nothing for a call that fails for good', async () => {
    const budget = new RetryBudget();
    await run([e503(), e503(), e503()], { budget });
    expect(budget.available).toBe(490);
  });

  it('takes no tokens for a retry that is not made', async () => {
    const budget = new RetryBudget();
    await run([httpError(429, { 'retry-after': '60' })], { budget });
    await run([httpError(404)], { budget });
    expect(budget.available).toBe(500);
  });
});

describe('retry: hooks', () => {
  it('reports each retry with the failed attempt, the wait and the error', async () => {
    const errors = [e503(), netError('ECONNRESET')];
    const r = await run(errors);
    expect(r.retries).toEqual([
      { attempt: 1, delayMs: 50, error: errors[0] },
      { attempt: 2, delayMs: 100, error: errors[1] },
    ]);
    expect(r.giveUps).toEqual([]);
  });

  it('rejects with what onRetry throws, before waiting', async () => {
    const hookBug = new Error('log sink down');
    const r = await run([e503()], {
      onRetry: () => {
        throw hookBug;
      },
    });
    expect(r.error).toBe(hookBug);
    expect(r.sleeps).toEqual([]);
  });

  it('returns the tokens of a retry that onRetry stopped, and calls onGiveUp', async () => {
    const budget = new RetryBudget({ capacity: 10, retryCost: 5 });
    const hookBug = new Error('log sink down');
    const r = await run([e503()], {
      budget,
      onRetry: () => {
        throw hookBug;
      },
    });
    expect(r.error).toBe(hookBug);
    expect(budget.available).toBe(10);
    expect(r.giveUps).toEqual([{ attempts: 1, error: hookBug, reason: 'callback-error' }]);
  });

  it('calls onGiveUp when shouldRetry throws', async () => {
    const broken = new Error('classifier bug');
    const r = await run([e503()], {
      shouldRetry: () => {
        throw broken;
      },
    });
    expect(r.error).toBe(broken);
    expect(r.giveUps).toEqual([{ attempts: 1, error: broken, reason: 'callback-error' }]);
  });

  it('calls onGiveUp when a jitter function or an injected sleep throws, returning the tokens', async () => {
    const budget = new RetryBudget({ capacity: 10, retryCost: 5 });
    const jitterBug = new Error('jitter bug');
    const a = await run([e503()], {
      budget,
      jitter: () => {
        throw jitterBug;
      },
    });
    expect(a.giveUps).toEqual([{ attempts: 1, error: jitterBug, reason: 'callback-error' }]);
    const sleepBug = new Error('sleep bug');
    const b = await run([e503(), e503()], {
      budget,
      sleep: () => Promise.reject(sleepBug),
    });
    expect(b.error).toBe(sleepBug);
    expect(b.giveUps).toEqual([{ attempts: 1, error: sleepBug, reason: 'callback-error' }]);
    expect(budget.available).toBe(10);
  });

  it('calls onGiveUp once even when it throws itself, and rejects with what it threw', async () => {
    const calls: GiveUpEvent[] = [];
    const sinkDown = new Error('sink down');
    const outcome = retry(() => Promise.reject(httpError(404)), {
      onGiveUp: (event) => {
        calls.push(event);
        throw sinkDown;
      },
    });
    await expect(outcome).rejects.toBe(sinkDown);
    expect(calls.map((e) => e.reason)).toEqual(['not-retryable']);
  });
});

describe('retry: invalid options reject before fn is called', () => {
  it.each<[string, RetryOptions, string, typeof RangeError | typeof TypeError]>([
    ['maxAttempts: Infinity', { maxAttempts: Infinity }, 'maxAttempts', RangeError],
    ['maxAttempts: 0', { maxAttempts: 0 }, 'maxAttempts', RangeError],
    ['maxAttempts: -1', { maxAttempts: -1 }, 'maxAttempts', RangeError],
    ['maxAttempts: 2.5', { maxAttempts: 2.5 }, 'maxAttempts', RangeError],
    ['maxAttempts: NaN', { maxAttempts: Number.NaN }, 'maxAttempts', RangeError],
    ['baseMs: -1', { baseMs: -1 }, 'baseMs', RangeError],
    ['baseMs: NaN', { baseMs: Number.NaN }, 'baseMs', RangeError],
    ['factor: -2', { factor: -2 }, 'factor', RangeError],
    ['factor: NaN', { factor: Number.NaN }, 'factor', RangeError],
    ['capMs < baseMs', { baseMs: 500, capMs: 100 }, 'capMs', RangeError],
    ['capMs: Infinity', { capMs: Infinity }, 'capMs', RangeError],
    ['capMs beyond setTimeout', { capMs: 2 ** 31 }, 'capMs', RangeError],
    ['deadlineMs: -1', { deadlineMs: -1 }, 'deadlineMs', RangeError],
    ['deadlineMs: NaN', { deadlineMs: Number.NaN }, 'deadlineMs', RangeError],
    ['maxElapsedMs: -5', { maxElapsedMs: -5 }, 'maxElapsedMs', RangeError],
    ['both deadline names, different', { deadlineMs: 1000, maxElapsedMs: 2000 }, 'maxElapsedMs', RangeError],
    ['jitter: "half"', { jitter: 'half' as never }, 'jitter', RangeError],
    ['maxAttempts: "3"', { maxAttempts: '3' as never }, 'maxAttempts', TypeError],
    ['signal: {}', { signal: {} as never }, 'signal', TypeError],
    ['shouldRetry: true', { shouldRetry: true as never }, 'shouldRetry', TypeError],
    ['budget: {}', { budget: {} as never }, 'budget', TypeError],
    ["p-retry's retries", { retries: 5 } as never, 'retries', TypeError],
  ])('%s', async (_label, options, name, type) => {
    const fn = vi.fn();
    const outcome = retry(fn, options);
    await expect(outcome).rejects.toThrow(type);
    await expect(outcome).rejects.toThrow(`\`${name}\``);
    expect(fn).not.toHaveBeenCalled();
  });

  it.each([2 ** 53, 1e308, Number.MAX_VALUE])('refuses maxAttempts %d, beyond the exact integers', async (maxAttempts) => {
    await expect(retry(vi.fn(), { maxAttempts })).rejects.toThrow(
      `@retry-hygiene/retry: option \`maxAttempts\` must be an integer from 1 to 9007199254740991 (Number.MAX_SAFE_INTEGER) (got ${maxAttempts})`,
    );
  });

  it('accepts the largest safe integer as maxAttempts', async () => {
    await expect(retry(() => 'ok', { maxAttempts: Number.MAX_SAFE_INTEGER })).resolves.toBe('ok');
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])(
    'names an unknown option %s without a hint from Object.prototype',
    async (key) => {
      const options = JSON.parse(`{"${key}": 1}`) as RetryOptions;
      await expect(retry(vi.fn(), options)).rejects.toThrow(new TypeError(`@retry-hygiene/retry: unknown option \`${key}\``));
    },
  );

  it('says why Infinity is refused', async () => {
    await expect(retry(vi.fn(), { maxAttempts: Infinity })).rejects.toThrow(/must be finite.*deadlineMs/);
  });

  it("points p-retry's options at their equivalents", async () => {
    await expect(retry(vi.fn(), { retries: 5 } as never)).rejects.toThrow('use maxAttempts (which counts the first call: retries + 1)');
    await expect(retry(vi.fn(), { minTimeout: 5 } as never)).rejects.toThrow('use baseMs');
  });

  it('refuses a non-function fn', async () => {
    await expect(retry('fetch' as never)).rejects.toThrow(TypeError);
  });

  it('treats undefined options as defaults and accepts deadlineMs: Infinity as none', async () => {
    const r = await run([e503(), e503()], { deadlineMs: Infinity, maxAttempts: undefined, baseMs: undefined });
    expect(r.value).toBe('ok');
    expect(r.sleeps).toEqual([50, 100]);
  });
});
