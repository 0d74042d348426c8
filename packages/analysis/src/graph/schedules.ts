import type { Value } from '../value.js';

/**
 * A task that goes again after a success too (a schedule) and after a failure: the failure's
 * way back is a retry of its own only when it waits differently from the schedule — a wait
 * that grows from one failure to the next, or a known number other than the schedule's
 * (`await wait(ok ? everyMs : nextErrorGap())`, a separate error delay). The same wait on
 * both ways is a periodic task that carries on whatever happened: no retry. An unknown wait
 * on either side cannot show a difference.
 */
export function failureBacksOff(scheduleWaits: readonly Value[], failureWaits: readonly Value[]): boolean {
  return scheduleWaits.length > 0 && failureWaits.length > 0 && failureWaits.every((failure) => scheduleWaits.every((schedule) => waitsDifferently(failure, schedule)));
}

function waitsDifferently(failure: Value, schedule: Value): boolean {
  // Grows with each failure: a backoff, whatever the schedule waits.
  if (failure.t === 'grow' || failure.t === 'counter') return true;
  if (failure.t === 'unknown' || schedule.t === 'unknown') return false;
  if (failure.t === 'num' && schedule.t === 'num') return failure.v !== schedule.v;
  // Two values the same every time, neither known (`this.everyMs`, `this.errorMs`): not told apart.
  return failure.t !== schedule.t && !(failure.t === 'invariant' || schedule.t === 'invariant');
}
