import { parseForESLint } from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../src/ast.js';
import { failureBacksOff as backsOff, type Wait } from '../../src/graph/schedules.js';
import { UNKNOWN, num, type Value } from '../../src/value.js';

/** Waits as values only, as written nowhere. */
const failureBacksOff = (schedule: Value[], failure: Value[]) => backsOff(schedule.map((value) => ({ value })), failure.map((value) => ({ value })));

/** A wait with the expression it is written as. */
const written = (value: Value, text: string): Wait => {
  const statement = parseForESLint(`(${text});`).ast.body[0] as unknown as { expression: Node };
  return { value, expression: statement.expression };
};

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

describe('failureBacksOff: a failure wait of its own setting', () => {
  it('a constant or number written for the failure, other than the schedule\'s expression, backs off whatever the values', () => {
    const nowhereElse = () => false;
    expect(backsOff([written(UNKNOWN, 'retryIntervalMs')], [written(invariant, 'POLLING_ERROR_RETRY_INTERVAL_MS')], nowhereElse)).toBe(true);
    expect(backsOff([written(invariant, 'INTERVAL')], [written(num(5_000), '5000')], nowhereElse)).toBe(true);
    expect(backsOff([written(UNKNOWN, 'this.intervalMs')], [written(invariant, 'this.errorDelayMs')], nowhereElse)).toBe(true);
  });

  it('a setting the task also reads outside the failure path (`let next = POLL_MS`) is the schedule\'s too; a number stays the failure\'s', () => {
    const everywhere = () => true;
    expect(backsOff([written(UNKNOWN, 'nextMs')], [written(invariant, 'POLL_MS')], everywhere)).toBe(false);
    expect(backsOff([written(UNKNOWN, 'nextMs')], [written(num(5_000), '5000')], everywhere)).toBe(true);
  });

  it('the same setting on both ways is the schedule carrying on', () => {
    expect(backsOff([written(invariant, 'INTERVAL')], [written(invariant, 'INTERVAL')])).toBe(false);
    expect(backsOff([written(UNKNOWN, 'this.intervalMs')], [written(invariant, 'this.intervalMs')])).toBe(false);
  });

  it('a computed, unknown or random failure wait is no setting of its own', () => {
    expect(backsOff([written(UNKNOWN, 'INTERVAL')], [written(UNKNOWN, 'next()')])).toBe(false);
    expect(backsOff([written(UNKNOWN, 'INTERVAL')], [written(UNKNOWN, 'ERROR_MS')])).toBe(false);
    expect(backsOff([written(UNKNOWN, 'INTERVAL')], [written({ t: 'invariant', random: true }, 'ERROR_MS')])).toBe(false);
    expect(backsOff([{ value: UNKNOWN }], [written(invariant, 'ERROR_MS')])).toBe(false);
  });
});
