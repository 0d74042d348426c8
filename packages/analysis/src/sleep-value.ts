import type { Node } from './ast.js';
import { evaluate, type Env } from './evaluate.js';
import { helperEnv } from './evaluation/helper-calls.js';
import { foreignHelperEnv } from './evaluation/foreign-helper.js';
import { objectWait } from './object-waits.js';
import type { Sleep } from './sleep.js';
import { UNKNOWN, num, withRandom, type Value } from './value.js';

/** The wait a sleep makes, per attempt, in milliseconds. */
export function sleepValue(sleep: Sleep, env: Env): Value {
  let value: Value;
  if (sleep.helper && sleep.timerDelay) {
    // `sleep(2)` whose body waits `s * 1000`, or `backoff(attempt)` that computes its own wait.
    const args = sleep.node.arguments.filter((a) => a.type !== 'SpreadElement') as Node[];
    value = evaluate(sleep.timerDelay, sleep.helperCtx ? foreignHelperEnv(sleep.helper, sleep.helperCtx, args, env) : helperEnv(sleep.helper, args, env));
  } else if (sleep.delay) {
    value = evaluate(sleep.delay, env);
    // An unknown helper given the attempt number computes its own wait: not milliseconds.
    if (sleep.opaque && value.t === 'counter') value = UNKNOWN;
  } else {
    // `await this.applyDelay()`: the wait of the delay object the method makes, when it is read.
    value = sleep.opaque ? (sleep.node.type === 'CallExpression' && !sleep.helper ? objectWait(sleep.node, env) : undefined) ?? UNKNOWN : num(0);
  }
  return sleep.jittered ? withRandom(value, true, 'unknown') : value;
}
