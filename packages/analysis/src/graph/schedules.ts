import { dottedName, unwrap, walk, type Node, type VisitorKeys } from '../ast.js';
import type { Value } from '../value.js';

/** A wait and the expression it is written as, when there is one. */
export interface Wait {
  value: Value;
  expression?: Node | undefined;
}

/**
 * A task that goes again after a success too (a schedule) and after a failure: the failure's
 * way back is a retry of its own only when it waits differently from the schedule — a wait
 * that grows from one failure to the next, or a known number other than the schedule's
 * (`await wait(ok ? everyMs : nextErrorGap())`, a separate error delay). The same wait on
 * both ways is a periodic task that carries on whatever happened: no retry. Values that cannot
 * be told apart (one unknown, or neither known) still differ when the failure waits by a
 * setting of its own: a number or a constant written for it (`ERROR_RETRY_MS`), the same
 * every time, where the schedule waits by another expression (`intervalMs`).
 */
export function failureBacksOff(scheduleWaits: readonly Wait[], failureWaits: readonly Wait[], usedOutsideFailure: (setting: string) => boolean = () => true): boolean {
  return (
    scheduleWaits.length > 0 &&
    failureWaits.length > 0 &&
    failureWaits.every((failure) => scheduleWaits.every((schedule) => waitsDifferently(failure.value, schedule.value) || ownSetting(failure, schedule, usedOutsideFailure)))
  );
}

/**
 * The failure waits by a setting the schedule does not: written differently, and (asked of the
 * task's code) not read anywhere outside the failure path — `let next = POLL_MS` on the way to
 * the schedule's timer makes `POLL_MS` the schedule's too.
 */
function ownSetting(failure: Wait, schedule: Wait, usedOutsideFailure: (setting: string) => boolean): boolean {
  if (!failure.expression || !schedule.expression) return false;
  const value = failure.value;
  if (value.random || !(value.t === 'num' || value.t === 'invariant')) return false;
  const written = settingText(failure.expression);
  if (written === undefined || written === settingText(schedule.expression)) return false;
  // A number is its own setting wherever else the same digits appear.
  const n = unwrap(failure.expression);
  return n.type === 'Literal' || !usedOutsideFailure(written);
}

/** The settings (names, members) read in `root` outside the `excluded` regions, as written. */
export function settingsReadOutside(root: Node, excluded: readonly Node[], keys: VisitorKeys): Set<string> {
  const found = new Set<string>();
  walk(root, keys, (node) => {
    if (excluded.includes(node)) return false;
    if (node.type === 'Identifier' || node.type === 'MemberExpression') {
      const text = settingText(node);
      if (text !== undefined) found.add(text);
    }
    return undefined;
  });
  return found;
}

/** `5000`, `RETRY_MS`, `config.errorDelayMs`, `this.retryMs`: a setting, as written; undefined for a computation. */
function settingText(expression: Node): string | undefined {
  const n = unwrap(expression);
  if (n.type === 'Literal') return typeof n.value === 'number' ? String(n.value) : undefined;
  return n.type === 'Identifier' || n.type === 'MemberExpression' ? dottedName(n) : undefined;
}

function waitsDifferently(failure: Value, schedule: Value): boolean {
  // Grows with each failure: a backoff, whatever the schedule waits.
  if (failure.t === 'grow' || failure.t === 'counter') return true;
  if (failure.t === 'unknown' || schedule.t === 'unknown') return false;
  if (failure.t === 'num' && schedule.t === 'num') return failure.v !== schedule.v;
  // Two values the same every time, neither known (`this.everyMs`, `this.errorMs`): not told apart.
  return failure.t !== schedule.t && !(failure.t === 'invariant' || schedule.t === 'invariant');
}
