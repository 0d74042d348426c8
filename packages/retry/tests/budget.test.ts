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
});
