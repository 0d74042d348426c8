import { loopTest, type RetryLoopNode } from './ast.js';
import { insideCatch } from './exits/placement.js';
import { movesToNextAlternative } from './alternatives.js';
import { comparesOutcomeCode } from './checks.js';
import { AnalysisContext } from './context.js';
import { numberArray, type Env } from './evaluate.js';
import { policyFrom, serverWaitMark } from './policy.js';
import { scanAttempt } from './scan.js';
import { waitsOnSignal } from './sleep.js';
import { sleepValue } from './sleep-value.js';
import type { RetrySite } from './types.js';
import type { Value } from './value.js';
import { probesState } from './polling/state-probe.js';
import { pollsStoredState } from './polling/stored-state.js';
import { readsOnlyToProbe } from './polling/read-probe.js';
import { classifies, headLoc } from './loops/loop-retry.js';
import { scheduleBinding, iteratesCollection, advancesThroughItems, entriesOf } from './loops/items.js';
import { feedsOperation, generatedBound, generatedSchedule, triesInBody, type GeneratedSchedule } from './loops/generated-schedule.js';
import { tryForm, checkForm, continuedFromInner } from './loops/forms.js';
import { loopBound, firstAttemptBefore, lastAttemptAfter } from './loops/loop-bound.js';
import { guardedSite } from './loops/guarded.js';
import { helperWait, chooseSleep, immediateOrUnknown } from './loops/waits.js';
import { checkedSkipInTry, waitingBranch } from './loops/branches.js';

/** A loop that runs the same operation again after it failed, or undefined. */
export function loopSite(loop: RetryLoopNode, ctx: AnalysisContext): RetrySite | undefined {
  if (iteratesCollection(loop, ctx)) return undefined;
  const env: Env = { ctx, region: loop, counters: new Set(), depth: 0 };
  let schedule: number[] | undefined;
  let generated: GeneratedSchedule | undefined;
  if (loop.type === 'ForOfStatement') {
    // `for (const wait of [0, 250, 500])` / `for (const attempt of [1, 2, 3])`: a fixed schedule.
    schedule = numberArray(entriesOf(loop.right) ?? loop.right, env);
    generated = schedule ? undefined : generatedSchedule(loop, ctx, triesInBody(loop));
    const binding = scheduleBinding(loop, schedule, ctx) ?? generated?.binding;
    if (!binding) return undefined;
    env.bindings = binding;
  }
  const scan = scanAttempt(loop.body, ctx);
  // `while (!(await lock.tryAcquire()))`: the operation sits in the condition.
  const test = loopTest(loop);
  if (test && loop.type !== 'ForStatement') scan.calls.push(...scanAttempt(test, ctx).calls);
  if (scan.calls.length === 0) return undefined;
  const retry = tryForm(loop, scan, env) ?? checkForm(loop, scan, env) ?? continuedFromInner(loop, scan, env);
  if (!retry && !schedule && !generated) return guardedSite(loop, scan, env);
  if (!retry || advancesThroughItems(loop, retry.operation, env) || movesToNextAlternative(loop.body, retry.operation ? [retry.operation] : [], ctx)) return undefined;
  if (generated && feedsOperation(generated, retry.operation, ctx)) return undefined;

  const bound = schedule ? { attempts: schedule.length, deadline: false, abortAware: false, unbounded: false } : generated ? generatedBound(generated, loopBound(loop, env, retry.operation)) : loopBound(loop, env, retry.operation);
  // `let res = await op(); for (…) { …; res = await op(); }`: the first attempt was made before the loop.
  if (typeof bound.attempts === 'number' && firstAttemptBefore(loop, retry.operation, env)) bound.attempts += 1;
  // `… } return probe();`: one more attempt after the last wait.
  if (typeof bound.attempts === 'number' && lastAttemptAfter(loop, retry.operation, ctx)) bound.attempts += 1;
  // Going round while a probe answers "not yet", up to a deadline or a count: waiting for a state.
  if (retry.check && (bound.deadline || typeof bound.attempts === 'number') && probesState(retry.check, env)) return undefined;
  // The same probe written in place: a read whose answer is only its status.
  if ((bound.deadline || typeof bound.attempts === 'number') && readsOnlyToProbe(loop, retry.operation, ctx)) return undefined;
  // Going round after a success until a state the operation reports is reached: polling.
  // (A loop that goes round after a success without waiting moves on, a transfer that resumes
  // where the last call left it: its waits are the failures' backoff, not a poll's.)
  if (!(retry.check && comparesOutcomeCode(retry.check, env)) && pollsStoredState(loop, retry.operation, ctx) && scan.sleeps.some((s) => !insideCatch(s.node, loop.body))) return undefined;
  const { sleep, givenByFailure } = chooseSleep(scan.sleeps, retry, env);
  // (A generator that sleeps before each turn waits for the loop: `for await (const _ of backoff())`.)
  let delay: Value = sleep ? sleepValue(sleep, env) : (generated?.wait ?? helperWait(retry, scan, loop, env) ?? immediateOrUnknown(retry, scan, loop, ctx));
  if (givenByFailure && !delay.withoutServerWait) delay = { ...delay, withoutServerWait: true };
  const site: RetrySite = {
    kind: 'loop',
    node: loop,
    loc: headLoc(loop, ctx),
    operation: retry.operation,
    operationScope: loop.body,
    policy: policyFrom(delay, bound, bound.unbounded),
    fromLibraryDefault: { delay: false, jitter: false, attempts: false },
    classifiesErrors: classifies(retry.failurePath, env),
    abortAware: bound.abortAware || (sleep !== undefined && waitsOnSignal(sleep)),
    deadlineBound: bound.deadline,
    nested: [],
    ...serverWaitMark(delay),
  };
  if (retry.byDefaults) site.byDefaults = true;
  if (sleep) {
    site.sleep = sleep.node;
    if (sleep.delay) site.delayExpression = sleep.delay;
    const waitsOnlyIf = waitingBranch(sleep, retry, scan, loop, env) ?? checkedSkipInTry(sleep, retry, env);
    if (waitsOnlyIf) site.immediateUnless = waitsOnlyIf;
  }
  return site;
}
