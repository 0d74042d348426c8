import { describe, expect, it } from 'vitest';
import { failureBacksOff } from '../../src/graph/schedules.js';
import { UNKNOWN, num, type Value } from '../../src/value.js';

const grow: Value = { t: 'grow', shape: 'exponential', base: 500, factor: 2, random: false };
const invariant: Value = { t: 'invariant', random: false };

describe('failureBacksOff: the failure path waits otherwise than the schedule', () => {
  it('a failure wait that grows backs off, whatever the schedule waits', () => {
    expect(failureBacksOff([num(60_000)], [grow])).toBe(true);
    expect(failureBacksOff([UNKNOWN], [grow])).toBe(true);
  });

  it('a different known number backs off; the same number is the schedule carrying on', () => {
    expect(failureBacksOff([num(30_000)], [num(5_000)])).toBe(true);
    expect(failureBacksOff([num(5_000)], [num(5_000)])).toBe(false);
  });

  it('an unknown or an unnamed invariant on either side shows no difference', () => {
    expect(failureBacksOff([num(1_000)], [UNKNOWN])).toBe(false);
    expect(failureBacksOff([invariant], [invariant])).toBe(false);
    expect(failureBacksOff([invariant], [num(1_000)])).toBe(false);
  });

  it('needs both a schedule and a failure way, and every failure way to differ', () => {
    expect(failureBacksOff([], [grow])).toBe(false);
    expect(failureBacksOff([num(1)], [])).toBe(false);
    expect(failureBacksOff([num(1_000)], [grow, num(1_000)])).toBe(false);
  });
});
