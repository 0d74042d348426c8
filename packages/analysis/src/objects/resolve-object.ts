import type { TSESTree } from '@typescript-eslint/utils';
import { contains, dottedName, getProperty, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { isReassigned, mergingWrite, type Env, type Variable } from '../context.js';
import { firstDefinition, soleDefinition } from '../definitions/bodies.js';
import { deeper, MAX_DEPTH } from '../evaluation/state.js';
import { soleCallArgument } from '../options/callers.js';
import { classFieldValue, classOf, enclosingClass, memberWritesWithin } from '../classes/class-members.js';
import { copiesIntoFirst } from '../functions/copies-into-first.js';
import { localFunction } from '../functions/local-function.js';

/**
 * Which object literal does an expression stand for, and which node gives one of its
 * properties? Follows constants, spreads, merges (`Object.assign`, `{ ...defaults, ...opts }`),
 * returned objects and aliases.
 */

/** Assignments to `v.prop` by property name, found once per variable from its references. */
const memberAssignmentsCache = new WeakMap<Variable, Map<string, TSESTree.AssignmentExpression[]>>();

export function memberAssignments(variable: Variable): Map<string, TSESTree.AssignmentExpression[]> {
  let byProp = memberAssignmentsCache.get(variable);
  if (!byProp) {
    byProp = new Map();
    for (const ref of variable.references) {
      const member = ref.identifier.parent;
      if (member?.type !== 'MemberExpression' || member.object !== ref.identifier || member.computed) continue;
      const assignment = member.parent;
      const prop = propertyName(member);
      if (assignment?.type !== 'AssignmentExpression' || assignment.left !== member || prop === undefined) continue;
      const list = byProp.get(prop);
      if (list) list.push(assignment);
      else byProp.set(prop, [assignment]);
    }
    memberAssignmentsCache.set(variable, byProp);
  }
  return byProp;
}

/** The caller's plain name (same file) that a helper's parameter `object` stands for, unless the helper writes on it. */
export function aliasOf(object: Node, env: Env): { id: TSESTree.Identifier; env: Env } | undefined {
  const o = unwrap(object);
  if (o.type !== 'Identifier' || !env.aliases || env.depth > MAX_DEPTH) return undefined;
  const variable = env.ctx.variableOf(o);
  const alias = variable && env.aliases.get(variable);
  if (!alias || alias.env.ctx !== env.ctx || alias.id.type !== 'Identifier' || isReassigned(variable)) return undefined;
  return memberAssignments(variable).size > 0 ? undefined : { id: alias.id, env: alias.env };
}

/**
 * `retry.delay(n)` in a helper whose `retry` stands for the caller's variable (`#calculateDelay(retry)`
 * called with `const retry = normalize(options)`): what the caller's variable holds there. Undefined
 * when the helper writes the property itself.
 */
export function aliasedProperty(object: Node, prop: string, env: Env): Node | undefined {
  const o = unwrap(object);
  const variable = o.type === 'Identifier' && env.aliases ? env.ctx.variableOf(o) : undefined;
  const alias = variable && env.aliases?.get(variable);
  if (!alias || alias.env.ctx !== env.ctx || memberWritesWithin(`${(o as TSESTree.Identifier).name}.${prop}`, env).length > 0) return undefined;
  return resolveObjectProperty(alias.id, prop, alias.env);
}

/** `this.x`, `Foo.x`, `config.x`: the initialiser of a field or property that is never written. */
export function resolveObjectProperty(object: Node, prop: string, env: Env): Node | undefined {
  const o = unwrap(object);
  if (o.type === 'ThisExpression' || o.type === 'Identifier') {
    const cls = o.type === 'ThisExpression' ? enclosingClass(o) : classOf(o, env);
    if (cls) return classFieldValue(cls, prop, o.type === 'Identifier');
  }
  if (o.type === 'Identifier') {
    const member = enumMember(o, prop, env);
    if (member) return member;
  }
  const literal = resolveObject(o, env);
  if (!literal) return mergedDefault(o, prop, env);
  const property = getProperty(literal, prop);
  if (property) return property.value as Node;
  return spreadDefault(literal, prop, env);
}

/**
 * `Backoff.Base` with `enum Backoff { Base = 100 }`: the member's initialiser, a constant like a
 * `const` object's property. A member without one (numbered after the one before) is not read.
 */
function enumMember(id: TSESTree.Identifier, prop: string, env: Env): Node | undefined {
  const def = soleDefinition(env.ctx.variableOf(id));
  if (def?.type !== 'TSEnumName' || def.node.type !== 'TSEnumDeclaration') return undefined;
  const member = def.node.body.members.find((m) => (m.id.type === 'Identifier' ? m.id.name : m.id.value) === prop);
  return member?.initializer;
}

/**
 * `{ ...DEFAULTS, ...options }` with no key of its own for `prop`: the value the last spread
 * object literal that names `prop` gives, which is what the option is when the caller leaves
 * it out (a spread the analysis cannot read may override it, as a caller may override a
 * parameter's default).
 */
export function spreadDefault(literal: TSESTree.ObjectExpression, prop: string, env: Env): Node | undefined {
  if (env.depth > MAX_DEPTH) return undefined;
  for (let i = literal.properties.length - 1; i >= 0; i--) {
    const element = literal.properties[i];
    if (element?.type !== 'SpreadElement') continue;
    // `...getDefaultRetryOptions()`: a function of this file, taking nothing, that returns the defaults.
    const factory = unwrap(element.argument);
    const made = factory.type === 'CallExpression' && factory.arguments.length === 0 ? localFunction(factory, env) : undefined;
    if (made && !made.async && !made.generator) {
      const inner = deeper(env);
      const returned = returnedObject(made, inner, prop);
      const value = returned && ((getProperty(returned, prop)?.value as Node | undefined) ?? spreadDefault(returned, prop, inner));
      if (value) return value;
      continue;
    }
    const source = resolveObject(element.argument, deeper(env));
    const value = source && (getProperty(source, prop)?.value as Node | undefined);
    if (value) return value;
  }
  return undefined;
}

/**
 * `Object.assign({}, DEFAULTS, options)` or `applyDefaults(options)` (a function of this file
 * that returns an object literal), directly or through a `const`: the value the defaults give
 * `prop`, as for a spread of them. Undefined for anything else.
 */
function mergedDefault(object: Node, prop: string, env: Env): Node | undefined {
  const source = mergeSource(object, env);
  if (!source) return undefined;
  const { call: n, depth } = source;
  const inner = { ...env, depth: depth + 1 };
  if (dottedName(n.callee) === 'Object.assign') {
    for (let i = n.arguments.length - 1; i >= 0; i--) {
      const source = resolveObject(n.arguments[i] as Node, inner);
      if (!source) continue;
      const value = (getProperty(source, prop)?.value as Node | undefined) ?? spreadDefault(source, prop, inner);
      if (value) return value;
    }
    return undefined;
  }
  const fn = localFunction(n, env);
  if (!fn || fn.async || fn.generator) return undefined;
  const returned = returnedObject(fn, env, prop);
  return returned && ((getProperty(returned, prop)?.value as Node | undefined) ?? spreadDefault(returned, prop, inner));
}

/**
 * The sources of `merge({}, a, b, …)` made by a function the analysis cannot read, or by one of
 * the project that copies into its first argument (functions/copies-into-first.ts): a fresh empty
 * object filled from two or more sources, which is what a merge of defaults is, whatever the
 * order it lets win. Undefined for any other call (and for other functions of the project, read instead).
 */
export function unorderedMerge(call: TSESTree.CallExpression, env: Env): Node[] | undefined {
  const [target, ...sources] = call.arguments;
  if (!target || unwrap(target).type !== 'ObjectExpression' || (unwrap(target) as TSESTree.ObjectExpression).properties.length > 0) return undefined;
  if (sources.length < 2 || sources.some((s) => s.type === 'SpreadElement')) return undefined;
  if (dottedName(call.callee) === 'Object.assign') return undefined;
  // A function of the project is read instead, unless its body is such a merge too.
  const local = localFunction(call, env);
  const read = local ? { fn: local, ctx: env.ctx } : env.ctx.foreignFunction?.(call);
  if (read && !copiesIntoFirst(read.fn, read.ctx)) return undefined;
  return sources as Node[];
}

/**
 * A source of the merge that is the caller's: a parameter of the function that merges (the
 * options it was given) or a member of `this` (what the object held before). The analysis
 * reads neither; they stand for what the caller may set.
 */
export function isCallersSource(node: Node, env: Env): boolean {
  const n = unwrap(node);
  if (n.type === 'MemberExpression') return !n.computed && unwrap(n.object).type === 'ThisExpression';
  return n.type === 'Identifier' && firstDefinition(env.ctx.variableOf(n))?.type === 'Parameter';
}

/** The call an options object is made by, through `const` bindings and a field set once in the constructor. */
export function mergeSource(object: Node, env: Env): { call: TSESTree.CallExpression; depth: number } | undefined {
  let n = unwrap(object);
  let depth = env.depth;
  for (;;) {
    if (n.type === 'Identifier') {
      const variable = env.ctx.variableOf(n);
      const def = firstDefinition(variable);
      // `defaults = Object.assign(baseDefaults, defaults)` at the top of the function that takes them.
      const merge = variable && isReassigned(variable) ? mergingWrite(variable, n) : undefined;
      if (merge) return ++depth > MAX_DEPTH ? undefined : { call: merge, depth };
      // `_retry(f, effectiveConfig, done)`, the one call of a function of this file: what it is handed.
      const handed = variable && soleCallArgument(variable, env);
      if (handed) {
        if (++depth > MAX_DEPTH) return undefined;
        n = handed;
        continue;
      }
      if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init || isReassigned(variable) || ++depth > MAX_DEPTH) return undefined;
      n = unwrap(def.node.init);
      continue;
    }
    // `this.options` set once in the constructor (`this.options = Object.assign({}, DEFAULTS, options)`).
    const field = n.type === 'MemberExpression' && !n.computed && unwrap(n.object).type === 'ThisExpression' ? propertyName(n) : undefined;
    if (field === undefined) break;
    const cls = enclosingClass(n);
    const value = cls && !env.ctx.isMutableMember(field) ? classFieldValue(cls, field, false) : undefined;
    if (!value || ++depth > MAX_DEPTH) return undefined;
    n = unwrap(value);
  }
  return n.type === 'CallExpression' ? { call: n, depth } : undefined;
}

/** The object literal a function always returns (`return { delay: …, factor: … }`), if that is all it returns. */
export function returnedObject(fn: FunctionNode, env: Env, prop: string): TSESTree.ObjectExpression | undefined {
  // Once per function: every option read through `applyDefaults(opts)` asks the same question.
  let found = returnedObjects.get(fn);
  if (found === undefined) returnedObjects.set(fn, (found = findReturnedObjects(fn, env) ?? null));
  // A key the function writes on the object before returning it is not what the literal says.
  if (!found || found.some((f) => f.written.has(prop))) return undefined;
  const [first, ...others] = found;
  if (!first || others.length === 0) return first?.literal;
  // `if (typeof retry === 'number') return { ...defaults(), limit: retry }; … return { ...defaults(), ...given, limit }`:
  // each literal returned gives `prop` from the same place, so whichever path returns, that is it.
  const source = (literal: TSESTree.ObjectExpression): Node | undefined => (getProperty(literal, prop)?.value as Node | undefined) ?? spreadDefault(literal, prop, env);
  const given = source(first.literal);
  return given && others.every((o) => source(o.literal) === given) ? first.literal : undefined;
}

const returnedObjects = new WeakMap<FunctionNode, { literal: TSESTree.ObjectExpression; written: ReadonlySet<string> }[] | null>();

/** Returns no more object literals than this are compared (a function of a few early returns). */
const MAX_RETURNED = 4;

/**
 * `const sanitized = { ...defaults, ...options }; if (sanitized.n < 1) sanitized.n = 1; return sanitized;`:
 * the literal a `const` of the function holds when it is returned, with the keys the function
 * writes on it. Undefined when the object is used otherwise (handed to a call, which may change it).
 */
function returnedLocal(id: TSESTree.Identifier, fn: FunctionNode, env: Env): { literal: TSESTree.ObjectExpression; written: ReadonlySet<string> } | undefined {
  const variable = env.ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name) return undefined;
  const init = def.node.init ? unwrap(def.node.init) : undefined;
  if (init?.type !== 'ObjectExpression' || !contains(fn.body, def.node)) return undefined;
  const written = new Set<string>();
  for (const ref of variable.references) {
    if (ref.init) continue;
    const use = ref.identifier as Node;
    const parent = use.parent;
    if (parent?.type === 'ReturnStatement') continue;
    const prop = parent?.type === 'MemberExpression' && parent.object === use && !parent.computed ? propertyName(parent) : undefined;
    if (prop === undefined) return undefined;
    const outer = (parent as Node).parent;
    if ((outer?.type === 'AssignmentExpression' && outer.left === parent) || outer?.type === 'UpdateExpression') written.add(prop);
    else if (outer?.type === 'CallExpression' && outer.callee === parent) return undefined;
  }
  return { literal: init, written };
}

function findReturnedObjects(fn: FunctionNode, env: Env): { literal: TSESTree.ObjectExpression; written: ReadonlySet<string> }[] | undefined {
  if (fn.body.type !== 'BlockStatement') {
    const body = unwrap(fn.body);
    return body.type === 'ObjectExpression' ? [{ literal: body, written: new Set() }] : undefined;
  }
  const found: { literal: TSESTree.ObjectExpression; written: ReadonlySet<string> }[] = [];
  let other = false;
  walk(fn.body, env.ctx.keys, (node) => {
    if (other || (node !== fn.body && isFunction(node))) return false;
    if (node.type === 'ReturnStatement') {
      const argument = node.argument && unwrap(node.argument);
      // Object literals written out; a returned `const` holding one only as the sole return.
      const local = argument?.type === 'Identifier' && found.length === 0 ? returnedLocal(argument, fn, env) : undefined;
      if (argument?.type === 'ObjectExpression' && !found.some((f) => f.written.size > 0) && found.length < MAX_RETURNED) found.push({ literal: argument, written: new Set() });
      else if (local) found.push(local);
      else other = true;
    }
    return undefined;
  });
  return other || found.length === 0 || (found.length > 1 && found.some((f) => f.written.size > 0)) ? undefined : found;
}

/** Member chains longer than this are not followed to an object literal: the analysis gives up. */
const MAX_LINKS = 64;

/** An object literal that an expression stands for, through `const` bindings and nested properties. */
export function resolveObject(node: Node, env: Env): TSESTree.ObjectExpression | undefined {
  const n = unwrap(node);
  if (n.type === 'ObjectExpression') return n;
  if (n.type === 'Identifier') {
    const variable = env.ctx.variableOf(n);
    const def = firstDefinition(variable);
    const handed = variable && env.depth <= MAX_DEPTH ? soleCallArgument(variable, env) : undefined;
    if (handed) return resolveObject(handed, deeper(env));
    if (!variable || !def || def.type !== 'Variable' || def.node.id !== def.name || !def.node.init) return undefined;
    if (isReassigned(variable) || env.depth > MAX_DEPTH) return undefined;
    return resolveObject(def.node.init, deeper(env));
  }
  if (n.type === 'MemberExpression') {
    // `cfg.a.b.c`, link by link from the root, iteratively (a generated chain of thousands of
    // links must not overflow the stack), each link one level deeper as when this recursed.
    const props: string[] = [];
    let root: Node = n;
    while (root.type === 'MemberExpression') {
      const prop = propertyName(root);
      if (prop === undefined || props.length >= MAX_LINKS) return undefined;
      props.push(prop);
      root = unwrap(root.object);
    }
    const links = props.length;
    let value = resolveObjectProperty(root, props[links - 1] as string, { ...env, depth: env.depth + links });
    for (let i = links - 2; i >= 0 && value; i--) {
      const literal = resolveObject(value, { ...env, depth: env.depth + i + 2 });
      value = literal ? (getProperty(literal, props[i] as string)?.value as Node | undefined) : undefined;
    }
    return value ? resolveObject(value, deeper(env)) : undefined;
  }
  // `queue.add(name, data, jobOptions())`: the object a function of this file returns, when it has one return.
  if (n.type === 'CallExpression' && env.depth <= MAX_DEPTH) {
    const fn = localFunction(n, env);
    const returned = fn && !fn.async && !fn.generator && !contains(fn, n) ? soleReturn(fn, env) : undefined;
    // Only a literal returned as it is written: one the function fills or hands on first is
    // constructions.ts's reading (every key but those it writes).
    return returned && unwrap(returned).type === 'ObjectExpression' ? resolveObject(returned, deeper(env)) : undefined;
  }
  return undefined;
}

/** The value a function returns when it has one return (or an expression body). */
function soleReturn(fn: FunctionNode, env: Env): Node | undefined {
  if (fn.body.type !== 'BlockStatement') return fn.body;
  let found: Node | undefined;
  let count = 0;
  walk(fn.body, env.ctx.keys, (node) => {
    if (count > 1) return false;
    if (node !== fn.body && isFunction(node)) return false;
    if (node.type === 'ReturnStatement') {
      count++;
      found = node.argument ?? undefined;
    }
    return undefined;
  });
  return count === 1 ? found : undefined;
}
