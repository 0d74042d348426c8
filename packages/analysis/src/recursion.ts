import { calleeName, contains, isFunction, unwrap, type FunctionNode, type Node } from './ast.js';
import { restartAfterExhaustion } from './restart.js';
import { outcomeCheck } from './checks.js';
import type { AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { branchNotTaken, closedFromTheStart } from './evaluation/branches.js';
import { scanAttempt } from './scan.js';
import { failureBacksOff, settingsReadOutside } from './graph/schedules.js';
import type { RetrySite } from './types.js';
import { UNKNOWN } from './value.js';
import type { Reentry } from './recursion/reentry.js';
import { type FailurePath, sleepBefore, listenedOnFailure, failurePath, withTimer } from './recursion/failure-path.js';
import { hasTimerAround, throughWait } from './recursion/through-wait.js';
import { sameOperation, waitOf, wayBack, drainOf, requeuesInto, walksOn, reentryWait, handedWait } from './recursion/way-back.js';
import { siteFor } from './recursion/site.js';
import { tieredPolicy } from './recursion/tiers.js';

/**
 * A function that calls itself again from its failure path — a catch block, a `.catch()`
 * or `.then(_, onError)` callback, an error callback, an `error`/`close` event handler —
 * directly or through `setTimeout`.
 *
 * Not a retry: a function that also calls itself on success (a poller, a scheduler), or
 * whose self-call is another operation (`trigger('error', e)` inside `trigger`,
 * `validate('http://' + url)`: a fallback with a new input).
 */
export function recursionSites(fn: FunctionNode, selfCalls: readonly Node[], ctx: AnalysisContext, reentries?: ReadonlyMap<Node, Reentry>): RetrySite[] {
  const baseEnv: Env = { ctx, region: fn.body, counters: new Set(), depth: 0 };
  const paths = new Map<Node, FailurePath>();
  /** Self-calls made when the attempt succeeded that go again at once (a work loop's next step). */
  const onSuccessAtOnce: Node[] = [];
  // A failover walk whose every step failed starts over from its exhausted branch: that call
  // retries the walk, and the steps to the next alternative are not retries.
  const restart = reentries && selfCalls.some((c) => reentries.has(c)) ? undefined : restartAfterExhaustion(fn, selfCalls, (c) => failurePath(c, fn, baseEnv) !== undefined, ctx);
  if (restart) {
    const restartPaths = new Map([[restart.call, withTimer({ container: restart.branch }, restart.call, fn, ctx)]]);
    const site = siteFor(restart.call, fn, restartPaths, selfCalls, baseEnv, undefined, undefined, restart);
    return site ? [site] : [];
  }
  // Each call's way back in on a failure. With none, the function retries nothing whatever the
  // defaults or timers say (every branch below ends in no site): most recursion is a walk or a
  // parser, and reading the defaults for each of its calls cost more than the rest of this.
  const failurePaths = new Map<Node, FailurePath>();
  for (const call of selfCalls) {
    const path = failurePath(call, fn, baseEnv) ?? listenedOnFailure(call, fn, reentries?.get(call), ctx) ?? (reentries?.get(call)?.handed ? withTimer({ container: fn.body }, call, fn, ctx) : undefined);
    if (path && !closedFromTheStart(call, fn, baseEnv)) failurePaths.set(call, path);
  }
  if (failurePaths.size === 0) return [];
  let byDefaults = false;
  /** The stores drained after a success (their next item), each needing a failure path that queues the failed input there. */
  const drains: Node[] = [];
  const schedules: Node[] = [];
  for (const call of selfCalls) {
    // A way back in under a branch the options' defaults never take (`else if (typeof retryOn
    // === 'function')` with `retryOn: []`): what the function does with a caller's option, not by default.
    if (branchNotTaken(call, fn, baseEnv)) {
      byDefaults = true;
      continue;
    }
    const path = failurePaths.get(call);
    if (path) paths.set(call, path);
    else if (!insideGuardedBranch(call, fn)) {
      // Set up after a success, but gone through only when the connection fails (its last leg in
      // a close or error listener): a failure's way back, not the task's schedule.
      if (failureDriven(reentries?.get(call), baseEnv)) continue;
      if (!goesAtOnce(call, fn, baseEnv, reentries?.get(call))) {
        // A drain of a queue (the next item, on a timer) after a success: not this call again,
        // when the failure path queues the failed input in that store (requeue.ts).
        const drained = drainOf(reentries?.get(call), ctx);
        // A way back on success that waits first schedules the task again (through another
        // function too); its failure path may still back off (below).
        if (drained) drains.push(drained);
        else schedules.push(call);
        continue;
      }
      onSuccessAtOnce.push(call);
    }
  }
  // A periodic task: the success path's way back is its schedule (no finding), the failure path's a retry when it waits otherwise (graph/schedules.ts).
  if (schedules.length > 0) {
    const failureRegions = [...paths.values()].map((p) => p.container).filter((c) => c !== fn && c !== fn.body);
    const outside = (setting: string) => (readOutside ??= settingsReadOutside(fn.body, failureRegions, ctx.keys)).has(setting);
    let readOutside: Set<string> | undefined;
    // Through a second function that sets the timer, the wait each call hands it.
    const handed = (c: Node) => { const reentry = reentries?.get(c); return reentry ? handedWait(c, reentry, fn, baseEnv) : undefined; };
    if (!failureBacksOff(schedules.map((c) => handed(c) ?? waitOf(c, paths.get(c), fn, baseEnv)), [...paths.keys()].map((c) => handed(c) ?? (reentries?.has(c) ? { value: UNKNOWN } : waitOf(c, paths.get(c), fn, baseEnv))), outside)) return [];
  }
  if (drains.length > 0 && !drains.every((store) => [...paths].some(([c, path]) => requeuesInto(c, path, fn, reentries?.get(c), store, ctx)))) return [];
  // A work loop that goes on at once after a success and only after a timer after a failure
  // (`.then(() => this.next(), () => setTimeout(() => this.next(), interval))`) retries its failed
  // step on that timer; one whose failure path goes again at once as well is a loop, not a retry.
  if (onSuccessAtOnce.length > 0 && ![...paths].some(([call, path]) => scheduledOnFailure(call, path, reentries?.get(call), baseEnv))) return [];
  const candidates = [...paths.keys()].filter((call) => {
    const reentry = reentries?.get(call);
    return reentry ? reentry.backs.some((back) => sameOperation(fn, back, ctx)) && !walksOn(reentry, baseEnv) : sameOperation(fn, call, ctx);
  });
  if (candidates.length === 0) return [];
  const waiting = new Map<Node, boolean>();
  const waits = (c: Node): boolean => {
    let w = waiting.get(c);
    if (w === undefined) waiting.set(c, (w = Boolean(paths.get(c)?.timer) || sleepBefore(c, paths.get(c) as FailurePath, baseEnv) || Boolean(reentryWait(c, reentries, baseEnv))));
    return w;
  };
  // Of several ways back in, the one that waits says how this function retries.
  // (A way through a second function that cannot be followed — used where nothing failed — gives way
  // to one that can: the `.catch(err => this.onClose(err))` beside an `on('close', this.onClose)`.)
  const followable = (c: Node) => !reentries?.has(c) || wayBack(reentries.get(c) as Reentry, c, fn, baseEnv, paths.get(c)) !== undefined;
  const call = candidates.find((c) => waits(c) && followable(c)) ?? candidates.find(waits) ?? (candidates[0] as Node);
  const main = siteFor(call, fn, paths, selfCalls, baseEnv, reentries?.get(call));
  if (!main) return [];
  if (byDefaults) main.byDefaults = true;
  // Another way back in that goes again at once (`if (res === null) return this.send(…)` beside
  // a 429 that sleeps first) is a second policy of the same function: its own site, when the
  // analysis sees that it does not wait.
  const immediate = waits(call) && !reentries?.has(call) ? candidates.find((c) => !reentries?.has(c) && !waits(c) && sameCallAs(c, call, ctx) && !splitByCondition(c, call, baseEnv)) : undefined;
  const second = immediate && siteFor(immediate, fn, paths, selfCalls, baseEnv);
  if (second && second.policy.delay.kind === 'none' && !second.sleep) return [main, second];
  const rest = reentries?.has(call) ? [] : candidates.filter((c) => c !== call);
  if (rest.length > 0) main.policy = alongsideOthers(main, call, rest, (c, alongside) => siteFor(c, fn, paths, selfCalls, baseEnv, undefined, undefined, undefined, alongside), (c) => !reentries?.has(c) && waits(c) && sameWayIn(c, call, ctx));
  return [main];
}

/**
 * The policy of a retry with other ways back in beside `call` (`rest`): the bound is that of all
 * of them together (where none gives up, a test of the count only picks the way); each its own
 * branch of the count with its own fixed wait is one stepped retry (recursion/tiers.ts); another
 * way back that goes on past them leaves the wait beyond what this reading can state.
 */
function alongsideOthers(main: RetrySite, call: Node, rest: readonly Node[], site: (call: Node, alongside: readonly Node[]) => RetrySite | undefined, timed: (call: Node) => boolean): RetrySite['policy'] {
  const together = site(call, rest)?.policy.maxAttempts;
  if (together === undefined) return main.policy;
  if (rest.every(timed)) {
    const sites = rest.map((c) => site(c, []));
    const tiered = sites.every((s) => s !== undefined) ? tieredPolicy([main, ...(sites as RetrySite[])], together) : undefined;
    if (tiered) return tiered;
  }
  return together === main.policy.maxAttempts ? main.policy : { ...main.policy, maxAttempts: together, delay: { kind: 'unknown' }, jitter: 'unknown' };
}

/**
 * A self-call (or a call of a second function that comes back in) that no timer, scheduler
 * or sleep holds back: neither one around it or before it in its function, nor one in the
 * second function on its way back.
 */
function goesAtOnce(call: Node, fn: FunctionNode, env: Env, reentry: Reentry | undefined): boolean {
  const path = withTimer({ container: fn }, call, fn, env.ctx);
  if (path.timer || path.opaqueTimer || hasTimerAround(call, fn)) return false;
  // A sleep before it, in the callback that holds it (`.then(async () => { await sleep(ms); again() })`) or in the function.
  const sleepsBefore = (root: Node) => scanAttempt(root, env.ctx).sleeps.some((s) => s.node.range[0] < call.range[0]);
  let holder: FunctionNode = fn;
  for (let p = call.parent; p && p !== fn; p = p.parent) {
    if (isFunction(p)) {
      holder = p;
      break;
    }
  }
  if (sleepsBefore(fn.body) || (holder !== fn && sleepsBefore(holder.body))) return false;
  return !reentry || !reentry.backs.some((b) => throughWait(b, reentry.through, env.ctx).waits || hasTimerAround(b, reentry.through));
}

/**
 * The failure path schedules the way back on a setTimeout: around the self-call in the
 * failure path, or, through a second function, around its call back in.
 */
function scheduledOnFailure(call: Node, path: FailurePath, reentry: Reentry | undefined, env: Env): boolean {
  if (path.timer) return true;
  return reentry !== undefined && reentry.backs.some((b) => throughWait(b, reentry.through, env.ctx).timer !== undefined);
}

/** The function handed over as it is (`setTimeout(connect, 1000)` in each branch), or the same call (sameCallAs). */
function sameWayIn(a: Node, b: Node, ctx: AnalysisContext): boolean {
  if (a.type !== 'CallExpression' && b.type !== 'CallExpression') return ctx.sourceCode.text.slice(a.range[0], a.range[1]) === ctx.sourceCode.text.slice(b.range[0], b.range[1]);
  return sameCallAs(a, b, ctx);
}

/**
 * Two self-calls that go again with the same arguments, but for a counter's step
 * (`send(req, retries)` and `send(req, ++retries)`). One that hands on something the
 * attempt has used (`this._refresh(hostIterator)` beside `this._refresh()`) goes elsewhere.
 */
function sameCallAs(a: Node, b: Node, ctx: AnalysisContext): boolean {
  if (a.type !== 'CallExpression' || b.type !== 'CallExpression' || a.arguments.length !== b.arguments.length) return false;
  const text = (n: Node) => {
    const u = unwrap(n);
    const base = u.type === 'UpdateExpression' ? u.argument : u.type === 'BinaryExpression' && /^[+-]$/.test(u.operator) && unwrap(u.right).type === 'Literal' ? u.left : u;
    return ctx.sourceCode.text.slice(base.range[0], base.range[1]);
  };
  return a.arguments.every((arg, i) => text(arg) === text(b.arguments[i] as Node));
}

/**
 * The two calls sit in the two arms of a condition that is not the attempt's outcome
 * (`if (retryDelay) setTimeout(again, retryDelay); else again();`): one policy whose wait
 * may be zero, not a second way to retry.
 */
function splitByCondition(a: Node, b: Node, env: Env): boolean {
  for (let p = a.parent; p; p = p.parent) {
    if (!contains(p, b)) continue;
    return (p.type === 'IfStatement' || p.type === 'ConditionalExpression') && !contains(p.test, a) && !contains(p.test, b) && outcomeCheck(p.test, env, false) === undefined;
  }
  return false;
}

/**
 * A self-call off the failure path that runs only under a condition of its own (`if (more)
 * next()`) leaves the question open; one that runs whenever the attempt succeeds — a
 * `.then(() => again())`, a reschedule after the work — makes the function a poller.
 */
function insideGuardedBranch(call: Node, fn: FunctionNode): boolean {
  // `p.then(onValue, onError)` handing the function (or the one that calls it back) on: it goes
  // again when the attempt succeeds, whatever guard the `.then` sits under.
  const host = call.parent;
  if (host?.type === 'CallExpression' && calleeName(host) === 'then' && host.arguments[0] === call) return false;
  for (let p = call.parent; p && p !== fn; p = p.parent) {
    if (p.type === 'IfStatement' || p.type === 'ConditionalExpression' || p.type === 'LogicalExpression' || p.type === 'SwitchCase') {
      // A guard inside a success callback still reschedules on success.
      for (let q: Node | undefined = p.parent; q && q !== fn; q = q.parent) if (isSuccessCallback(q)) return false;
      return true;
    }
  }
  return false;
}

function isSuccessCallback(node: Node): boolean {
  const parent = node.parent;
  return isFunction(node) && parent?.type === 'CallExpression' && calleeName(parent) === 'then' && parent.arguments[0] === node;
}

/**
 * A way back through other functions whose last leg runs only on a failure: from a failure's
 * listener (`connection.on('close', () => this.scheduleReconnect())` in the `watch` a success
 * calls) or a catch; the call sits on a failure path of the function that holds it.
 */
function failureDriven(reentry: Reentry | undefined, env: Env): boolean {
  if (!reentry) return false;
  const leg = reentry.via ? [{ node: reentry.via.call, holder: reentry.via.fn }] : reentry.backs.map((node) => ({ node, holder: reentry.through }));
  return leg.length > 0 && leg.every(({ node, holder }) => failurePath(node, holder, { ...env, region: holder.body }) !== undefined);
}
