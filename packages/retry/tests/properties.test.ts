import { getEventListeners } from 'node:events';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retry, RetryBudget, RetryError, type JitterFunction, type RetryOptions } from '../src/index.js';
import { fakeTime, httpError, netError } from './support/fake-time.js';

/** What one call of fn does: succeed, or fail with one kind of error. */
type Outcome =
  | { kind: 'ok' }
  | { kind: '503' | '404' | 'ECONNRESET' | 'ETIMEDOUT' | 'TypeError' }
  | { kind: '429'; retryAfterS: number };

const outcome: fc.Arbitrary<Outcome> = fc.oneof(
  fc.constant({ kind: 'ok' as const }),
  fc.constantFrom('503', '404', 'ECONNRESET', 'ETIMEDOUT', 'TypeError').map((kind) => ({ kind })),
  fc.integer({ min: 0, max: 90 }).map((retryAfterS) => ({ kind: '429' as const, retryAfterS })),
);

function raise(o: Outcome): never {
  switch (o.kind) {
    case '503':
    case '404':
      throw httpError(Number(o.kind));
    case '429':
      throw httpError(429, { 'retry-after': String(o.retryAfterS) });
    case 'TypeError':
      throw new TypeError('undefined is not a function');
    case 'ok':
      throw new Error('unreachable');
    default:
      throw netError(o.kind);
  }
}

const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });

// Any jitter, including functions returning nonsense (negative, huge, ±Infinity).
const jitter: fc.Arbitrary<RetryOptions['jitter']> = fc.oneof(
  fc.constantFrom('full' as const, 'equal' as const, 'decorrelated' as const, 'none' as const),
  fc.array(fc.double({ noNaN: true }), { minLength: 1, maxLength: 10 }).map((values): JitterFunction => {
    let i = 0;
    return () => values[i++ % values.length] ?? 0;
  }),
);

const policy = fc
  .record({
    maxAttempts: fc.integer({ min: 1, max: 8 }),
    baseMs: fc.integer({ min: 0, max: 3000 }),
    factor: fc.double({ min: 1, max: 4, noNaN: true }),
    capExtraMs: fc.integer({ min: 0, max: 40_000 }),
    jitter,
    deadlineMs: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: undefined }),
  })
  .map(({ capExtraMs, ...rest }) => ({ ...rest, capMs: rest.baseMs + capExtraMs }));

const budgetSettings = fc.option(
  fc.record({
    capacity: fc.integer({ min: 1, max: 60 }),
    retryCost: fc.integer({ min: 0, max: 15 }),
    timeoutCost: fc.integer({ min: 0, max: 25 }),
    successRefund: fc.integer({ min: 0, max: 5 }),
  }).filter((b) => b.capacity >= Math.min(b.retryCost, b.timeoutCost)),
  { nil: undefined },
);

describe('retry properties (fake clock)', () => {
  it('waits in [0, capMs], never exceeds maxAttempts or the deadline, keeps the budget in [0, capacity]', async () => {
    await fc.assert(
      fc.asyncProperty(
        policy,
        fc.array(fc.array(outcome, { minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 4000 }), { minLength: 1, maxLength: 10 }),
        fc.array(unit, { minLength: 1, maxLength: 10 }),
        budgetSettings,
        async (options, calls, durations, randoms, budgetOptions) => {
          const budget = budgetOptions && new RetryBudget(budgetOptions);
          const inBudget = () => budget === undefined || (budget.available >= 0 && budget.available <= budget.capacity);
          let r = 0;
          // Several calls share the budget, as services do.
          for (const script of calls) {
            const time = fakeTime();
            const starts: number[] = [];
            let n = 0;
            const result = await retry(
              () => {
                starts.push(time.elapsed());
                const o = script[Math.min(n, script.length - 1)]!;
                time.advance(durations[n++ % durations.length]!);
                if (o.kind === 'ok') return 'ok';
                raise(o);
              },
              {
                ...options,
                budget,
                now: time.now,
                sleep: time.sleep,
                random: () => randoms[r++ % randoms.length]!,
                onRetry: () => expect(inBudget()).toBe(true),
              },
            ).then(
              (value) => ({ value }),
              (error: unknown) => ({ error }),
            );

            expect(n).toBeLessThanOrEqual(options.maxAttempts);
            expect(n).toBe(starts.length);
            for (const ms of time.sleeps) {
              expect(ms).toBeGreaterThanOrEqual(0);
              expect(ms).toBeLessThanOrEqual(options.capMs);
            }
            if (options.deadlineMs !== undefined) {
              // No attempt starts after the deadline; waits never run past it.
              for (const start of starts) expect(start).toBeLessThanOrEqual(options.deadlineMs);
            }
            if ('value' in result) {
              expect(script[Math.min(n - 1, script.length - 1)]!.kind).toBe('ok');
            } else if (result.error instanceof RetryError) {
              expect(result.error.attempts).toBe(options.maxAttempts);
              expect(result.error.errors).toHaveLength(n);
            }
            expect(inBudget()).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with instant attempts, the total elapsed time never passes the deadline', async () => {
    await fc.assert(
      fc.asyncProperty(policy, fc.integer({ min: 0, max: 60_000 }), unit, async (options, deadlineMs, random) => {
        const time = fakeTime();
        await retry(() => raise({ kind: '503' }), {
          ...options,
          maxAttempts: 8,
          deadlineMs,
          now: time.now,
          sleep: time.sleep,
          random: () => random,
        }).catch(() => undefined);
        expect(time.elapsed()).toBeLessThanOrEqual(deadlineMs);
      }),
      { numRuns: 300 },
    );
  });
});

describe('RetryBudget properties', () => {
  it('stays in [0, capacity] and matches a simple model under any operations', () => {
    const op = fc.oneof(
      fc.record({ take: fc.integer({ min: 0, max: 30 }) }),
      fc.record({ give: fc.integer({ min: 0, max: 30 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.array(op, { maxLength: 60 }), (capacity, ops) => {
        const budget = new RetryBudget({ capacity, retryCost: 1, timeoutCost: 1 });
        let model = capacity;
        for (const o of ops) {
          if ('take' in o) {
            const granted = budget.tryAcquire(o.take);
            expect(granted).toBe(model >= o.take);
            if (granted) model -= o.take;
          } else {
            budget.release(o.give);
            model = Math.min(capacity, model + o.give);
          }
          expect(budget.available).toBe(model);
          expect(budget.available).toBeGreaterThanOrEqual(0);
          expect(budget.available).toBeLessThanOrEqual(capacity);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('retry properties (real sleep on fake timers)', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  afterEach(() => {
    vi.useRealTimers();
    process.off('unhandledRejection', onUnhandled);
  });

  it('leaves no timer, no abort listener and no unhandled rejection once the promise settles', async () => {
    process.on('unhandledRejection', onUnhandled);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          maxAttempts: fc.integer({ min: 1, max: 6 }),
          baseMs: fc.integer({ min: 0, max: 500 }),
          capExtraMs: fc.integer({ min: 0, max: 2000 }),
          jitter: fc.constantFrom('full' as const, 'equal' as const, 'decorrelated' as const, 'none' as const),
          deadlineMs: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }),
        }),
        fc.array(outcome, { minLength: 1, maxLength: 8 }),
        fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined }),
        async ({ capExtraMs, ...options }, script, abortAtMs) => {
          vi.useFakeTimers();
          try {
            const controller = new AbortController();
            const abortTimer = abortAtMs === undefined ? undefined : setTimeout(() => controller.abort(), abortAtMs);
            let n = 0;
            let settled = false;
            const done = retry(
              () => {
                const o = script[Math.min(n++, script.length - 1)]!;
                if (o.kind === 'ok') return Promise.resolve('ok');
                return Promise.reject(errorOf(o));
              },
              { ...options, capMs: options.baseMs + capExtraMs, signal: controller.signal },
            ).finally(() => {
              settled = true;
            });
            done.catch(() => undefined);

            for (let steps = 0; !settled; steps++) {
              if (steps > 100) throw new Error('retry() never settled');
              await vi.advanceTimersToNextTimerAsync();
            }
            if (abortTimer !== undefined) clearTimeout(abortTimer);
            expect(vi.getTimerCount()).toBe(0);
            expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
            expect(n).toBeLessThanOrEqual(options.maxAttempts);
          } finally {
            vi.useRealTimers();
          }
          // Node reports unhandled rejections after the microtask queue drains.
          await new Promise((resolve) => setImmediate(resolve));
          expect(unhandled).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });
});

function errorOf(o: Outcome): unknown {
  try {
    raise(o);
  } catch (error) {
    return error;
  }
}
