import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, propertyName, unwrap, type FunctionNode, type Node } from './ast.js';
import type { AnalysisContext } from './context.js';
import { prototypeSlot } from './prototype-slots.js';

/**
 * A stop an emitter's method tests that never holds while its owner keeps its defaults
 * (emitter-reentry.ts):
 *
 *   Backoff.prototype.backoff = function (err) {
 *     if (this.count === this.max) { this.emit('fail', err) } else { setTimeout(this.handlers.ready, wait) }
 *   }
 *
 * with `this.count` only ever set to a number >= 0 or stepped up (`this.count++`, `+= 1`), and
 * `this.max` a negative number (`this.max = -1`: "no limit") except where a setter of the class
 * writes its parameter (`failAfter(n)`). The setter sets the limit only if someone calls it: the
 * emitter's module never does, and the owner's file calls it only on the field that holds the
 * emitter and under a test its own defaults never pass (`if (this.failAfter_ > 0)
 * this.backoff_.failAfter(this.failAfter_)`, with the owner's constructor writing
 * `this.failAfter_ = -1` and only a setter of the owner, which the file never calls, writing
 * it otherwise: the caller's option). A count that starts at 0 and only goes up never equals
 * -1: an equality test against it is no limit.
 *
 * Anything else (a limit from a parameter, a counter written from a value, a setter called
 * elsewhere, a test the defaults do not decide) is read as a stop the analysis cannot count.
 * Asked only on an emitter re-entry's way (rare), once per site.
 */

/** The owner's side: its file, its constructor's name, the field that holds the emitter. */
export interface SentinelWay {
  ctx: AnalysisContext;
  owner: string;
  field: string;
}

/**
 * `at` lifted past every `if` around it in `method` whose test is such an equality with the
 * way to `at` on its unequal side: what the way then passes is the `if` itself, with no test
 * of its own. Stops at the first other test.
 */
export function pastSentinelStops(at: Node, method: FunctionNode, ctx: AnalysisContext, way: SentinelWay): Node {
  const cls = prototypeSlot(method)?.owner;
  if (cls === undefined) return at;
  let lifted = at;
  let child: Node = at;
  for (let p = at.parent; p && p !== method; child = p, p = p.parent) {
    if (isFunction(p)) return at;
    if (p.type === 'ConditionalExpression' || p.type === 'LogicalExpression' || p.type === 'SwitchStatement') break;
    if (p.type !== 'IfStatement' || child === p.test) continue;
    const test = unwrap(p.test);
    if (test.type !== 'BinaryExpression' || !/^[!=]==?$/.test(test.operator) || test.left.type === 'PrivateIdentifier') break;
    // The way runs when the two differ: the `else` of `===`, the `then` of `!==`.
    const equal = test.operator.startsWith('=');
    if ((child === p.consequent) === equal) break;
    if (!neverEqual(test.left, test.right, cls, ctx, way)) break;
    lifted = p;
  }
  return lifted;
}

function neverEqual(a: Node, b: Node, cls: string, ctx: AnalysisContext, way: SentinelWay): boolean {
  const sides = [unwrap(a), unwrap(b)];
  for (const [counter, limit] of [sides, [sides[1], sides[0]]] as const) {
    const floor = counter && counterFloor(counter, ctx);
    if (floor === undefined || !limit) continue;
    const literal = numberLiteral(limit);
    const values = literal !== undefined ? [literal] : limitDefaults(limit, cls, ctx, way);
    if (values && values.length > 0 && values.every((v) => v < floor)) return true;
  }
  return false;
}

/** `this.x`: the field's name. */
function thisField(node: Node): string | undefined {
  const n = unwrap(node);
  return n.type === 'MemberExpression' && !n.computed && n.property.type === 'Identifier' && unwrap(n.object).type === 'ThisExpression' ? n.property.name : undefined;
}

/** `3`, `-1`: the number. */
function numberLiteral(node: Node): number | undefined {
  const n = unwrap(node);
  if (n.type === 'Literal' && typeof n.value === 'number') return n.value;
  if (n.type === 'UnaryExpression' && n.operator === '-' && unwrap(n.argument).type === 'Literal') {
    const v = (unwrap(n.argument) as TSESTree.Literal).value;
    return typeof v === 'number' ? -v : undefined;
  }
  return undefined;
}

/** Every write of `this.field` in the file; undefined where the file may write it unseen (`this['field']`). */
function writesOf(field: string, ctx: AnalysisContext): (TSESTree.AssignmentExpression | TSESTree.UpdateExpression)[] | undefined {
  const escaped = field.replace(/[$]/g, '\\$');
  if (new RegExp(`\\[\\s*['"\`]${escaped}['"\`]\\s*\\]`).test(ctx.sourceCode.text)) return undefined;
  const writes: (TSESTree.AssignmentExpression | TSESTree.UpdateExpression)[] = [];
  for (const node of ctx.nodesOfKind('AssignmentExpression')) if (node.type === 'AssignmentExpression' && thisField(node.left) === field) writes.push(node);
  for (const node of ctx.nodesOfKind('UpdateExpression')) if (node.type === 'UpdateExpression' && thisField(node.argument) === field) writes.push(node);
  return writes;
}

/**
 * `this.count` set only to numbers >= 0 and stepped only up (`++`, `+= 2`), set at least once:
 * the least value it ever holds.
 */
function counterFloor(node: Node, ctx: AnalysisContext): number | undefined {
  const field = thisField(node);
  const writes = field === undefined ? undefined : writesOf(field, ctx);
  if (!writes) return undefined;
  let floor: number | undefined;
  let steps = 0;
  for (const write of writes) {
    if (write.type === 'UpdateExpression') {
      if (write.operator !== '++') return undefined;
      steps++;
      continue;
    }
    const value = numberLiteral(write.right);
    if (value === undefined || value < 0 || !(write.operator === '=' || (write.operator === '+=' && value > 0))) return undefined;
    if (write.operator === '+=') steps++;
    else floor = floor === undefined ? value : Math.min(floor, value);
  }
  return steps > 0 ? floor : undefined;
}

/**
 * The values `this.max` holds while nobody calls a setter of the class: its literal writes,
 * with every other write a setter's `this.max = param` that only calls the owner's defaults
 * never make reach (settersUnused). Undefined for anything else.
 */
function limitDefaults(node: Node, cls: string, ctx: AnalysisContext, way: SentinelWay): number[] | undefined {
  const field = thisField(node);
  const writes = field === undefined ? undefined : writesOf(field, ctx);
  if (!writes) return undefined;
  const values: number[] = [];
  const setters = new Set<string>();
  for (const write of writes) {
    if (write.type !== 'AssignmentExpression' || write.operator !== '=') return undefined;
    const value = numberLiteral(write.right);
    if (value !== undefined) {
      values.push(value);
      continue;
    }
    const setter = parameterSetter(write, cls);
    if (setter === undefined) return undefined;
    setters.add(setter);
  }
  for (const setter of setters) if (!setterUnused(setter, ctx, way)) return undefined;
  return values;
}

/** `C.prototype.m = function (n) { …; this.max = n }`, `n` never written: `m`. */
function parameterSetter(write: TSESTree.AssignmentExpression, cls: string): string | undefined {
  const right = unwrap(write.right);
  if (right.type !== 'Identifier') return undefined;
  const fn = functionAround(write);
  const slot = fn && prototypeSlot(fn);
  if (!fn || slot?.owner !== cls || !fn.params.some((p) => p.type === 'Identifier' && p.name === right.name)) return undefined;
  return slot.name;
}

/** The function a node is written in, past arrows. */
function functionAround(node: Node): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) if (isFunction(p) && p.type !== 'ArrowFunctionExpression') return p;
  return undefined;
}

/**
 * The emitter's setter `name` runs only where the owner's defaults never go: its module names it
 * only where it defines it, and the owner's file calls it only on the emitter's field, each call
 * under a test of the owner's state that its defaults decide against (notTakenByDefault).
 */
function setterUnused(name: string, emitterCtx: AnalysisContext, way: SentinelWay): boolean {
  const files = emitterCtx === way.ctx ? [emitterCtx] : [emitterCtx, way.ctx];
  for (const ctx of files) {
    const escaped = name.replace(/[$]/g, '\\$');
    const text = ctx.sourceCode.text;
    const mentions = text.match(new RegExp(`\\.${escaped}\\b`, 'g'))?.length ?? 0;
    const definitions = text.match(new RegExp(`\\.prototype\\.${escaped}\\s*=`, 'g'))?.length ?? 0;
    let calls = 0;
    let reached = false;
    for (const node of ctx.nodesOfKind('CallExpression')) {
      if (reached || node.type !== 'CallExpression' || node.callee.type !== 'MemberExpression' || node.callee.computed || propertyName(node.callee) !== name) continue;
      calls++;
      if (ctx !== way.ctx || thisField(node.callee.object) !== way.field || !notTakenByDefault(node, way)) reached = true;
    }
    // Named anywhere else (handed on, read into a variable): it may run.
    if (reached || mentions !== definitions + calls) return false;
  }
  return true;
}

/** The call sits, in its method, in a branch of an `if` whose test the owner's defaults decide against. */
function notTakenByDefault(call: Node, way: SentinelWay): boolean {
  let child: Node = call;
  for (let p = call.parent; p; child = p, p = p.parent) {
    if (isFunction(p)) return false;
    if (p.type !== 'IfStatement' || child === p.test) continue;
    const truth = defaultComparison(p.test, way);
    if (truth !== undefined && truth !== (child === p.consequent)) return true;
  }
  return false;
}

const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '===': (a, b) => a === b,
  '==': (a, b) => a === b,
  '!==': (a, b) => a !== b,
  '!=': (a, b) => a !== b,
};

/** `this.failAfter_ > 0` with the owner's default of the field: its answer; undefined for any other test. */
function defaultComparison(test: Node, way: SentinelWay): boolean | undefined {
  const n = unwrap(test);
  if (n.type !== 'BinaryExpression' || n.left.type === 'PrivateIdentifier' || !COMPARE[n.operator]) return undefined;
  const left = numberLiteral(n.left) ?? ownerDefault(n.left, way);
  const right = numberLiteral(n.right) ?? ownerDefault(n.right, way);
  if (left === undefined || right === undefined) return undefined;
  return COMPARE[n.operator]?.(left, right);
}

/**
 * `this.g` the owner's constructor sets to a number, as a statement of its own body, and that
 * otherwise only setters of the owner write from their parameter (`failAfter(n) { this.g = n }`),
 * setters the file never calls on anything but the emitter's field: the number.
 */
function ownerDefault(node: Node, way: SentinelWay): number | undefined {
  const field = thisField(node);
  const writes = field === undefined ? undefined : writesOf(field, way.ctx);
  if (!writes) return undefined;
  let value: number | undefined;
  const setters = new Set<string>();
  for (const write of writes) {
    if (write.type !== 'AssignmentExpression' || write.operator !== '=') return undefined;
    const fn = functionAround(write);
    const literal = numberLiteral(write.right);
    if (literal !== undefined && fn?.type === 'FunctionDeclaration' && fn.id?.name === way.owner && write.parent?.parent === fn.body && value === undefined) {
      value = literal;
      continue;
    }
    const setter = parameterSetter(write, way.owner);
    if (setter === undefined) return undefined;
    setters.add(setter);
  }
  if (value === undefined) return undefined;
  let called = false;
  const calls = new Map<string, number>();
  for (const n of way.ctx.nodesOfKind('CallExpression')) {
    if (called || n.type !== 'CallExpression' || n.callee.type !== 'MemberExpression' || n.callee.computed) continue;
    const name = propertyName(n.callee);
    if (name === undefined || !setters.has(name)) continue;
    if (thisField(n.callee.object) !== way.field) called = true;
    calls.set(name, (calls.get(name) ?? 0) + 1);
  }
  // Named anywhere else in the file (`this.setMax.bind(this, 3)`): it may run.
  for (const name of setters) {
    const escaped = name.replace(/[$]/g, '\\$');
    const text = way.ctx.sourceCode.text;
    const mentions = text.match(new RegExp(`\\.${escaped}\\b`, 'g'))?.length ?? 0;
    const definitions = text.match(new RegExp(`\\.prototype\\.${escaped}\\s*=`, 'g'))?.length ?? 0;
    if (mentions !== definitions + (calls.get(name) ?? 0)) called = true;
  }
  return called ? undefined : value;
}
