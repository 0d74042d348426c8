import { ErrorLog } from './errors.js';
import { retryDelay } from './jitter.js';
import { resolveOptions, type AttemptContext, type GiveUpReason, type RetryOptions, type Settings } from './options.js';
import { retryAfterMs } from './retry-after.js';
import { nextMacrotask, sleep as defaultSleep } from './sleep.js';
import { typeError } from './validate.js';

/**
 * Calls `fn({ attempt, signal })` until it resolves, and returns its value. Stops early
 * when the error is not retryable (rejects with it), when the attempts run out (rejects
 * with a `RetryError` holding the errors), when the deadline, a Retry-After or the
 * budget forbids another try (rejects with the last error), when `signal` aborts
 * (rejects with `signal.reason`, interrupting a wait at once), or when a function given
 * in the options throws (rejects with what it threw). `onGiveUp` is called once in every
 * one of those cases, and tokens taken for a retry that is then not made are returned.
 *
 * The signal stops waits, not `fn`: a call that never settles keeps `retry()` pending
 * until it does, so hand the signal on to `fn` (or race `fn` against a timeout) to
 * bound it.
 *
 * Invalid options reject with a RangeError or TypeError naming the option, before `fn`
 * is called.
 */
export async function retry<T>(fn: (context: AttemptContext) => T | PromiseLike<T>, options?: RetryOptions): Promise<T> {
  if (typeof fn !== 'function') throw typeError('fn', 'a function', fn);
  const settings = resolveOptions(options);
  const { signal, budget } = settings;
  if (signal?.aborted) {
    settings.onGiveUp?.({ attempts: 0, error: signal.reason, reason: 'aborted' });
    throw signal.reason;
  }
  // A first-attempt success allocates nothing but fn's context, and without a deadline
  // reads no clock: the state a retry needs is created at the first failure.
  let startedAt = 0;
  if (settings.deadlineMs !== Infinity) {
    try {
      startedAt = settings.now();
    } catch (thrown) {
      // A clock that throws (or reads NaN: clock.ts) before the first attempt: no deadline
      // could be kept, so fn is not called; still a give-up, like any throwing callback.
      settings.onGiveUp?.({ attempts: 0, error: thrown, reason: 'callback-error' });
      throw thrown;
    }
  }
  let failures: Failures | undefined;
  for (let attempt = 1; ; attempt++) {
    let value: T;
    try {
      value = await fn({ attempt, signal });
    } catch (error) {
      failures ??= new Failures(settings, startedAt);
      await failures.waitBeforeRetry(error, attempt);
      continue;
    }
    budget?.release(failures?.lastRetryCost ?? budget.successRefund);
    return value;
  }
}

/** The state of one `retry()` call once something has failed. */
class Failures {
  readonly errors = new ErrorLog();
  /** Decorrelated jitter grows from the previous delay. */
  previousDelayMs: number;
  /** What the last retry took from the budget; a success after it refunds that much. */
  lastRetryCost: number | undefined;
  /** Tokens taken for the retry being prepared; returned if it is not made. */
  private pendingCost = 0;
  /** onGiveUp has been called: it is called once, even when it throws. */
  private gaveUp = false;

  constructor(
    private readonly settings: Settings,
    private readonly startedAt: number,
  ) {
    this.previousDelayMs = settings.baseMs;
  }

  /** Resolves when attempt `attempt + 1` may start; rejects with what `retry()` should reject with. */
  async waitBeforeRetry(error: unknown, attempt: number): Promise<void> {
    this.errors.add(error);
    try {
      await this.prepareRetry(error, attempt);
    } catch (thrown) {
      // A callback of the options threw (shouldRetry, onRetry, jitter, random, sleep…):
      // retry() rejects with that, but still as a give-up.
      if (this.gaveUp) throw thrown;
      return this.giveUp('callback-error', thrown, attempt);
    }
    this.pendingCost = 0;
  }

  private async prepareRetry(error: unknown, attempt: number): Promise<void> {
    const s = this.settings;
    const { signal } = s;
    // An abort usually surfaces as fn's own error (fetch's AbortError); the caller asked
    // for the signal's reason.
    if (signal?.aborted) return this.giveUp('aborted', signal.reason, attempt);
    const retryable = await s.shouldRetry(error, { attempt, maxAttempts: s.maxAttempts });
    if (signal?.aborted) return this.giveUp('aborted', signal.reason, attempt);
    if (!retryable) return this.giveUp('not-retryable', error, attempt);
    if (attempt >= s.maxAttempts) return this.giveUp('attempts-exhausted', s.rejectWith === 'last-error' ? error : this.errors.toRetryError(), attempt);

    const backoffMs = retryDelay(
      s.jitter,
      { retryIndex: attempt - 1, previousDelayMs: this.previousDelayMs, baseMs: s.baseMs, factor: s.factor, capMs: s.capMs },
      s.random,
    );
    this.previousDelayMs = backoffMs;
    let delayMs = backoffMs;

    const serverMs = retryAfterMs(error, s.now);
    if (serverMs !== undefined) {
      // capMs bounds every wait, the server's included: a caller who can wait longer says so.
      if (serverMs > s.capMs) return this.giveUp('retry-after', error, attempt);
      if (serverMs > delayMs) delayMs = serverMs;
    }

    if (s.deadlineMs !== Infinity) {
      const remainingMs = s.deadlineMs - (s.now() - this.startedAt);
      if (remainingMs <= 0) return this.giveUp('deadline', error, attempt);
      // Coming back before the server allows is pointless, after the deadline too late.
      if (serverMs !== undefined && serverMs > remainingMs) return this.giveUp('retry-after', error, attempt);
      if (delayMs > remainingMs) delayMs = remainingMs;
    }

    // Last, so that tokens are only taken for a retry that is about to be made; if
    // something below stops it, giveUp returns them.
    const { budget } = s;
    if (budget !== undefined) {
      const cost = budget.costOf(error);
      if (!budget.tryAcquire(cost)) return this.giveUp('budget', error, attempt);
      this.pendingCost = cost;
      this.lastRetryCost = cost;
    }

    s.onRetry?.({ attempt, delayMs, error });
    try {
      await s.sleep(delayMs, signal);
    } catch (reason) {
      if (signal?.aborted) return this.giveUp('aborted', signal.reason, attempt);
      throw reason;
    }
    // An injected sleep may settle in a microtask: without a macrotask in between, a
    // fast-failing fn would retry in one unbroken chain of microtasks, and the caller's
    // timers (its own timeout, say) could not fire until every attempt had run.
    if (s.sleep !== defaultSleep) await nextMacrotask();
    // For an injected sleep that ignores the signal.
    if (signal?.aborted) return this.giveUp('aborted', signal.reason, attempt);
  }

  private giveUp(reason: GiveUpReason, error: unknown, attempts: number): never {
    this.gaveUp = true;
    if (this.pendingCost > 0) {
      this.settings.budget?.release(this.pendingCost);
      this.pendingCost = 0;
    }
    this.settings.onGiveUp?.({ attempts, error, reason });
    throw error;
  }
}
