/**
 * Rejection of `retry()` when every attempt failed with a retryable error.
 *
 * It is an `AggregateError` so that loggers and `util.inspect` already know how to print
 * all the errors; `cause` is the last one, which is usually the one worth reading.
 * A non-retryable error, a deadline, a Retry-After or an empty budget reject with the
 * error itself instead: only "we ran out of attempts" earns a wrapper.
 */
export class RetryError extends AggregateError {
  /** How many times `fn` was called (equals `errors.length`). */
  readonly attempts: number;
  declare readonly errors: unknown[];

  constructor(errors: readonly unknown[]) {
    const last = errors[errors.length - 1];
    super(
      errors,
      `retry: gave up after ${errors.length} attempt${errors.length === 1 ? '' : 's'}: ${describe(last)}`,
      { cause: last },
    );
    this.attempts = errors.length;
  }
}

// On the prototype, so that the stack header reads "RetryError: ..." too.
Object.defineProperty(RetryError.prototype, 'name', { value: 'RetryError', writable: true, configurable: true });

function describe(error: unknown): string {
  if (error instanceof Error) return error.message === '' ? error.name : `${error.name}: ${error.message}`;
  try {
    return String(error);
  } catch {
    return Object.prototype.toString.call(error);
  }
}
