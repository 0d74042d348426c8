import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, isAnyLoop, isFunction, walk, type Node } from './ast.js';
import type { AnalysisContext } from './context.js';
import { localFunction } from './functions/local-function.js';
import { asSleep, type Sleep } from './sleep.js';
import { delayedCall } from './summaries/timer-sleep.js';
import { isOperationCall } from './operations/operation-call.js';

export { isOperationCall };

/** What one attempt of a retry does, collected once: statements of this level only. */
export interface AttemptScan {
  tries: TSESTree.TryStatement[];
  ifs: TSESTree.IfStatement[];
  sleeps: Sleep[];
  calls: TSESTree.CallExpression[];
  returns: TSESTree.ReturnStatement[];
  /** Breaks, and continues of a labelled statement (`continue outer`): each may leave a loop around it. */
  breaks: (TSESTree.BreakStatement | TSESTree.ContinueStatement)[];
}

/**
 * Collects the statements of one attempt under `root`, without entering nested functions
 * or nested loops (their retries and exits are their own).
 */
export function scanAttempt(root: Node, ctx: AnalysisContext): AttemptScan {
  const scan: AttemptScan = { tries: [], ifs: [], sleeps: [], calls: [], returns: [], breaks: [] };
  walk(root, ctx.keys, (node) => {
    if (node !== root && isFunction(node)) return false;
    if (node !== root && isAnyLoop(node)) {
      // A nested loop's calls are part of this attempt's work; its control flow is its own.
      const inner = loopCalls(node, ctx);
      for (const call of inner.calls) scan.calls.push(call);
      for (const ret of inner.returns) scan.returns.push(ret);
      return false;
    }
    switch (node.type) {
      case 'TryStatement':
        scan.tries.push(node);
        break;
      case 'IfStatement':
        scan.ifs.push(node);
        break;
      case 'ReturnStatement':
        scan.returns.push(node);
        break;
      case 'BreakStatement':
        scan.breaks.push(node);
        break;
      case 'ContinueStatement':
        if (node.label) scan.breaks.push(node);
        break;
      case 'NewExpression':
      case 'CallExpression': {
        const sleep = asSleep(node, ctx);
        if (sleep) {
          scan.sleeps.push(sleep);
          // `await new Promise((r) => setTimeout(() => r(op()), ms))`: the call after the wait is this attempt's.
          const after = node.type === 'NewExpression' ? delayedCall(node, ctx) : undefined;
          if (after && isOperationCall(after)) scan.calls.push(after);
          return false;
        }
        // `new Promise((resolve, reject) => { setTimeout(reject, ms); op().then(resolve, reject) })`:
        // a timeout around the operation; the work inside the executor is this attempt's.
        if (node.type === 'NewExpression' && calleeName(node) === 'Promise' && node.arguments[0] && isFunction(node.arguments[0])) {
          collectCalls(node.arguments[0].body, ctx, scan, false);
        }
        if (node.type === 'CallExpression' && isOperationCall(node)) scan.calls.push(node);
        break;
      }
    }
    return undefined;
  });
  return scan;
}

interface LoopCalls {
  calls: TSESTree.CallExpression[];
  returns: TSESTree.ReturnStatement[];
}

/** Per loop node; weak, as the AST it belongs to. */
const loopCallsCache = new WeakMap<Node, LoopCalls>();

/**
 * The operation calls and the returns inside `loop` (not inside functions in it), in source
 * order. Every loop around a nest asks for it, so each loop's list is built once, from its own
 * level and the lists of the loops directly inside it: the work is linear in the nest's size,
 * not in its size times its depth. Innermost first and without recursion: the depth of a
 * generated nest must not reach the stack's.
 */
function loopCalls(loop: Node, ctx: AnalysisContext): LoopCalls {
  const cached = loopCallsCache.get(loop);
  if (cached) return cached;
  const pending: Node[] = [];
  walk(loop, ctx.keys, (node) => {
    if (node !== loop && isFunction(node)) return false;
    if (!isAnyLoop(node)) return undefined;
    if (loopCallsCache.has(node)) return false;
    pending.push(node);
    return undefined;
  });
  // Source order puts a loop before the loops inside it: backwards, each one's inner lists exist.
  for (let i = pending.length - 1; i >= 0; i--) {
    const current = pending[i] as Node;
    const own: LoopCalls = { calls: [], returns: [] };
    walk(current, ctx.keys, (node) => {
      if (node === current) return undefined;
      if (isFunction(node)) return false;
      const inner = isAnyLoop(node) ? loopCallsCache.get(node) : undefined;
      if (inner) {
        for (const call of inner.calls) own.calls.push(call);
        for (const ret of inner.returns) own.returns.push(ret);
        return false;
      }
      if (node.type === 'CallExpression' && isOperationCall(node) && !asSleep(node, ctx)) own.calls.push(node);
      if (node.type === 'ReturnStatement') own.returns.push(node);
      return undefined;
    });
    loopCallsCache.set(current, own);
  }
  return loopCallsCache.get(loop) as LoopCalls;
}

/** Calls, and returns (which leave every loop), inside `root`. */
function collectCalls(root: Node, ctx: AnalysisContext, scan: AttemptScan, returns = true): void {
  walk(root, ctx.keys, (node) => {
    if (node !== root && isFunction(node)) return false;
    if (node.type === 'CallExpression' && isOperationCall(node) && !asSleep(node, ctx)) scan.calls.push(node);
    if (returns && node.type === 'ReturnStatement') scan.returns.push(node);
    return undefined;
  });
}

/** A `break` that leaves `loop` (not a nested switch), or a labelled break naming it. */
export function breaksOut(statement: TSESTree.BreakStatement | TSESTree.ContinueStatement, loop: Node): boolean {
  if (statement.label) {
    const parent = loop.parent;
    const own = parent?.type === 'LabeledStatement' && parent.label.name === statement.label.name;
    // `break retry` leaves the loop labelled `retry`; `continue retry` goes round it.
    if (own) return statement.type === 'BreakStatement';
    // A label on a statement around the loop (`continue outer` to the next item): out of this loop.
    return labelledAround(loop, statement.label.name);
  }
  if (statement.type === 'ContinueStatement') return false;
  for (let p: Node | undefined = statement.parent; p && p !== loop; p = p.parent) {
    if (p.type === 'SwitchStatement' || isAnyLoop(p)) return false;
  }
  return true;
}

/** A list of calls sorted by position (start ascending, outer before inner), with each call's index in the list. */
interface SortedCalls {
  length: number;
  entries: { call: TSESTree.CallExpression; index: number }[];
}

const sortedCache = new WeakMap<readonly TSESTree.CallExpression[], SortedCalls>();

function sortedCalls(calls: readonly TSESTree.CallExpression[]): SortedCalls['entries'] {
  const cached = sortedCache.get(calls);
  // The lists are built before they are searched; a list that grew since is sorted again.
  if (cached && cached.length === calls.length) return cached.entries;
  const entries = calls.map((call, index) => ({ call, index }));
  // Calls are mostly collected in source order already: sorting such a list would only allocate.
  if (!inOrder(entries)) entries.sort(byPosition);
  sortedCache.set(calls, { length: calls.length, entries });
  return entries;
}

function byPosition(a: { call: TSESTree.CallExpression; index: number }, b: { call: TSESTree.CallExpression; index: number }): number {
  return a.call.range[0] - b.call.range[0] || b.call.range[1] - a.call.range[1] || a.index - b.index;
}

function inOrder(entries: readonly { call: TSESTree.CallExpression; index: number }[]): boolean {
  for (let i = 1; i < entries.length; i++) if (byPosition(entries[i - 1] as (typeof entries)[number], entries[i] as (typeof entries)[number]) > 0) return false;
  return true;
}

/**
 * The operation among `calls` inside `node`: the first outermost call that is awaited, else the
 * first outermost call (first in the order of `calls`). The awaited call is the operation; a call
 * used as its argument is preparation. O(k + log n) for k calls inside `node` once `calls` is
 * sorted (once per list), so that scanning every statement of a long loop stays linear.
 */
export function firstCallIn(node: Node, calls: readonly TSESTree.CallExpression[]): TSESTree.CallExpression | undefined {
  const entries = sortedCalls(calls);
  const [start, end] = node.range;
  // First entry that starts at or after `start`.
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((entries[mid] as SortedCalls['entries'][number]).call.range[0] < start) lo = mid + 1;
    else hi = mid;
  }
  let first: SortedCalls['entries'][number] | undefined;
  let firstAwaited: SortedCalls['entries'][number] | undefined;
  // Calls nest or are disjoint: in start order, a call is outermost when it starts at or after
  // the end of the last outermost one (a repeated entry of the same call is skipped likewise).
  let outerEnd = -Infinity;
  for (let i = lo; i < entries.length; i++) {
    const entry = entries[i] as SortedCalls['entries'][number];
    const [cStart, cEnd] = entry.call.range;
    if (cStart >= end) break;
    if (cEnd > end) continue;
    if (cStart < outerEnd) continue;
    outerEnd = cEnd;
    if (!first || entry.index < first.index) first = entry;
    if (entry.call.parent?.type === 'AwaitExpression' && (!firstAwaited || entry.index < firstAwaited.index)) firstAwaited = entry;
  }
  return (firstAwaited ?? first)?.call;
}


const sleepyFunctions = new WeakMap<Node, boolean>();

/**
 * The call reaches a function of this file that waits (`await connect()` where `connect`
 * sleeps `retryWait(n)` before dialling): the wait between attempts happens inside the
 * operation, so the retry is not immediate. Two calls deep at most.
 */
export function waitsInside(call: TSESTree.CallExpression, ctx: AnalysisContext, depth = 0): boolean {
  const fn = localFunction(call, { ctx, region: call, counters: new Set(), depth: 0 });
  if (!fn) return false;
  const known = sleepyFunctions.get(fn);
  if (known !== undefined) return known;
  sleepyFunctions.set(fn, false);
  // Anywhere in it, callbacks included: `new Promise((ok) => (async () => { await retryWait(n); … })())`.
  let result = false;
  const calls: TSESTree.CallExpression[] = [];
  walk(fn.body, ctx.keys, (node) => {
    if (result) return false;
    if ((node.type === 'CallExpression' || node.type === 'NewExpression') && asSleep(node, ctx)) result = true;
    else if (node.type === 'CallExpression') calls.push(node);
    return undefined;
  });
  if (!result && depth < 1) result = calls.some((inner) => waitsInside(inner, ctx, depth + 1));
  sleepyFunctions.set(fn, result);
  return result;
}

function labelledAround(loop: Node, name: string): boolean {
  for (let p = loop.parent; p; p = p.parent) {
    if (isFunction(p)) return false;
    if (p.type === 'LabeledStatement' && p.label.name === name) return true;
  }
  return false;
}
