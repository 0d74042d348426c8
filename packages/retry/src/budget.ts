import { isTimeoutError } from './classify.js';
import { checkFinite, checkOptionKeys, finiteNumber, optionError } from './validate.js';

export interface RetryBudgetOptions {
  /** Tokens when full, and the most it ever holds. Default 500. */
  capacity?: number;
  /** Tokens a retry takes. Default 5. */
  retryCost?: number;
  /** Tokens a retry after a timeout takes: timeouts hint at overload, so they cost more. Default 10. */
  timeoutCost?: number;
  /** Tokens a success on the first attempt gives back. Default 1. */
  successRefund?: number;
}

const KNOWN_OPTIONS: ReadonlySet<string> = new Set<keyof RetryBudgetOptions>(['capacity', 'retryCost', 'timeoutCost', 'successRefund']);

/**
 * A token bucket shared by many `retry()` calls, as in the AWS SDKs' retry quota: every
 * retry takes tokens, successes give some back, and a retry that finds the bucket short
 * is not made. When a dependency is down, the retries stop after about
 * `capacity / retryCost` of them instead of multiplying the load on it, while the first
 * attempts keep going through.
 *
 * Refunds follow the AWS SDK: a call that succeeds on its first attempt gives back
 * `successRefund`; a call that succeeds after retrying gives back what its last retry
 * cost, so a dependency that recovers refills the bucket as fast as it drained. Calls
 * that fail for good give nothing back.
 */
export class RetryBudget {
  readonly capacity: number;
  readonly retryCost: number;
  readonly timeoutCost: number;
  readonly successRefund: number;
  #available: number;

  /**
   * Throws a TypeError for options that are not an object or hold an unknown key, and a
   * RangeError naming the option for a bad number, or for a capacity below both costs:
   * such a bucket could never pay for any retry. (A capacity between the two costs is
   * allowed: it retries only the cheaper kind, e.g. never after a timeout.)
   */
  constructor(options?: RetryBudgetOptions) {
    checkOptionKeys(
      options,
      KNOWN_OPTIONS,
      (key) => `unknown RetryBudget option \`${key}\` (it takes ${[...KNOWN_OPTIONS].join(', ')})`,
    );
    this.capacity = finiteNumber('capacity', options?.capacity, 0, 500);
    this.retryCost = finiteNumber('retryCost', options?.retryCost, 0, 5);
    this.timeoutCost = finiteNumber('timeoutCost', options?.timeoutCost, 0, 10);
    this.successRefund = finiteNumber('successRefund', options?.successRefund, 0, 1);
    if (this.capacity === 0) throw optionError('capacity', 'must be > 0', 0);
    const cheapest = Math.min(this.retryCost, this.timeoutCost);
    if (this.capacity < cheapest) {
      throw optionError(
        'capacity',
        `must be ≥ the smaller of retryCost (${this.retryCost}) and timeoutCost (${this.timeoutCost}), or no retry can ever be paid for`,
        this.capacity,
      );
    }
    this.#available = this.capacity;
  }

  /** Tokens in the bucket now, always within [0, capacity]. */
  get available(): number {
    return this.#available;
  }

  /** What retrying after `error` costs: `timeoutCost` for a timeout, `retryCost` otherwise. */
  costOf(error: unknown): number {
    return isTimeoutError(error) ? this.timeoutCost : this.retryCost;
  }

  /** Takes `cost` tokens if the bucket holds that many; otherwise takes nothing and returns false. */
  tryAcquire(cost: number): boolean {
    checkFinite('cost', cost, 0);
    if (this.#available < cost) return false;
    this.#available -= cost;
    return true;
  }

  /** Puts `amount` tokens back, never beyond capacity. */
  release(amount: number): void {
    checkFinite('amount', amount, 0);
    const next = this.#available + amount;
    this.#available = next < this.capacity ? next : this.capacity;
  }
}
