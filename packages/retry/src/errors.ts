/** How many of the first and of the last errors a RetryError keeps. */
export const KEPT_ERRORS_EACH_END = 10;

/**
 * Rejection of `retry()` when every attempt failed with a retryable error.
 *
 * It is an `AggregateError` so that loggers and `util.inspect` already know how to print
 * all the errors; `cause` is the last one, which is usually the one worth reading.
 * A non-retryable error, a deadline, a Retry-After or an empty budget reject with the
 * error itself instead: only "we ran out of attempts" earns a wrapper.
 *
 * A long run keeps only its first and last 10 errors (`errors`), with the count in
 * `attempts` and `omittedErrors`: a million attempts must not hold a million errors
 * (and their stacks) in memory.
 */
export class RetryError extends AggregateError {
  /** How many times `fn` was called. */
  readonly attempts: number;
  /** Errors of the run that `errors` does not hold: `attempts - errors.length`, 0 for 20 attempts or fewer. */
  readonly omittedErrors: number;
  /** Every error for up to 20 attempts; beyond, the first 10 and the last 10, in order. */
  declare readonly errors: unknown[];

  /**
   * `errors` in order; `attempts` (default `errors.length`) counts the calls when only
   * the first and last of them were kept, the first `KEPT_ERRORS_EACH_END` being the first
   * calls' errors.
   */
  constructor(errors: readonly unknown[], attempts: number = errors.length) {
    const last = errors[errors.length - 1];
    const omitted = attempts - errors.length;
    const gap =
      omitted > 0 ? ` (errors ${KEPT_ERRORS_EACH_END + 1} to ${KEPT_ERRORS_EACH_END + omitted} not kept)` : '';
    super(errors, `retry: gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}${gap}: ${describe(last)}`, {
      cause: last,
    });
    this.attempts = attempts;
    this.omittedErrors = omitted;
  }
}

// On the prototype, so that the stack header reads "RetryError: ..." too.
Object.defineProperty(RetryError.prototype, 'name', { value: 'RetryError', writable: true, configurable: true });

/** The errors of one run: the first and last KEPT_ERRORS_EACH_END, whatever the number of attempts. */
export class ErrorLog {
  private readonly first: unknown[] = [];
  /** A ring of the latest errors after the first ones. */
  private readonly latest: unknown[] = [];
  count = 0;

  add(error: unknown): void {
    if (this.first.length < KEPT_ERRORS_EACH_END) this.first.push(error);
    else this.latest[(this.count - KEPT_ERRORS_EACH_END) % KEPT_ERRORS_EACH_END] = error;
    this.count++;
  }

  toRetryError(): RetryError {
    const later = this.count - KEPT_ERRORS_EACH_END;
    let kept = this.first;
    if (later > 0) {
      // The oldest of the ring is where the next error would be written.
      const at = later > KEPT_ERRORS_EACH_END ? later % KEPT_ERRORS_EACH_END : 0;
      kept = [...this.first, ...this.latest.slice(at), ...this.latest.slice(0, at)];
    }
    return new RetryError(kept, this.count);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message === '' ? error.name : `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return Object.prototype.toString.call(error);
  }
}
