import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { isReassigned, type Variable } from './context.js';
import { classIn } from './cross-file/exports.js';
import type { ClassNode } from './cross-file/shapes.js';
import { evaluate, type Env } from './evaluate.js';
import { readsVariable } from './variables/writes.js';
import { parameterVariables } from './functions/local-function.js';
import { passedObjectRead } from './options/callers.js';
import { join, type Value } from './value.js';
import { classMembers, constructorFunction, firstDefinition, soleDefinition } from './definitions/bodies.js';

/**
 * The wait a strategy object answers: `backoff.duration` where `backoff` is what a strategy's
 * method returned (`backoff = backoff ? backoff.next(ctx) : factory.next(ctx)`, with `factory =
 * options.backoff || new ConstantBackoff(0)`). The objects the expression may hold are followed
 * through `new` of a class the analysis reads (of this file or another module of the project),
 * the methods of those objects and the functions they call, to the object literals or instances
 * they give; the property is read from each. Anything on the way that cannot be read (a
 * parameter, a class that extends another, a method that returns something else, a state the
 * object changes) and there is no answer: the wait is not known.
 */

/** An object an expression may hold: an instance of a class, or an object literal, with the environment its values are read in. */
type StrategyObject =
  | { kind: 'instance'; cls: ClassNode; chain: readonly ClassLink[]; env: Env; node: Node }
  | { kind: 'literal'; literal: TSESTree.ObjectExpression; env: Env; node: Node };

/** A class of an instance's chain (the class, then the one it extends, …) with the module it is read in. */
export interface ClassLink {
  cls: ClassNode;
  ctx: Env['ctx'];
}

/** How many classes a chain of `extends` is followed through. */
const MAX_CHAIN = 4;

/** How deep the objects are followed (calls into calls): past it, nothing is known. */
const MAX_HOPS = 8;

export function strategyAnswer(member: TSESTree.MemberExpression, env: Env): Value | undefined {
  const prop = member.computed ? undefined : propertyName(member);
  if (prop === undefined) return undefined;
  const object = unwrap(member.object);
  // Cheap test first: only a variable of this function or a method's answer holds a strategy's object.
  if (object.type !== 'Identifier' && !(object.type === 'CallExpression' && unwrap(object.callee).type === 'MemberExpression')) return undefined;
  if (object.type === 'Identifier' && firstDefinition(env.ctx.variableOf(object))?.type !== 'Variable') return undefined;
  const objects = objectsOf(object, env, new Map(), 0);
  if (!objects?.length) return undefined;
  let value: Value | undefined;
  for (const o of objects) {
    const v = propertyValue(o, prop);
    if (!v) return undefined;
    value = value ? join(value, v) : v;
  }
  return value;
}

function propertyValue(o: StrategyObject, prop: string): Value | undefined {
  if (o.kind === 'literal') {
    if (o.literal.properties.some((p) => p.type === 'SpreadElement') || changesItself(o.literal, o.env)) return undefined;
    const property = getProperty(o.literal, prop);
    if (!property || property.kind !== 'init' || property.method) return undefined;
    const value = property.value as Node;
    return stateless(value, o.env) ? evaluate(value, o.env) : undefined;
  }
  // An instance: a field set in the constructor and never written after it.
  if (o.chain.some((link) => link.ctx.isMutableMember(prop))) return undefined;
  let value: Node | undefined;
  // From the class that first gives the field a value up the chain (a chain has no overrides).
  for (const link of [...o.chain].reverse()) {
    for (const element of classMembers(link.cls)) {
      // `length: number;` declares the field; `length = 750;` gives it a first value the constructor may replace.
      if (element.type === 'PropertyDefinition' && !element.static && !element.computed && element.key.type === 'Identifier' && element.key.name === prop) {
        // A first value written in another module than the constructor's is read in neither.
        if (element.value && link.ctx !== o.env.ctx) return undefined;
        value = element.value ?? undefined;
      }
      if (element.type === 'MethodDefinition' && !element.static && !element.computed && element.key.type === 'Identifier' && element.key.name === prop && element.kind !== 'constructor') return undefined;
    }
  }
  const ctor = constructorFunction(o.cls);
  // TypeScript's `constructor(readonly gap: number)`: the field is the parameter.
  for (const p of ctor?.params ?? []) {
    if (p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' && p.parameter.name === prop) value = p.parameter;
    if (p.type === 'TSParameterProperty' && p.parameter.type === 'AssignmentPattern' && p.parameter.left.type === 'Identifier' && p.parameter.left.name === prop) value = p.parameter.left;
  }
  for (const statement of ctor?.body?.body ?? []) {
    const e = statement.type === 'ExpressionStatement' ? statement.expression : undefined;
    if (e?.type === 'AssignmentExpression' && e.operator === '=' && e.left.type === 'MemberExpression' && e.left.object.type === 'ThisExpression' && propertyName(e.left) === prop) value = e.right;
  }
  return value && stateless(value, o.env) ? evaluate(value, { ...o.env, region: ctor?.body ?? o.env.region }) : undefined;
}

/** The expression reads no variable that is written after its start (its value is fixed when the object is made). */
function stateless(value: Node, env: Env): boolean {
  let ok = true;
  walk(value, env.ctx.keys, (n) => {
    if (!ok) return false;
    // `this.interval` of the instance whose method made the object: read as the analysis reads members.
    if ((n.type === 'ThisExpression' && n.parent?.type !== 'MemberExpression') || isFunction(n)) ok = false;
    if (n.type === 'Identifier') {
      const parent = n.parent;
      if (parent?.type === 'MemberExpression' && parent.property === n && !parent.computed) return undefined;
      const variable = env.ctx.variableOf(n);
      if (variable && isReassigned(variable)) ok = false;
    }
    return undefined;
  });
  return ok;
}

/** A method of the class (not its constructor) writes a member of `this`: its answers may change from one call to the next. */
function classChangesItself(cls: ClassNode, ctx: Env['ctx']): boolean {
  let writes = false;
  for (const element of classMembers(cls)) {
    if (element.type !== 'MethodDefinition' || element.kind === 'constructor' || element.static) continue;
    walk(element.value, ctx.keys, (n) => {
      if (writes) return false;
      const target = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : undefined;
      if (target?.type === 'MemberExpression' && unwrap(target.object).type === 'ThisExpression') writes = true;
      return undefined;
    });
  }
  return writes;
}

/** A method of the literal writes a member of `this` (`next() { this.duration *= 2; return this }`). */
function changesItself(literal: TSESTree.ObjectExpression, env: Env): boolean {
  let writes = false;
  for (const p of literal.properties) {
    if (p.type !== 'Property' || !isFunction(p.value as Node)) continue;
    walk(p.value as Node, env.ctx.keys, (n) => {
      if (writes) return false;
      const target = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : undefined;
      if (target?.type === 'MemberExpression' && unwrap(target.object).type === 'ThisExpression') writes = true;
      return undefined;
    });
  }
  return writes;
}


/**
 * The objects an expression may hold, or undefined when one of them cannot be read. `self`
 * holds the objects a variable had before a write that reads it again (`b = b.next()`), which
 * that write may only hand back (`next() { return this }`): a strategy that makes a new object
 * at each step answers what the analysis does not follow.
 */
function objectsOf(node: Node, env: Env, self: Map<Variable, StrategyObject[]>, hops: number): StrategyObject[] | undefined {
  if (hops > MAX_HOPS) return undefined;
  const n = unwrap(node);
  switch (n.type) {
    case 'ObjectExpression':
      return [{ kind: 'literal', literal: n, env, node: n }];
    case 'ConditionalExpression': {
      const a = objectsOf(n.consequent, env, self, hops + 1);
      const b = a && objectsOf(n.alternate, env, self, hops + 1);
      return a && b && [...a, ...b];
    }
    case 'LogicalExpression': {
      // `options.backoff || new ConstantBackoff(0)`: the strategy when the caller gives none, as an
      // option's default is read elsewhere in the analysis; one the caller is known to pass is theirs.
      // Only an option read from an options object (`this.options.backoff`, `opts.backoff`), not a
      // member of the instance itself, which its own code may always set.
      const left = unwrap(n.left);
      if (n.operator === '&&' || left.type !== 'MemberExpression' || unwrap(left.object).type === 'ThisExpression') return undefined;
      const passed = passedObjectRead(n.left, env);
      if (passed && passed !== 'absent') return undefined;
      return objectsOf(n.right, env, self, hops + 1);
    }
    case 'NewExpression':
      return constructed(n, env);
    case 'Identifier':
      return variableObjects(n, env, self, hops);
    case 'CallExpression':
      return returnedBy(n, env, self, hops);
    default:
      return undefined;
  }
}

function constructed(n: TSESTree.NewExpression, env: Env): StrategyObject[] | undefined {
  const callee = unwrap(n.callee);
  if (callee.type !== 'Identifier' || n.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
  const chain = classChain(callee, env.ctx);
  if (!chain || chain.some((link) => classChangesItself(link.cls, link.ctx))) return undefined;
  // The constructor that runs: the nearest of the chain; one that hands on to `super(…)` is not read.
  const owner = chain.find((link) => constructorFunction(link.cls)) ?? chain[0];
  if (!owner || (constructorFunction(owner.cls) && owner.cls.superClass)) return undefined;
  const found = owner;
  const ctor = constructorFunction(found.cls);
  const bindings = new Map<Variable, Value>();
  if (ctor) {
    const scope = found.ctx.sourceCode.getScope(ctor);
    parameterVariables(ctor, found.ctx).forEach((plain, i) => {
      const given = n.arguments[i] as Node | undefined;
      // `constructor(readonly gap = 100)`: the parameter behind the field.
      const param = ctor.params[i]?.type === 'TSParameterProperty' ? ctor.params[i].parameter : ctor.params[i];
      const id = param?.type === 'AssignmentPattern' ? param.left : param;
      const variable = plain ?? (id?.type === 'Identifier' ? scope.set.get(id.name) : undefined);
      if (!variable) return;
      const fallback = param?.type === 'AssignmentPattern' ? param.right : undefined;
      if (given) bindings.set(variable, evaluate(given, { ...env, depth: env.depth + 1 }));
      else if (fallback) bindings.set(variable, evaluate(fallback, { ctx: found.ctx, region: ctor.body, counters: new Set(), depth: env.depth + 1 }));
    });
  }
  const inner: Env = { ctx: found.ctx, region: ctor?.body ?? found.cls.body, counters: new Set(), bindings, depth: env.depth + 1 };
  return [{ kind: 'instance', cls: found.cls, chain, env: inner, node: n }];
}

/**
 * The class `new C()` makes and those it extends, of this module or another the analysis reads
 * (`class SkipFirst extends Base {}` with `Base` imported). Undefined when a class of the chain
 * cannot be read (a declared or abstract-membered class, an `extends` of an expression, an
 * unknown module), when it is longer than a bound, or when a class redefines a member of one it
 * extends: `this.name` in the base's code is read as the base's own, so an override would be
 * missed.
 */
export function classChain(callee: TSESTree.Identifier, ctx: Env['ctx'], overrides = false): ClassLink[] | undefined {
  const chain: ClassLink[] = [];
  const names = new Set<string>();
  let id: TSESTree.Identifier | undefined = callee;
  let at = ctx;
  while (id) {
    if (chain.length >= MAX_CHAIN) return undefined;
    const local = classIn(id, at);
    const found: ClassLink | undefined = local ? { cls: local, ctx: at } : at.foreignClass?.(id);
    if (!found || (found.cls.type === 'ClassDeclaration' && found.cls.declare)) return undefined;
    const own = new Set<string>();
    for (const element of found.cls.body.body) {
      if (element.type !== 'MethodDefinition' && element.type !== 'PropertyDefinition') {
        if (element.type === 'StaticBlock') continue;
        return undefined;
      }
      if (element.static || (element.type === 'MethodDefinition' && element.kind === 'constructor')) continue;
      const key = element.computed ? undefined : element.key.type === 'Identifier' ? element.key.name : element.key.type === 'PrivateIdentifier' ? `#${element.key.name}` : undefined;
      if (key === undefined) return undefined;
      own.add(key);
    }
    // A caller that dispatches `this.name` from the instance's own class on reads overrides as they run.
    if (!overrides) for (const key of own) if (names.has(key)) return undefined;
    for (const key of own) names.add(key);
    chain.push(found);
    const parent: Node | null = found.cls.superClass;
    if (!parent) return chain;
    const p = unwrap(parent);
    if (p.type !== 'Identifier') return undefined;
    id = p;
    at = found.ctx;
  }
  return chain;
}

/** Every value a variable of this file is given (`let backoff;` then `backoff = …` in the loop). */
function variableObjects(id: TSESTree.Identifier, env: Env, self: Map<Variable, StrategyObject[]>, hops: number): StrategyObject[] | undefined {
  const variable = env.ctx.variableOf(id);
  if (!variable || soleDefinition(variable)?.type !== 'Variable') return undefined;
  const before = self.get(variable);
  if (before) return before;
  const writes: Node[] = [];
  for (const ref of variable.references) {
    if (!ref.isWrite()) continue;
    const parent = (ref.identifier as Node).parent;
    const plain = (parent?.type === 'VariableDeclarator' && parent.id === ref.identifier) || (parent?.type === 'AssignmentExpression' && parent.operator === '=' && parent.left === ref.identifier);
    if (!plain || !ref.writeExpr) return undefined;
    writes.push(...alternatives(ref.writeExpr as Node));
  }
  if (writes.length === 0) return undefined;
  const reads = (w: Node) => readsVariable(w, variable, env);
  const base: StrategyObject[] = [];
  for (const w of writes.filter((w) => !reads(w))) {
    const found = objectsOf(w, env, self, hops + 1);
    if (!found) return undefined;
    base.push(...found);
  }
  if (base.length === 0) return undefined;
  const inner = new Map(self).set(variable, base);
  for (const w of writes.filter(reads)) {
    const found = objectsOf(w, env, inner, hops + 1);
    // A write that reads the variable again may only keep one of the objects it had.
    if (!found || found.some((o) => !base.includes(o))) return undefined;
  }
  return base;
}

/** The values a write may give: each branch of `backoff ? backoff.next(ctx) : factory.next(ctx)`. */
function alternatives(node: Node): Node[] {
  const n = unwrap(node);
  return n.type === 'ConditionalExpression' ? [...alternatives(n.consequent), ...alternatives(n.alternate)] : [n];
}


/** The objects a call returns: a method of an object it is made on, or a function of this file or another module. */
function returnedBy(call: TSESTree.CallExpression, env: Env, self: Map<Variable, StrategyObject[]>, hops: number): StrategyObject[] | undefined {
  if (call.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
  const callee = unwrap(call.callee);
  const args = call.arguments as Node[];
  if (callee.type === 'MemberExpression') {
    const name = callee.computed ? undefined : propertyName(callee);
    const receivers = name === undefined ? undefined : objectsOf(callee.object, env, self, hops + 1);
    if (!receivers?.length) return undefined;
    const result: StrategyObject[] = [];
    for (const receiver of receivers) {
      const fn = methodOf(receiver, name as string);
      const found = fn && returnsOf(fn, bind(fn, args, env, { ...receiver.env, ctx: methodCtx(receiver, fn) }), receiver, self, hops);
      if (!found) return undefined;
      result.push(...found);
    }
    return result;
  }
  if (callee.type !== 'Identifier') return undefined;
  const local = env.ctx.functionOf(callee);
  const target = local ? { fn: local, ctx: env.ctx } : env.ctx.foreignFunction?.(call);
  if (!target) return undefined;
  return returnsOf(target.fn, bind(target.fn, args, env, { ctx: target.ctx, region: target.fn.body, counters: new Set(), depth: env.depth + 1 }), undefined, self, hops);
}

/** `fn`'s environment: `base` (its module, the object's fields) with its parameters bound to the arguments, read where the call is. */
function bind(fn: FunctionNode, args: readonly Node[], callerEnv: Env, base: Env): Env {
  const bindings = new Map(base.bindings ?? []);
  parameterVariables(fn, base.ctx).forEach((variable, i) => {
    const given = args[i];
    if (variable && given) bindings.set(variable, evaluate(given, { ...callerEnv, depth: callerEnv.depth + 1 }));
  });
  return { ctx: base.ctx, region: fn.body, counters: new Set(), bindings, depth: callerEnv.depth + 1 };
}

function methodOf(o: StrategyObject, name: string): FunctionNode | undefined {
  if (o.kind === 'literal') {
    const property = getProperty(o.literal, name);
    const value = property && property.kind === 'init' ? unwrap(property.value as Node) : undefined;
    return value && (value.type === 'FunctionExpression' || value.type === 'ArrowFunctionExpression') ? value : undefined;
  }
  for (const link of o.chain) {
    for (const element of classMembers(link.cls)) {
      if (element.type === 'MethodDefinition' && element.kind === 'method' && !element.static && !element.computed && element.key.type === 'Identifier' && element.key.name === name) return element.value.type === 'FunctionExpression' ? element.value : undefined;
    }
  }
  return undefined;
}

/** The module the method of an instance's chain is read in. */
function methodCtx(o: StrategyObject, fn: FunctionNode): Env['ctx'] {
  if (o.kind === 'literal') return o.env.ctx;
  return o.chain.find((link) => classMembers(link.cls).some((element) => element.type === 'MethodDefinition' && element.value === fn))?.ctx ?? o.env.ctx;
}

/**
 * The objects every `return` of `fn` gives: `this` (the receiver), or an object the analysis
 * reads. A function that may end without one, or return anything else, gives no answer.
 */
function returnsOf(fn: FunctionNode, env: Env, receiver: StrategyObject | undefined, self: Map<Variable, StrategyObject[]>, hops: number): StrategyObject[] | undefined {
  if (fn.async || fn.generator) return undefined;
  if (fn.body.type !== 'BlockStatement') return objectsOf(fn.body, env, self, hops + 1);
  const returns = returnedExpressions(fn, env);
  if (!returns) return undefined;
  const result: StrategyObject[] = [];
  for (const r of returns) {
    const u = unwrap(r);
    if (u.type === 'ThisExpression') {
      if (!receiver) return undefined;
      result.push(receiver);
      continue;
    }
    // `this` elsewhere in a literal's method is the literal, which evaluate does not know.
    if (receiver?.kind === 'literal' && mentionsThis(u, env)) return undefined;
    const found = objectsOf(u, env, self, hops + 1);
    if (!found) return undefined;
    result.push(...found);
  }
  return result;
}

const returnsCache = new WeakMap<FunctionNode, readonly Node[] | null>();

/** What each `return` of a function with a block body hands back, read once per function; null when it may end without a value. */
function returnedExpressions(fn: FunctionNode, env: Env): readonly Node[] | undefined {
  const known = returnsCache.get(fn);
  if (known !== undefined) return known ?? undefined;
  const returns: Node[] = [];
  let other = false;
  walk(fn.body, env.ctx.keys, (n) => {
    if (other || (n !== fn.body && isFunction(n))) return false;
    if (n.type === 'ReturnStatement') {
      if (n.argument) returns.push(n.argument);
      else other = true;
    }
    return undefined;
  });
  // The last statement must return: falling off the end gives undefined.
  const body = fn.body.type === 'BlockStatement' ? fn.body.body : [];
  const ok = !other && returns.length > 0 && body[body.length - 1]?.type === 'ReturnStatement';
  returnsCache.set(fn, ok ? returns : null);
  return ok ? returns : undefined;
}

function mentionsThis(node: Node, env: Env): boolean {
  let found = false;
  walk(node, env.ctx.keys, (n) => {
    if (found || (isFunction(n) && n.type !== 'ArrowFunctionExpression')) return false;
    if (n.type === 'ThisExpression') found = true;
    return undefined;
  });
  return found;
}
