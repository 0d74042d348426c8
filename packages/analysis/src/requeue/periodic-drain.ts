import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, isFunction, propertyName, unbound, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { enclosingClass } from '../classes/class-members.js';
import type { AnalysisContext } from '../context.js';
import { evaluate, type Env } from '../evaluate.js';
import { methodOf } from '../functions/instance-methods.js';
import { timedReentrySite } from '../policy.js';
import type { RetrySite } from '../types.js';
import type { Value } from '../value.js';

/**
 * A store a timer drains on a period, with failed items put back into it: `setInterval(() =>
 * this.flush(), ms)` where the flush takes items out of `this.buffer` (`splice`, `shift`, `pop`)
 * and sends them, and the failure path of that send (a `catch`, a `.catch()` handler, and the
 * methods they call) puts items back into the same store (`unshift`, `push`). The next tick
 * sends them again: a retry whose wait is the period, the same every time whatever its value.
 * Items put back only under a count (`item.resendLimit-- > 0`, `tries < max`) are sent again a
 * number of times the analysis does not read; with none, they go round for ever.
 *
 * The methods are followed through `this.m()` calls of the class that owns the timer, a few deep.
 */
export function periodicRequeueSites(calls: readonly TSESTree.CallExpression[], ctx: AnalysisContext, taken: ReadonlySet<Node>): RetrySite[] {
  const sites: RetrySite[] = [];
  for (const call of calls) {
    if (calleeName(call) !== 'setInterval' || call.arguments.length < 2) continue;
    const cls = enclosingClass(call);
    const tick = cls && tickFunction(call.arguments[0] as Node, cls, ctx);
    if (!cls || !tick) continue;
    const found = drain(tick, cls, ctx);
    if (!found || taken.has(found.putIn)) continue;
    const env: Env = { ctx, region: call, counters: new Set(), depth: 0 };
    const period = call.arguments[1] as Node;
    const value = evaluate(period, env);
    // A period is set once: what it is does not change from one tick to the next.
    const delay: Value = value.t === 'unknown' && !value.random ? { t: 'invariant', random: false } : value;
    const site = timedReentrySite({ node: found.putIn, loc: found.put.loc, operationScope: tick.body, delay, bound: undefined, mayStop: found.counted });
    site.sleep = call;
    site.delayExpression = period;
    site.requeue = { store: `this.${found.store}` };
    sites.push(site);
  }
  return sites;
}

/** The function a timer runs: `() => this.flush()`, `this.flush`, `this.flush.bind(this)`. */
function tickFunction(arg: Node, cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, ctx: AnalysisContext): FunctionNode | undefined {
  const a = unwrap(arg);
  if (isFunction(a)) return a;
  const bound = unbound(a);
  if (bound.type === 'MemberExpression' && bound.object.type === 'ThisExpression') {
    const name = propertyName(bound);
    return name === undefined ? undefined : methodOf(cls, name, ctx);
  }
  return undefined;
}

const TAKE = new Set(['splice', 'shift', 'pop']);
const PUT = new Set(['unshift', 'push']);
const MAX_METHODS = 4;

interface Drained {
  store: string;
  put: TSESTree.CallExpression;
  putIn: FunctionNode;
  counted: boolean;
}

/** The store the tick takes from and a put back into it on a failure path, if any. */
function drain(tick: FunctionNode, cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, ctx: AnalysisContext): Drained | undefined {
  const takes = new Set<string>();
  const puts: { store: string; put: TSESTree.CallExpression; fn: FunctionNode }[] = [];
  const seen = new Map<FunctionNode, boolean>();
  const queue: { fn: FunctionNode; failing: boolean; depth: number }[] = [{ fn: tick, failing: false, depth: 0 }];
  while (queue.length > 0) {
    const { fn, failing, depth } = queue.shift() as (typeof queue)[number];
    // Reached on a failure path once is enough; reached first on the other path, read again.
    if (seen.get(fn) === true || (seen.has(fn) && !failing)) continue;
    seen.set(fn, failing);
    walk(fn.body, ctx.keys, (node) => {
      if (node.type !== 'CallExpression') return undefined;
      const callee = node.callee;
      if (callee.type !== 'MemberExpression') return undefined;
      const onFailure = failing || onFailurePath(node, fn);
      const target = callee.object;
      const method = propertyName(callee);
      // `this.buffer.splice(0, n)` / `this.buffer.unshift(...items)`.
      if (target.type === 'MemberExpression' && target.object.type === 'ThisExpression' && method !== undefined) {
        const store = propertyName(target);
        if (store !== undefined && TAKE.has(method)) takes.add(store);
        if (store !== undefined && PUT.has(method) && onFailure) puts.push({ store, put: node, fn });
        return undefined;
      }
      // `this.retry(events)`: a method of the class, on the failure path when the call is.
      if (target.type === 'ThisExpression' && method !== undefined && depth < MAX_METHODS) {
        const next = methodOf(cls, method, ctx);
        if (next && next !== fn) queue.push({ fn: next, failing: onFailure, depth: depth + 1 });
      }
      return undefined;
    });
  }
  const put = puts.find((p) => takes.has(p.store));
  if (!put) return undefined;
  return { store: put.store, put: put.put, putIn: put.fn, counted: countedIn(put.fn, ctx) };
}

/** A call in a `catch` of `fn`, or in a function handed to `.catch()` / as `.then()`'s second argument. */
function onFailurePath(node: Node, fn: FunctionNode): boolean {
  for (let child: Node = node, p = node.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type === 'CatchClause' && child === p.body) return true;
    if (isFunction(child) && p.type === 'CallExpression' && p.callee.type === 'MemberExpression') {
      const name = propertyName(p.callee);
      if ((name === 'catch' && p.arguments[0] === child) || (name === 'then' && p.arguments[1] === child)) return true;
    }
  }
  return false;
}

/**
 * A comparison that counts in the function that puts back (`item.resendLimit-- > 0`, `tries < max`);
 * a list's length (`failed.length > 0`) is no count.
 */
function countedIn(fn: FunctionNode, ctx: AnalysisContext): boolean {
  let counted = false;
  const isLength = (n: Node) => {
    const u = unwrap(n);
    return u.type === 'MemberExpression' && propertyName(u) === 'length';
  };
  walk(fn.body, ctx.keys, (node) => {
    if (counted) return false;
    if (node.type === 'BinaryExpression' && /^[<>]=?$/.test(node.operator) && !isLength(node.left as Node) && !isLength(node.right)) counted = true;
    return undefined;
  });
  return counted;
}
