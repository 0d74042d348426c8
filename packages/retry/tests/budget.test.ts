import { describe, expect, it } from 'vitest';
import { RetryBudget } from '../src/index.js';
import { httpError, netError } from './support/fake-time.js';

describe('RetryBudget', () => {
  it('starts full with the AWS SDK numbers', () => {
    const budget = new RetryBudget();
    expect([budget.capacity, budget.retryCost, budget.timeoutCost, budget.successRefund, budget.available]).toEqual([
      500, 5, 10, 1, 500,
    ]);
  });

  it('charges timeoutCost for a timeout and retryCost for any other error', () => {
    const budget = new RetryBudget();
    expect(budget.costOf(netError('ETIMEDOUT'))).toBe(10);
    expect(budget.costOf(httpError(504))).toBe(10);
    expect(budget.costOf(httpError(503))).toBe(5);
    expect(budget.costOf(netError('ECONNRESET'))).toBe(5);
  });

  it('takes tokens while it has them, then refuses without going negative', () => {
    const budget = new RetryBudget({ capacity: 12 });
    expect(budget.tryAcquire(5)).toBe(true);
    expect(budget.tryAcquire(5)).toBe(true);
    expect(budget.available).toBe(2);
    expect(budget.tryAcquire(5)).toBe(false);
    expect(budget.available).toBe(2);
    expect(budget.tryAcquire(2)).toBe(true);
    expect(budget.available).toBe(0);
    expect(budget.tryAcquire(0)).toBe(true);
  });

  it('refills up to capacity and no further', () => {
    const budget = new RetryBudget({ capacity: 20 });
    budget.tryAcquire(10);
    budget.release(4);
    expect(budget.available).toBe(14);
    budget.release(100);
    expect(budget.available).toBe(20);
  });

  it('drains after capacity / retryCost retries: 500 / 5 = 100', () => {
    const budget = new RetryBudget();
    let granted = 0;
    while (budget.tryAcquire(budget.retryCost)) granted++;
    expect(granted).toBe(100);
    expect(budget.available).toBe(0);
  });

  it.each([
    [{ capacity: 0 }, 'capacity'],
    [{ capacity: -1 }, 'capacity'],
    [{ capacity: Infinity }, 'capacity'],
    [{ retryCost: Number.NaN }, 'retryCost'],
    [{ timeoutCost: -10 }, 'timeoutCost'],
    [{ successRefund: -1 }, 'successRefund'],
  ])('refuses %o naming %s', (options, name) => {
    expect(() => new RetryBudget(options)).toThrow(RangeError);
    expect(() => new RetryBudget(options)).toThrow(`option \`${name}\``);
  });

  it('refuses negative amounts', () => {
    const budget = new RetryBudget();
    expect(() => budget.tryAcquire(-5)).toThrow(RangeError);
    expect(() => budget.release(-1)).toThrow(RangeError);
    expect(budget.available).toBe(500);
  });

  it.each<[unknown, string]>([
    [null, 'option `options` must be an object (got null)'],
    ['x', 'option `options` must be an object (got "x")'],
    [5, 'option `options` must be an object (got 5)'],
  ])('refuses options %o with a TypeError', (options, message) => {
    expect(() => new RetryBudget(options as never)).toThrow(new TypeError(`@retry-hygiene/retry: ${message}`));
  });

  it('refuses an unknown option, naming it and the ones it takes', () => {
    expect(() => new RetryBudget({ bogus: 1 } as never)).toThrow(
      new TypeError(
        '@retry-hygiene/retry: unknown RetryBudget option `bogus` (it takes capacity, retryCost, timeoutCost, successRefund)',
      ),
    );
    expect(() => new RetryBudget({ constructor: 1 } as never)).toThrow('unknown RetryBudget option `constructor`');
  });

  it.each<[object, string]>([
    [{ capacity: 1, retryCost: 5 }, 'retryCost (5) and timeoutCost (10)'],
    [{ capacity: 4, retryCost: 5, timeoutCost: 6 }, 'retryCost (5) and timeoutCost (6)'],
    [{ capacity: 2, retryCost: 5, timeoutCost: 3 }, 'retryCost (5) and timeoutCost (3)'],
  ])('refuses %o: a bucket that can never pay for a retry', (options, costs) => {
    const capacity = (options as { capacity: number }).capacity;
    expect(() => new RetryBudget(options)).toThrow(
      new RangeError(
        `@retry-hygiene/retry: option \`capacity\` must be ≥ the smaller of ${costs}, or no retry can ever be paid for (got ${capacity})`,
      ),
    );
  });

  it('accepts a capacity that pays for the cheaper kind of retry only', () => {
    const budget = new RetryBudget({ capacity: 5 });
    expect(budget.tryAcquire(budget.timeoutCost)).toBe(false);
    expect(budget.tryAcquire(budget.retryCost)).toBe(true);
  });
});
