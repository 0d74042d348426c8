import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, dottedName, getProperty, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { isClockRead, isCounter } from '../checks.js';
import { isReassigned, writesWithin, type Variable } from '../context.js';
import { evaluate, type Env } from '../evaluate.js';
import { conditionAlias } from '../variables/condition-alias.js';
import { sumsWaits, waitSum } from '../variables/wait-sum.js';
import { keepsValue } from '../variables/writes.js';
import { resolveObject } from '../objects/resolve-object.js';
import { memberWritesWithin } from '../classes/class-members.js';
import type { Bound } from './bound.js';
import { defaultsToInfinity } from './infinite-limit.js';
import { firstDefinition, soleDefinition } from '../definitions/bodies.js';
import { countStep } from '../variables/count-step.js';

/**
 * What limit does one comparison state: the attempts a counter test allows (counted from the
 * counter's start, whether the attempt before the test has counted yet), the time a deadline
 * test allows. guardsIn (bounds.ts) and the predicates a loop calls (predicate-bound.ts) both
 * read their tests here.
 */
const MIRROR: Record<string, string> = { '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
const NEGATE: Record<string, string> = { '>=': '<', '>': '<=', '<': '>=', '<=': '>', '===': '!==', '==': '!=', '!==': '===', '!=': '==' };

/**
 * How many attempts a counter comparison allows. The comparison is turned into "go on
 * while c OP limit" (a give-up guard is negated), counted from the counter's start, and
 * one more attempt is added when the check runs after an attempt on a value that attempt
 * did not yet count: `if (n >= 3) throw; n++` allows 4, `n++; if (n >= 3) throw` allows 3,
 * `for (i = 0; i < 3; i++)` allows 3, recursion `if (attempt >= 3) throw` from 0 allows 4.
 */
export function attemptsFromComparison(test: Node, env: Env, isGiveUpGuard: boolean, checkedAfterAttempt: boolean, at?: Node): number | 'unknown' {
  const n = unwrap(test);
  if (n.type === 'LogicalExpression') {
    // (A part that reads as fewer than one attempt counts nothing: `retries && retries >= max` gives up on the second part.)
    const counted = (part: Node) => {
      const a = attemptsFromComparison(part, env, isGiveUpGuard, checkedAfterAttempt, at);
      return typeof a === 'number' && a < 1 ? 'unknown' : a;
    };
    const left = counted(n.left);
    const right = counted(n.right);
    // Going on takes both parts (`a && b`, or a give-up `a || b`): the first limit reached stops it.
    const both = (n.operator === '&&') !== isGiveUpGuard;
    if (both || n.operator === '??') {
      if (left === 'unknown') return right;
      return right === 'unknown' ? left : Math.min(left, right);
    }
    // Either part goes on (`(s === 403 && a < 1) || (s === 429 && b < 3)`): each way round counts
    // on, so the loop stops when neither lets it (one count: its largest limit; two: both in turn).
    const [leftCounters, rightCounters] = [countersOf(n.left, env), countersOf(n.right, env)];
    // A part that counts nothing of its own (a setting, `max > 0`; the counter's truthiness beside its limit) leaves the count to the other.
    const ownCount = (own: Set<unknown>, other: Set<unknown>) => [...own].some((c) => !other.has(c));
    if (left === 'unknown' || right === 'unknown') {
      if (left === 'unknown' && right === 'unknown') return 'unknown';
      return left === 'unknown' ? (ownCount(leftCounters, rightCounters) ? 'unknown' : right) : ownCount(rightCounters, leftCounters) ? 'unknown' : left;
    }
    if (!ownCount(leftCounters, rightCounters) || !ownCount(rightCounters, leftCounters)) return Math.max(left, right);
    return left + right - (checkedAfterAttempt ? 1 : 0);
  }
  if (n.type === 'UnaryExpression' && n.operator === '!') return attemptsFromComparison(n.argument, env, !isGiveUpGuard, checkedAfterAttempt, at);
  const condition = n.type === 'Identifier' && env.depth < 4 ? conditionAlias(n, env.ctx) : undefined;
  if (condition) return attemptsFromComparison(condition, { ...env, depth: env.depth + 1 }, isGiveUpGuard, checkedAfterAttempt, at);
  if ((n.type === 'UpdateExpression' || n.type === 'Identifier') && !isGiveUpGuard) {
    // `while (retries--)`: runs as many times as the counter's start.
    const start = counterStart(n.type === 'UpdateExpression' ? n.argument : n, env);
    return start ?? 'unknown';
  }
  if (n.type !== 'BinaryExpression' || n.left.type === 'PrivateIdentifier') return 'unknown';
  const counterLeft = isCounter(n.left, env);
  if (!counterLeft && !isCounter(n.right, env)) return 'unknown';
  const counterSide = counterLeft ? n.left : n.right;
  const limitNode = counterLeft ? n.right : n.left;
  // `i < Infinity`, `maxRetries = opts.maxRetries ?? Infinity`: no limit (by default).
  if (defaultsToInfinity(limitNode, env)) return Infinity;
  const limitValue = evaluate(limitNode, env);
  const decrementing = isDecrementing(counterSide, env);
  // `attempt < (remote ? 3 : 1)`: a count up to one of several known limits stops by the largest.
  const limitNumber = limitValue.t === 'num' ? limitValue.v : limitValue.t === 'invariant' && !decrementing ? limitValue.atMost : undefined;
  if (limitNumber === undefined || !Number.isFinite(limitNumber)) return 'unknown';
  const limit = limitNumber - counterOffset(counterSide, env);
  let op = n.operator as string;
  if (!counterLeft) op = MIRROR[op] ?? op;
  if (isGiveUpGuard) op = NEGATE[op] ?? op;
  const known = counterStart(counterSide, env);
  // Counting up usually starts at 0; counting down from an unknown start says nothing.
  if (known === undefined && decrementing) return 'unknown';
  const start = known ?? 0;
  const span = decrementing ? start - limit : limit - start;
  const continuing: Record<string, number> = decrementing ? { '>': span, '>=': span + 1, '!==': span, '!=': span } : { '<': span, '<=': span + 1, '!==': span, '!=': span };
  const base = continuing[op];
  if (base === undefined) return 'unknown';
  const attempts = base + (checkedAfterAttempt && !countedBefore(counterSide, at ?? n, env) ? 1 : 0);
  return attempts >= 1 ? Math.round(attempts) : 'unknown';
}


/** The counters a condition reads (variables, or `this.tries`-style members by name). */
function countersOf(node: Node, env: Env): Set<unknown> {
  const found = new Set<unknown>();
  walk(node, env.ctx.keys, (x) => {
    if (x.type === 'Identifier' && isCounter(x, env)) found.add(env.ctx.variableOf(x));
    if (x.type === 'MemberExpression' && isCounter(x, env)) {
      found.add(dottedName(x));
      return false;
    }
    return undefined;
  });
  return found;
}

/** `tries + 1 >= MAX` compares the counter shifted by one. */
function counterOffset(node: Node, env: Env): number {
  const n = unwrap(node);
  if (n.type !== 'BinaryExpression' || (n.operator !== '+' && n.operator !== '-')) return 0;
  const constant = evaluate(isCounter(n.left as Node, env) ? n.right : (n.left as Node), env);
  if (constant.t !== 'num') return 0;
  return n.operator === '+' ? constant.v : -constant.v;
}

/** The attempt being checked already moved the counter: `++n >= 3`, or `n++` earlier in the attempt. */
function countedBefore(counterSide: Node, comparison: Node, env: Env): boolean {
  const n = unwrap(counterSide);
  if (n.type === 'UpdateExpression') return n.prefix;
  const member = counterMember(n, env);
  const variable = member ? undefined : counterVariable(n, env);
  if (!variable && !member) return false;
  const region = env.region;
  const update = region.type === 'ForStatement' ? region.update : null;
  // A check in a callback (`.catch((err) => { if (left === 0) throw err; … })`) runs after the
  // attempt's own code, wherever that code moves the counter in the text.
  const checkedLater = callbackWithin(comparison, region) !== undefined;
  const writes: readonly Node[] = member ? member.writes.filter((w) => contains(region, w)) : writesWithin(variable as Variable, region);
  return writes.some(
    (write) =>
      !startsOnly(write) &&
      !setsAfresh(write) &&
      ((write.range[1] <= comparison.range[0] && !leavesBefore(write, comparison)) || (checkedLater && callbackWithin(write, region) === undefined)) &&
      !(update && update.range[0] <= write.range[0] && write.range[1] <= update.range[1]),
  );
}

/**
 * `catch { n++; continue }` before `if (res.status === 503 && n < 3)`: the write sits in a block
 * that leaves the turn (a jump ends it) and does not hold the comparison, so a turn that reaches
 * the comparison has not made that write.
 */
function leavesBefore(write: Node, comparison: Node): boolean {
  for (let p = write.parent; p && !contains(p, comparison); p = p.parent) {
    if (p.type === 'BlockStatement' && alwaysExits(p)) return true;
  }
  return false;
}

/** `n = n || 0`: sets where the count starts, moves no count. */
function startsOnly(write: Node): boolean {
  const assignment = write.type === 'AssignmentExpression' ? write : write.parent;
  return assignment?.type === 'AssignmentExpression' && keepsValue(assignment);
}

/** `n = 0` when a connection opens: the count set anew, not moved by this attempt. */
function setsAfresh(write: Node): boolean {
  const assignment = write.type === 'AssignmentExpression' ? write : write.parent;
  return assignment?.type === 'AssignmentExpression' && assignment.operator === '=' && unwrap(assignment.right).type === 'Literal';
}

/** The innermost function below `region` that holds `node`, if any. */
function callbackWithin(node: Node, region: Node): Node | undefined {
  for (let p = node.parent; p && p !== region; p = p.parent) if (isFunction(p)) return p;
  return undefined;
}

function counterVariable(node: Node, env: Env) {
  let n = unwrap(node);
  if (n.type === 'UpdateExpression') n = n.argument;
  // `tries + 1`: the variable is the counter (the offset shifts the count by one at most).
  if (n.type === 'BinaryExpression' && n.left.type !== 'PrivateIdentifier') n = unwrap(n.left).type === 'Identifier' ? unwrap(n.left) : unwrap(n.right);
  return n.type === 'Identifier' ? env.ctx.variableOf(n) : undefined;
}

/**
 * `state.left` where `state` is a const object this file writes out (`{ tries: 0, left: max }`)
 * and the code steps that property: the counter, its start the literal's value, and every
 * write to the property (`state.left--`) through the const.
 */
interface MemberCounter {
  start: Node | undefined;
  writes: Node[];
}

function counterMember(node: Node, env: Env): MemberCounter | undefined {
  let n = unwrap(node);
  if (n.type === 'UpdateExpression') n = unwrap(n.argument);
  if (n.type === 'BinaryExpression' && n.left.type !== 'PrivateIdentifier' && unwrap(n.left).type === 'MemberExpression') n = unwrap(n.left);
  if (n.type !== 'MemberExpression' || n.computed) return undefined;
  const object = unwrap(n.object);
  const prop = propertyName(n);
  if (prop === undefined) return undefined;
  if (object.type === 'ThisExpression') {
    // `this.tries++`: its writes during the retry, by dotted name (the start is not known here).
    const dotted = dottedName(n);
    return dotted ? { start: undefined, writes: memberWritesWithin(dotted, env).map((target) => target.parent as Node) } : undefined;
  }
  if (object.type !== 'Identifier') return undefined;
  const variable = env.ctx.variableOf(object);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || isReassigned(variable)) return undefined;
  const writes: Node[] = [];
  for (const ref of variable.references) {
    const read = ref.identifier.parent;
    if (read?.type !== 'MemberExpression' || read.object !== ref.identifier || read.computed || propertyName(read) !== prop) continue;
    const host = read.parent;
    if ((host?.type === 'UpdateExpression' && host.argument === read) || (host?.type === 'AssignmentExpression' && host.left === read)) writes.push(host);
  }
  const literal = resolveObject(object, env);
  const start = literal && (getProperty(literal, prop)?.value as Node | undefined);
  return { start, writes };
}

function counterStart(node: Node, env: Env): number | undefined {
  const member = counterMember(node, env);
  if (member) {
    if (!member.start) return undefined;
    const value = evaluate(member.start, { ...env, depth: env.depth + 1, region: member.start });
    return value.t === 'num' ? value.v : undefined;
  }
  const variable = counterVariable(node, env);
  // A helper read again with what one call hands it (helpers/call-site.ts): the count starts there.
  const handed = variable && env.ctx.paramValues?.get(variable);
  if (handed?.t === 'num' && !handed.random) return handed.v;
  const def = firstDefinition(variable);
  if (!def) return undefined;
  let init: Node | undefined | null;
  // `const { attempt = 1 } = opts` counts from its default as a parameter `{ attempt = 1 }` does.
  if (def.type === 'Variable') init = def.node.id === def.name ? def.node.init : def.name.parent?.type === 'AssignmentPattern' && def.name.parent.left === def.name ? def.name.parent.right : undefined;
  else if (def.type === 'Parameter' && def.name.parent?.type === 'AssignmentPattern') init = def.name.parent.right;
  else if (def.type === 'Parameter' && def.name.parent === def.node) return callerStart(def.node as FunctionNode, def.name as Node, env);
  // `const { retries: left } = options` in a helper read for one call: what that call's options hold.
  if (!init && def.type === 'Variable' && env.ctx.paramObjects?.size) {
    const value = evaluate(def.name as Node, { ...env, counters: new Set(), depth: env.depth + 1 });
    return value.t === 'num' && !value.random ? value.v : undefined;
  }
  if (!init) return undefined;
  const value = evaluate(init, { ...env, depth: env.depth + 1, region: init });
  return value.t === 'num' ? value.v : undefined;
}

/**
 * A plain parameter's start: the number the calls of its function from outside it pass there
 * (`attemptPublish(c, m, 1, cb)` as the way in, `attemptPublish(c, m, attempt + 1, cb)` as the
 * way back), or the start of a count they hand on. Undefined when a call passes something else,
 * or none is found.
 */
function callerStart(fn: FunctionNode, param: Node, env: Env): number | undefined {
  // Once per parameter: every bound a site's checks ask reads the same calls.
  if (callerStarts.has(param)) return callerStarts.get(param);
  startsRead.add(param);
  try {
    const start = readCallerStart(fn, param, env);
    callerStarts.set(param, start);
    return start;
  } finally {
    startsRead.delete(param);
  }
}

const callerStarts = new WeakMap<Node, number | undefined>();

function readCallerStart(fn: FunctionNode, param: Node, env: Env): number | undefined {
  const index = fn.params.indexOf(param as never);
  const holder = fn.type === 'FunctionDeclaration' ? fn.id : fn.parent?.type === 'VariableDeclarator' && fn.parent.init === fn ? fn.parent.id : undefined;
  const variable = holder?.type === 'Identifier' ? env.ctx.variableOf(holder) : undefined;
  if (index < 0 || !variable || isReassigned(variable)) return undefined;
  const starts: number[] = [];
  for (const ref of variable.references) {
    const call = (ref.identifier as Node).parent;
    if (call?.type !== 'CallExpression' || call.callee !== ref.identifier || contains(fn, call)) continue;
    const arg = call.arguments[index] as Node | undefined;
    if (!arg || arg.type === 'SpreadElement') return undefined;
    const value = evaluate(arg, { ...env, depth: env.depth + 1, region: arg });
    // A count handed on as it is (`shouldRetry(res, attempt)` with `attempt = 1` where it is kept) starts where that count does.
    // So does one stepped on the way (`retryLater(url, attempt + 1)`), by its step.
    const step = value.t === 'num' || unwrap(arg).type === 'UpdateExpression' ? undefined : countStep(arg);
    const from = value.t === 'num' || env.depth > 2 ? undefined : unwrap(arg).type === 'Identifier' ? arg : step?.base.type === 'Identifier' ? step.base : undefined;
    // (The count handed back by the way back of a cycle whose start is being read: no way in.)
    if (from && readingStartOf(from, env)) continue;
    const base = from && counterStart(from, { ...env, depth: env.depth + 1 });
    const handedOn = base === undefined ? undefined : base + (from === arg ? 0 : (step?.by ?? 0));
    if (handedOn !== undefined) {
      starts.push(handedOn);
      continue;
    }
    if (value.t !== 'num' || value.random) return undefined;
    starts.push(value.v);
  }
  if (starts.length === 0) return undefined;
  // Ways in that disagree: the start that leaves the most attempts (the count is "up to").
  return isDecrementing(param, env) ? Math.max(...starts) : Math.min(...starts);
}

/** Parameters whose callers' starts are being read (a cycle of two functions asks its own back again). */
const startsRead = new Set<Node>();

function readingStartOf(id: Node, env: Env): boolean {
  const def = id.type === 'Identifier' ? firstDefinition(env.ctx.variableOf(id)) : undefined;
  return def?.type === 'Parameter' && startsRead.has(def.name as Node);
}

function isDecrementing(node: Node, env: Env): boolean {
  const n = unwrap(node);
  if (n.type === 'UpdateExpression') return n.operator === '--';
  const member = counterMember(n, env);
  if (member) return member.writes.some((write) => stepsDown(write));
  const variable = counterVariable(n, env);
  if (!variable) return false;
  if (env.decrementing?.has(variable)) return true;
  return variable.references.some((ref) => {
    const parent = (ref.identifier as Node).parent;
    if (!ref.isWrite()) return false;
    if (parent?.type === 'UpdateExpression') return parent.operator === '--';
    if (parent?.type === 'AssignmentExpression') {
      if (parent.operator === '-=') return true;
      const right = unwrap(parent.right);
      return parent.operator === '=' && right.type === 'BinaryExpression' && right.operator === '-';
    }
    return false;
  });
}

function stepsDown(write: Node): boolean {
  if (write.type === 'UpdateExpression') return write.operator === '--';
  if (write.type !== 'AssignmentExpression') return false;
  if (write.operator === '-=') return true;
  const right = unwrap(write.right);
  return write.operator === '=' && right.type === 'BinaryExpression' && right.operator === '-';
}

/** `Date.now() - start < 30_000` or `Date.now() < deadline` with `deadline = Date.now() + 30_000`. */
export function deadlineFrom(test: Node, env: Env): number | undefined {
  let found: number | undefined;
  walk(test, env.ctx.keys, (node) => {
    if (found !== undefined || node.type !== 'BinaryExpression' || node.left.type === 'PrivateIdentifier') return found === undefined;
    const budget = waitBudget(node, env);
    if (budget !== undefined) {
      found = budget;
      return false;
    }
    const comparesTime = mentionsTime(node, env);
    for (const side of [node.left, node.right]) {
      const value = evaluate(side, env);
      if (comparesTime && value.t === 'num' && value.v > 0) found = value.v;
      const s = unwrap(side);
      if (found === undefined && s.type === 'Identifier') {
        const def = firstDefinition(env.ctx.variableOf(s));
        const init = def?.type === 'Variable' ? def.node.init : undefined;
        if (init && init.type === 'BinaryExpression' && init.operator === '+') {
          const a = evaluate(init.left as Node, env);
          const b = evaluate(init.right, env);
          if (a.t === 'num' && mentionsTime(init.right, env)) found = a.v;
          if (b.t === 'num' && mentionsTime(init.left as Node, env)) found = b.v;
        }
      }
    }
    return found === undefined;
  });
  return found;
}

/** `waited < 60_000` from 0, `timeLeft > 0` from 20 000: the time the summed waits may reach. */
function waitBudget(node: TSESTree.BinaryExpression, env: Env): number | undefined {
  for (const [side, other] of [[node.left, node.right], [node.right, node.left]] as const) {
    const sum = waitSum(side, env.ctx);
    if (!sum) continue;
    const limit = evaluate(other, env);
    const start = sum.start ? evaluate(sum.start, env) : undefined;
    if (limit.t !== 'num' || start?.t !== 'num') return undefined;
    const budget = sum.down ? start.v - limit.v : limit.v - start.v;
    return budget > 0 ? budget : undefined;
  }
  return undefined;
}

export function mentionsTime(node: Node, env: Env): boolean {
  let found = false;
  walk(node, env.ctx.keys, (n) => {
    if (isClockRead(n) || (n.type === 'Identifier' && sumsWaits(n, env.ctx))) found = true;
    return !found;
  });
  return found;
}

/** `at`: where the condition is read, when it is written elsewhere (a getter's body): what the attempt did before it counts from there. */
export function boundOf(kind: 'attempts' | 'time' | 'abort', test: Node, env: Env, isGiveUpGuard: boolean, checkedAfterAttempt: boolean, at?: Node): Bound {
  if (kind === 'attempts') return { attempts: attemptsFromComparison(test, env, isGiveUpGuard, checkedAfterAttempt, at), deadline: false, abortAware: false };
  if (kind === 'abort') return { deadline: false, abortAware: true };
  const deadlineMs = deadlineFrom(test, env);
  return deadlineMs === undefined ? { deadline: true, abortAware: false } : { deadline: true, deadlineMs, abortAware: false };
}
