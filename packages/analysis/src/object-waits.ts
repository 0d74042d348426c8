import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import type { AnalysisContext, Variable } from './context.js';
import { evaluate, type Alias, type Env, type Receiver } from './evaluate.js';
import { helperEnv } from './evaluation/helper-calls.js';
import { localFunction, parameterVariables } from './functions/local-function.js';
import { enclosingClass } from './classes/class-members.js';
import { asSleep } from './sleep.js';
import { memberOf } from './synthetic-member.js';
import { classChain, type ClassLink } from './strategy-objects.js';
import { classMembers, constructorFunction, soleDefinition } from './definitions/bodies.js';
import { join, num, type Value } from './value.js';

/**
 * The wait a delay object makes: `await this.applyDelay()` (a method of the class named like a
 * wait, with no timer of its own) whose body makes an object and awaits one method of it
 * (`const delay = DelayFactory(this.options, n); await delay.apply();`). The object is followed
 * through the functions that make it (of this file or another module, a factory choosing
 * between classes by an option: every class it may make is taken, and their waits must agree),
 * to `new C(…)`; the method is dispatched from the instance's own class, through the classes
 * it extends (`super.apply()` goes on from the class above the one calling it), to the
 * `new Promise(r => setTimeout(r, ms))` it returns. `ms` is read with `this` the instance: its
 * getters dispatched the same way, a field the constructor's parameter (what `new` hands it)
 * or what a setter called on the new object before it is handed back sets
 * (`delay.setAttemptNumber(attempt)`), read where that argument was given. Anything on the way
 * the analysis cannot read, an object used otherwise than so, and there is no answer.
 */

type Keys = AnalysisContext['keys'];

/** How deep the functions that make the object are followed. */
const MAX_HOPS = 6;

/** An instance the analysis follows: its class chain, the `new` that made it, and the setters called on it since. */
interface Instance {
  chain: readonly ClassLink[];
  made: TSESTree.NewExpression;
  env: Env;
  setters: readonly { method: FunctionNode; call: TSESTree.CallExpression; env: Env }[];
}

/** The wait the opaque sleep `this.applyDelay()` makes, or undefined. */
export function objectWait(call: TSESTree.CallExpression, env: Env): Value | undefined {
  const callee = unwrap(call.callee);
  // Cheap tests first: a call of a method of the class, with no arguments that say how long.
  if (callee.type !== 'MemberExpression' || unwrap(callee.object).type !== 'ThisExpression' || call.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
  const fn = localFunction(call, env);
  if (!fn || fn.generator || fn.body.type !== 'BlockStatement') return undefined;
  const awaited = soleAwaitedCall(fn, env.ctx.keys);
  const target = awaited && unwrap(awaited.callee);
  if (!awaited || target?.type !== 'MemberExpression' || target.computed || unwrap(target.object).type !== 'Identifier') return undefined;
  const name = propertyName(target);
  if (name === undefined || awaited.arguments.length > 0) return undefined;
  const inner = helperEnv(fn, call.arguments as Node[], env);
  const instances = instancesOf(unwrap(target.object), inner, 0);
  if (!instances?.length) return undefined;
  let value: Value | undefined;
  for (const instance of instances) {
    const v = methodWait(instance, name, 0, 0);
    if (!v) return undefined;
    value = value ? join(value, v) : v;
  }
  return value;
}

/** The one awaited call of a straight-line method body (`const d = make(); await d.apply();`). */
function soleAwaitedCall(fn: FunctionNode, keys: Keys): TSESTree.CallExpression | undefined {
  const body = fn.body as TSESTree.BlockStatement;
  let found: TSESTree.CallExpression | undefined;
  let other = false;
  for (const statement of body.body) {
    if (statement.type !== 'VariableDeclaration' && statement.type !== 'ExpressionStatement') return undefined;
  }
  walk(body, keys, (n) => {
    if (other || (n !== body && isFunction(n))) return false;
    if (n.type === 'AwaitExpression') {
      const argument = unwrap(n.argument);
      if (found || argument.type !== 'CallExpression' || n.parent?.type !== 'ExpressionStatement') other = true;
      else found = argument;
    }
    return undefined;
  });
  return other ? undefined : found;
}

/**
 * The instances an expression may hold: `new C(…)`, a `const` given one (with setter calls on
 * it, then handed on), or what a function returns on every path.
 */
function instancesOf(node: Node, env: Env, hops: number): Instance[] | undefined {
  if (hops > MAX_HOPS) return undefined;
  const n = unwrap(node);
  if (n.type === 'NewExpression') {
    const callee = unwrap(n.callee);
    if (callee.type !== 'Identifier' || n.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
    const chain = classChain(callee, env.ctx, true);
    if (!chain) return undefined;
    // The constructor that runs: the nearest of the chain, one that does not hand on to super(…).
    const owner = chain.find((link) => constructorFunction(link.cls));
    if (owner && owner.cls.superClass) return undefined;
    return [{ chain, made: n, env, setters: [] }];
  }
  if (n.type === 'Identifier') return heldInstances(n, env, hops);
  if (n.type === 'CallExpression') {
    const callee = unwrap(n.callee);
    if (callee.type !== 'Identifier' || n.arguments.some((a) => a.type === 'SpreadElement')) return undefined;
    const local = env.ctx.functionOf(callee);
    const target = local ? { fn: local, ctx: env.ctx } : env.ctx.foreignFunction?.(n);
    if (!target || target.fn.async || target.fn.generator) return undefined;
    const returns = everyReturn(target.fn, target.ctx.keys);
    if (!returns) return undefined;
    const inner = bindAliased(target.fn, n.arguments as Node[], env, target.ctx);
    const result: Instance[] = [];
    for (const r of returns) {
      const found = instancesOf(r, inner, hops + 1);
      if (!found) return undefined;
      result.push(...found);
    }
    return result;
  }
  return undefined;
}

/**
 * `const delay = make(options); delay.setAttemptNumber(attempt); return delay;`: the instances
 * the `const` is given, with the setter calls made on it. Every other use of the name is the
 * one being read (a `return`, or the call that waits): an object handed anywhere else may be
 * changed there.
 */
function heldInstances(id: TSESTree.Identifier, env: Env, hops: number): Instance[] | undefined {
  const variable = env.ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name || !def.node.init) return undefined;
  const calls: TSESTree.CallExpression[] = [];
  const reads: Node[] = [];
  for (const ref of variable.references) {
    if (ref.init) continue;
    const use = ref.identifier as Node;
    const parent = use.parent;
    if (parent?.type === 'ReturnStatement') {
      reads.push(use);
      continue;
    }
    const call = parent?.type === 'MemberExpression' && parent.object === use && !parent.computed ? parent.parent : undefined;
    if (call?.type !== 'CallExpression' || call.callee !== parent) return undefined;
    if (call.parent?.type === 'ExpressionStatement' && call.parent.parent === def.parent.parent) calls.push(call);
    else reads.push(use);
  }
  // Read in one place (the wait, or the `return` that hands it on), after every setter call.
  const read = reads.length === 1 ? reads[0] : undefined;
  if (!read || calls.some((call) => call.range[1] > read.range[0])) return undefined;
  const made = instancesOf(def.node.init, env, hops + 1);
  if (!made) return undefined;
  const result: Instance[] = [];
  for (const instance of made) {
    const configured = withSetters(instance, calls, env);
    if (!configured) return undefined;
    result.push(configured);
  }
  return result;
}

function withSetters(instance: Instance, calls: readonly TSESTree.CallExpression[], env: Env): Instance | undefined {
  const setters = [...instance.setters];
  for (const call of calls) {
    const name = propertyName(call.callee as TSESTree.MemberExpression);
    const method = name === undefined ? undefined : dispatch(instance.chain, name, 0, 'method');
    if (!method || !isSetter(method.fn)) return undefined;
    setters.push({ method: method.fn, call, env });
  }
  return { ...instance, setters };
}

/** A method whose body only stores its parameters on `this` (`setAttemptNumber(n) { this.attempt = n }`). */
function isSetter(fn: FunctionNode): boolean {
  if (fn.async || fn.generator || fn.body.type !== 'BlockStatement' || fn.body.body.length === 0) return false;
  return fn.body.body.every((st) => {
    const e = st.type === 'ExpressionStatement' ? st.expression : undefined;
    return e?.type === 'AssignmentExpression' && e.operator === '=' && e.left.type === 'MemberExpression' && unwrap(e.left.object).type === 'ThisExpression' && !e.left.computed && unwrap(e.right).type === 'Identifier' && fn.params.some((p) => p.type === 'Identifier' && p.name === (unwrap(e.right) as TSESTree.Identifier).name);
  });
}

/** What every `return` of a function gives, when it always returns one (its last statement a `return`). */
function everyReturn(fn: FunctionNode, keys: Keys): Node[] | undefined {
  if (fn.body.type !== 'BlockStatement') return [fn.body];
  const body = fn.body;
  const returns: Node[] = [];
  let other = false;
  walk(body, keys, (n) => {
    if (other || (n !== body && isFunction(n))) return false;
    if (n.type === 'ReturnStatement') {
      if (n.argument) returns.push(n.argument);
      else other = true;
    }
    return undefined;
  });
  return !other && returns.length > 0 && body.body[body.body.length - 1]?.type === 'ReturnStatement' ? returns : undefined;
}

/**
 * `fn`'s environment in module `ctx`: its parameters bound to the values of the arguments, and
 * each standing for the argument it is given (a name or `this.options`), so that an option read
 * from it is read where the caller holds it, in the caller's module.
 */
function bindAliased(fn: FunctionNode, args: readonly Node[], caller: Env, ctx: AnalysisContext): Env {
  const bindings = new Map<Variable, Value>();
  const aliases = new Map<Variable, Alias>();
  parameterVariables(fn, ctx).forEach((variable, i) => {
    const given = args[i] ? unwrap(args[i] as Node) : undefined;
    if (!variable || !given) return;
    bindings.set(variable, evaluate(given, { ...caller, depth: caller.depth + 1 }));
    const alias = aliasOf(given, caller);
    if (alias) aliases.set(variable, alias);
  });
  return { ctx, region: fn.body, counters: new Set(), bindings, aliases, depth: caller.depth + 1, attempt: caller.attempt ?? caller.region };
}

function aliasOf(given: Node, caller: Env): Alias | undefined {
  if (given.type === 'Identifier') {
    const variable = caller.ctx.variableOf(given);
    return (variable && caller.aliases?.get(variable)) ?? { id: given, env: caller };
  }
  if (given.type === 'MemberExpression' && !given.computed && unwrap(given.object).type === 'ThisExpression') return { id: given, env: caller };
  return undefined;
}

/** The method (or getter) `name` the instance runs, looked for from the chain's class at `from` up. */
function dispatch(chain: readonly ClassLink[], name: string, from: number, kind: 'method' | 'get'): { fn: FunctionNode; at: number } | undefined {
  for (let i = from; i < chain.length; i++) {
    for (const element of classMembers((chain[i] as ClassLink).cls)) {
      if (element.type !== 'MethodDefinition' || element.static || element.computed || element.key.type !== 'Identifier' || element.key.name !== name) continue;
      return element.kind === kind && element.value.type === 'FunctionExpression' ? { fn: element.value, at: i } : undefined;
    }
    for (const element of classMembers((chain[i] as ClassLink).cls)) {
      if (element.type === 'PropertyDefinition' && !element.static && !element.computed && element.key.type === 'Identifier' && element.key.name === name) return undefined;
    }
  }
  return undefined;
}

/**
 * The wait the instance's method `name` makes, dispatched from the class at `from`: it returns
 * `new Promise(r => setTimeout(r, ms))`, `super.name()` / `this.other()`, or a conditional of
 * those and a value that is no wait (`this.isFirst ? true : super.apply()`: no wait, or the wait).
 */
function methodWait(instance: Instance, name: string, from: number, hops: number): Value | undefined {
  if (hops > MAX_HOPS) return undefined;
  const method = dispatch(instance.chain, name, from, 'method');
  if (!method || method.fn.generator || method.fn.params.length > 0) return undefined;
  const link = instance.chain[method.at] as ClassLink;
  // Only a method that returns its wait and does nothing else: no other wait, no other work.
  const body = method.fn.body;
  const only = body.type === 'BlockStatement' ? (body.body.length === 1 && body.body[0]?.type === 'ReturnStatement' ? body.body[0].argument : undefined) : body;
  const returns = only ? [only as Node] : undefined;
  if (!returns) return undefined;
  let value: Value | undefined;
  for (const r of returns) {
    const v = returnedWait(r, instance, method.at, link, method.fn, hops);
    if (!v) return undefined;
    value = value ? join(value, v) : v;
  }
  return value;
}

function returnedWait(node: Node, instance: Instance, at: number, link: ClassLink, fn: FunctionNode, hops: number): Value | undefined {
  const n = unwrap(node);
  if (n.type === 'ConditionalExpression') {
    const a = returnedWait(n.consequent, instance, at, link, fn, hops);
    const b = a && returnedWait(n.alternate, instance, at, link, fn, hops);
    return a && b && join(a, b);
  }
  // A plain value handed back: no wait on that way.
  if (n.type === 'Literal' || (n.type === 'Identifier' && n.name === 'undefined')) return num(0);
  if (n.type === 'CallExpression' && n.arguments.length === 0) {
    const callee = unwrap(n.callee);
    if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
    const name = propertyName(callee);
    const object = unwrap(callee.object);
    if (name === undefined) return undefined;
    if (object.type === 'Super') return methodWait(instance, name, at + 1, hops + 1);
    if (object.type === 'ThisExpression') return methodWait(instance, name, 0, hops + 1);
    return undefined;
  }
  if (n.type !== 'NewExpression') return undefined;
  const sleep = asSleep(n, link.ctx);
  if (!sleep || sleep.opaque || !sleep.delay) return undefined;
  return evaluate(sleep.delay, instanceEnv(instance, link, fn.body));
}

/** Where the instance's own code is read: its module, with `this` the instance. */
function instanceEnv(instance: Instance, link: ClassLink, region: Node): Env {
  return { ctx: link.ctx, region, counters: new Set(), bindings: new Map(), depth: instance.env.depth + 1, receiver: receiverOf(instance) };
}

const receivers = new WeakMap<Instance, Receiver>();

/** Getters being read now. */
const reading = new Set<FunctionNode>();

function receiverOf(instance: Instance): Receiver {
  let receiver = receivers.get(instance);
  if (!receiver) receivers.set(instance, (receiver = { member: (member, env) => instanceMember(instance, member, env) }));
  return receiver;
}

/**
 * `this.name` (a getter dispatched from the instance's class, or a field) and `this.field.key`
 * in the instance's own code; undefined for what is not the instance's.
 */
function instanceMember(instance: Instance, member: TSESTree.MemberExpression, env: Env): Value | undefined {
  if (member.computed) return undefined;
  const prop = propertyName(member);
  const object = unwrap(member.object);
  if (prop === undefined) return undefined;
  if (object.type === 'ThisExpression') {
    if (!ownCode(instance, member)) return undefined;
    const getter = dispatch(instance.chain, prop, 0, 'get');
    if (getter) {
      const returns = everyReturn(getter.fn, (instance.chain[getter.at] as ClassLink).ctx.keys);
      // A getter that reads itself again (directly or through another) is not followed round.
      if (!returns || reading.has(getter.fn)) return undefined;
      // Read at the instance's own depth: getters reading getters do not use up the evaluation's depth.
      const inner = instanceEnv(instance, instance.chain[getter.at] as ClassLink, getter.fn.body);
      reading.add(getter.fn);
      try {
        return returns.map((r) => evaluate(r, inner)).reduce(join);
      } finally {
        reading.delete(getter.fn);
      }
    }
    const field = fieldSource(instance, prop);
    return field && evaluate(field.node, { ...field.env, depth: field.env.depth + 1 });
  }
  if (object.type === 'MemberExpression' && !object.computed && unwrap(object.object).type === 'ThisExpression' && ownCode(instance, object)) {
    const name = propertyName(object);
    const field = name === undefined ? undefined : fieldSource(instance, name);
    if (!field) return undefined;
    return evaluate(memberOf(field.node, prop), { ...field.env, depth: field.env.depth + 1 });
  }
  return undefined;
}

/** The member sits in a class of the instance's chain (`this` there is the instance). */
function ownCode(instance: Instance, member: Node): boolean {
  // The nearest function that has a `this` of its own must be a method or getter of the chain's classes.
  let fn: Node | undefined = member.parent;
  while (fn && (fn.type !== 'FunctionExpression' && fn.type !== 'FunctionDeclaration')) fn = fn.parent;
  const definition = fn?.parent;
  if (definition?.type !== 'MethodDefinition' || definition.static || definition.value !== fn) return false;
  const cls = enclosingClass(member);
  return cls !== undefined && instance.chain.some((link) => link.cls === cls);
}

/**
 * Where the instance's field gets its value: the last setter called on it that stores it, else
 * the constructor's parameter that is the field (`constructor(private options: O)`, or
 * `this.options = options`), read at the `new`. Undefined when a method other than those setters
 * writes it, or it is given any other way.
 */
function fieldSource(instance: Instance, field: string): { node: Node; env: Env } | undefined {
  for (const link of instance.chain) {
    for (const element of classMembers(link.cls)) {
      // `attempt = 0;` in a class of the chain: a first value only a setter's store replaces (it is not read itself).
      if (element.type === 'PropertyDefinition' && !element.static && !element.computed && element.key.type === 'Identifier' && element.key.name === field && element.value && !instance.setters.some((s) => storedParameter(s.method, field) !== undefined)) return undefined;
      if (element.type !== 'MethodDefinition' || element.kind === 'constructor' || element.static) continue;
      if (instance.setters.some((s) => s.method === element.value)) continue;
      if (writesField(element.value, field, link.ctx.keys)) return undefined;
    }
  }
  for (let i = instance.setters.length - 1; i >= 0; i--) {
    const setter = instance.setters[i] as Instance['setters'][number];
    const index = storedParameter(setter.method, field);
    if (index === undefined) continue;
    const given = setter.call.arguments[index];
    return given && given.type !== 'SpreadElement' ? { node: given, env: setter.env } : undefined;
  }
  const owner = instance.chain.find((link) => constructorFunction(link.cls));
  const ctor = owner && constructorFunction(owner.cls);
  if (!ctor) return undefined;
  const index = ctor.params.findIndex((p) => p.type === 'TSParameterProperty' && p.parameter.type === 'Identifier' && p.parameter.name === field);
  // The parameter property, never written in the constructor; or one plain store of a parameter.
  const writes = countWrites(ctor, field, owner.ctx.keys);
  const stored = index >= 0 ? (writes === 0 ? index : undefined) : writes === 1 ? storedParameter(ctor, field) : undefined;
  if (stored === undefined || stored < 0) return undefined;
  const given = instance.made.arguments[stored];
  return given && given.type !== 'SpreadElement' ? { node: given, env: instance.env } : undefined;
}

/** The position of the parameter a function stores in `this.field` (`this.attempt = attempt`). */
function storedParameter(fn: FunctionNode, field: string): number | undefined {
  if (fn.body.type !== 'BlockStatement') return undefined;
  let index: number | undefined;
  for (const st of fn.body.body) {
    const e = st.type === 'ExpressionStatement' ? st.expression : undefined;
    if (e?.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression' || unwrap(e.left.object).type !== 'ThisExpression' || propertyName(e.left) !== field) continue;
    const right = unwrap(e.right);
    index = right.type === 'Identifier' ? fn.params.findIndex((p) => p.type === 'Identifier' && p.name === right.name) : -1;
  }
  return index;
}

function countWrites(fn: Node, field: string, keys: Keys): number {
  let count = 0;
  walk(fn, keys, (n) => {
    const target = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : undefined;
    if (target?.type === 'MemberExpression' && unwrap(target.object).type === 'ThisExpression' && propertyName(target) === field) count++;
    return undefined;
  });
  return count;
}

function writesField(fn: Node, field: string, keys: Keys): boolean {
  let writes = false;
  walk(fn, keys, (n) => {
    if (writes) return false;
    const target = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : undefined;
    if (target?.type === 'MemberExpression' && unwrap(target.object).type === 'ThisExpression' && propertyName(target) === field) writes = true;
    return undefined;
  });
  return writes;
}
