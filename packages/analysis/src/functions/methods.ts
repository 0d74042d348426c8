import type { TSESTree } from '@typescript-eslint/utils';
import { contains, getProperty, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { Env, Variable } from '../context.js';
import { classMembers, firstDefinition, soleDefinition } from '../definitions/bodies.js';
import { deeper } from '../evaluation/state.js';
import { classFieldValue, classGetter, classOf, enclosingClass, memberWritesWithin } from '../classes/class-members.js';
import { localFunction } from './local-function.js';
import { methodOf } from './instance-methods.js';
import { resolveObject, resolveObjectProperty } from '../objects/resolve-object.js';

/**
 * Which method does a member call reach (a static method, an instance's method by its sole
 * construction), which methods does a region reach, and which strategy functions may a call pick?
 */

/** Same-class methods reached per region, read once per region. */
const methodsReachedCache = new WeakMap<Node, readonly Node[]>();

const MAX_METHODS_REACHED = 16;

/**
 * The bodies of the methods of its own class that `region` calls (`this.backoff()`,
 * `this.#bump()`), and those they call in turn, up to a bound; their getters read as
 * `this.name` too. Calls inside nested plain functions are not the class's (another `this`).
 */
export function methodsReached(region: Node, env: Env): readonly Node[] {
  const known = methodsReachedCache.get(region);
  if (known) return known;
  const found: Node[] = [];
  const seen = new Set<Node>([region]);
  const queue: Node[] = [region];
  while (queue.length > 0 && found.length < MAX_METHODS_REACHED) {
    const body = queue.shift() as Node;
    walk(body, env.ctx.keys, (node) => {
      if (found.length >= MAX_METHODS_REACHED) return false;
      let fn: FunctionNode | undefined;
      if (node.type === 'CallExpression' && unwrap(node.callee).type === 'MemberExpression') fn = localFunction(node, env);
      else if (node.type === 'MemberExpression' && !node.computed && node.object.type === 'ThisExpression' && node.parent?.type !== 'CallExpression') {
        const cls = enclosingClass(node);
        const name = propertyName(node);
        fn = cls && name !== undefined ? classGetter(cls, name, node.property.type === 'PrivateIdentifier') : undefined;
      }
      if (fn && !seen.has(fn.body)) {
        seen.add(fn.body);
        found.push(fn.body);
        queue.push(fn.body);
      }
      return undefined;
    });
  }
  methodsReachedCache.set(region, found);
  return found;
}

/**
 * The writes of `this.name` (dotted) made during an attempt outside the region being read:
 * by the retry's own region when the region is a helper it calls, and by the methods of the
 * same class the two call. Undefined when there are none.
 */
export function steppedDuringAttempt(dotted: string, cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, env: Env): { writes: Node[]; env: Env } | undefined {
  const bodies = new Set<Node>();
  if (env.attempt && env.attempt !== env.region && enclosingClass(env.attempt) === cls) {
    bodies.add(env.attempt);
    for (const body of methodsReached(env.attempt, env)) bodies.add(body);
  }
  if (enclosingClass(env.region) === cls) for (const body of methodsReached(env.region, env)) bodies.add(body);
  bodies.delete(env.region);
  const writes: Node[] = [];
  for (const body of bodies) writes.push(...memberWritesWithin(dotted, { ctx: env.ctx, region: body, counters: env.counters, depth: env.depth }));
  return writes.length > 0 ? { writes, env } : undefined;
}

/** An expression that reads nothing local to the function it sits in (no parameter, no local variable). */
export function closedOverMethod(expression: Node, env: Env): boolean {
  let host: Node | undefined = expression.parent;
  while (host && !isFunction(host)) host = host.parent;
  let closed = true;
  walk(expression, env.ctx.keys, (node) => {
    if (!closed || isFunction(node)) return false;
    if (node.type !== 'Identifier') return undefined;
    const parent = node.parent;
    if (parent?.type === 'MemberExpression' && parent.property === node && !parent.computed) return undefined;
    const def = firstDefinition(env.ctx.variableOf(node));
    // A global (`Math`, declared or not) is the same everywhere; a parameter or local of the method is not known here.
    if (!def) closed = /^(Math|Infinity|Number)$/.test(node.name);
    else if (host && contains(host, def.name)) closed = false;
    return undefined;
  });
  return closed;
}

/**
 * A static method of a class this file declares, called on the class by name: `Backoff.delay(n)`,
 * or `Backoff[kDelay](n)` where the key is a constant binding (`const kDelay = Symbol('delay')`, one
 * destructured from a `require` or imported) and the class declares `static [kDelay] (n)` with the
 * same binding: one binding, one value, one key. The last member with that key is the method, when
 * no member after it may share its key (a name and a symbol differ, two `Symbol()` calls differ; an
 * imported constant may be any string) and no code writes that member through the class's name.
 */
export function staticMethod(callee: TSESTree.MemberExpression, env: Env): FunctionNode | undefined {
  const key = memberKeyOf(callee.computed, callee.property, env);
  if (!key) return undefined;
  const classVar = env.ctx.variableOf(callee.object as TSESTree.Identifier);
  const def = soleDefinition(classVar);
  if (!classVar || def?.node.type !== 'ClassDeclaration') return undefined;
  const statics = classMembers(def.node).filter((e): e is TSESTree.MethodDefinition | TSESTree.PropertyDefinition => (e.type === 'MethodDefinition' || e.type === 'PropertyDefinition') && e.static);
  let index = -1;
  statics.forEach((e, i) => {
    const k = memberKeyOf(e.computed, e.key, env);
    if (k && sameKey(k, key)) index = i;
  });
  const element = statics[index];
  if (element?.type !== 'MethodDefinition' || element.kind !== 'method' || !isFunction(element.value)) return undefined;
  for (const later of statics.slice(index + 1)) {
    const k = memberKeyOf(later.computed, later.key, env);
    if (!k || !differentKeys(k, key)) return undefined;
  }
  // The member is never written through the class's name (`Backoff.delay = …`, `Backoff[kDelay] = …`).
  for (const ref of classVar.references) {
    const member = ref.identifier.parent;
    if (member?.type !== 'MemberExpression' || member.object !== ref.identifier) continue;
    if (member.parent?.type !== 'AssignmentExpression' || member.parent.left !== member) continue;
    const k = memberKeyOf(member.computed, member.property, env);
    if (!k || !differentKeys(k, key)) return undefined;
  }
  return element.value;
}

/**
 * `backoff.duration()` where `backoff` holds one instance of a class this file declares
 * (`const backoff = new Backoff(200)`, or a field `this.backoff = new Backoff()` set once): that
 * class's method (its own or inherited from a class of this file), read with `this` the
 * instance, so a count it keeps on itself (`this.attempts++` in `duration()`) moves with each
 * call as a count of its own class would. The construction is returned with it: its arguments
 * are what the constructor's parameters hold (see functions/dispatch.ts).
 */
export function instanceMethod(callee: TSESTree.MemberExpression, env: Env): { fn: FunctionNode; made: TSESTree.NewExpression } | undefined {
  if (callee.computed) return undefined;
  const name = propertyName(callee);
  const made = name !== undefined ? soleConstruction(unwrap(callee.object), env) : undefined;
  if (!made || name === undefined || made.callee.type !== 'Identifier') return undefined;
  const cls = classOf(made.callee, env);
  const fn = cls && methodOf(cls, name, env.ctx);
  return fn ? { fn, made } : undefined;
}

/** The one `new C(…)` a variable or a field of the enclosing class holds, written once. */
function soleConstruction(object: Node, env: Env): TSESTree.NewExpression | undefined {
  let value: Node | undefined;
  if (object.type === 'Identifier') {
    const variable = env.ctx.variableOf(object);
    const def = soleDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init) return undefined;
    if (variable.references.some((ref) => ref.isWrite() && !ref.init)) return undefined;
    value = def.node.init;
  } else if (object.type === 'MemberExpression' && !object.computed && unwrap(object.object).type === 'ThisExpression') {
    const cls = enclosingClass(object);
    const field = propertyName(object);
    if (!cls || field === undefined) return undefined;
    const writes = memberWritesWithin(`this.${field}`, { ...env, region: cls.body });
    const initial = classFieldValue(cls, field, false);
    // Set once: by its initialiser, or by one write (the constructor's) and no initialiser.
    const soleWrite = writes[0]?.parent;
    if (writes.length > 1 || (writes.length === 1 && !(soleWrite?.type === 'AssignmentExpression' && soleWrite.right === initial))) return undefined;
    value = initial;
  }
  const v = value && unwrap(value);
  return v?.type === 'NewExpression' ? v : undefined;
}

/** A member's key as the analysis can tell it: a name, or a constant binding (known to be a fresh symbol or not). */
type MemberKey = { name: string } | { binding: Variable; symbol: boolean };

function memberKeyOf(computed: boolean, key: Node, env: Env): MemberKey | undefined {
  if (!computed) return key.type === 'Identifier' ? { name: key.name } : undefined;
  if (key.type !== 'Identifier') return undefined;
  const variable = env.ctx.variableOf(key);
  const def = soleDefinition(variable);
  if (!variable || !def) return undefined;
  if (def.type === 'ImportBinding') return { binding: variable, symbol: false };
  if (def.type !== 'Variable' || (def.parent as TSESTree.VariableDeclaration | undefined)?.kind !== 'const') return undefined;
  const init = def.node.id.type === 'Identifier' ? def.node.init && unwrap(def.node.init as Node) : undefined;
  const symbol = init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'Symbol' && !env.ctx.variableOf(init.callee)?.defs.length;
  return { binding: variable, symbol };
}

function sameKey(a: MemberKey, b: MemberKey): boolean {
  return 'name' in a ? 'name' in b && a.name === b.name : 'binding' in b && a.binding === b.binding;
}

function differentKeys(a: MemberKey, b: MemberKey): boolean {
  if ('name' in a && 'name' in b) return a.name !== b.name;
  if ('name' in a) return (b as { symbol: boolean }).symbol;
  if ('name' in b) return a.symbol;
  return a.binding !== b.binding && a.symbol && (b as { symbol: boolean }).symbol;
}

/**
 * `this.retry.backoff(i)` where the constructor sets `this.retry = disabled ? { backoff: () => 0 }
 * : { backoff: config.retry?.backoff ?? ((n) => Math.exp(n) * 50) }`: the functions each branch
 * holds, a caller's option falling back to its default function. Undefined unless every branch
 * holds a function of this file.
 */
export function strategyAlternatives(call: TSESTree.CallExpression, env: Env): FunctionNode[] | undefined {
  const callee = unwrap(call.callee);
  const prop = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
  if (callee.type !== 'MemberExpression' || prop === undefined) return undefined;
  const object = unwrap(callee.object);
  if (object.type !== 'MemberExpression') return undefined;
  const holderProp = propertyName(object);
  const holder = holderProp !== undefined ? resolveObjectProperty(object.object, holderProp, env) : undefined;
  const held = holder && unwrap(holder);
  if (held?.type !== 'ConditionalExpression') return undefined;
  const fns: FunctionNode[] = [];
  for (const branch of [held.consequent, held.alternate]) {
    const literal = resolveObject(branch, deeper(env));
    const value = literal && getProperty(literal, prop)?.value;
    let v = value && unwrap(value as Node);
    if (v?.type === 'LogicalExpression' && v.operator !== '&&' && unwrap(v.left).type === 'MemberExpression') v = unwrap(v.right);
    const fn = v && env.ctx.functionIn(v);
    if (!fn) return undefined;
    fns.push(fn);
  }
  return fns;
}
