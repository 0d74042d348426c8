import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, getProperty, keyName, propertyName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { isReassigned, type Env } from '../context.js';
import type { Value } from '../value.js';
import { firstDefinition, soleDefinition } from '../definitions/bodies.js';
import { parameterFunction } from '../definitions/parameter-function.js';
import { deeper } from '../evaluation/state.js';
import { truthOf } from '../evaluation/known-values.js';
import { fileCallerMaySet, passedObjectRead, passedProperty, patternCallerMaySet, patternDefault, UNREAD_OPTION } from './callers.js';
import { memberWritesWithin } from '../classes/class-members.js';
import { aliasedProperty, aliasOf, isCallersSource, mergeSource, resolveObject, resolveObjectProperty, returnedObject, spreadDefault, unorderedMerge } from '../objects/resolve-object.js';

/**
 * Where does an option's value come from when the options object does not say it: a default
 * elsewhere, a merge, a caller that may set it, a function chosen by default, the fallback of
 * `opts.x === undefined ? D : opts.x`; and which tests of such an option are known to fail.
 */

/**
 * `typeof x === 'function'` (or `!==`) where `x` is a const holding a local function, or a
 * caller's option that falls back to one (`config.retryDelay ?? defaultRetryDelay`): whether
 * the test holds, as far as this code decides it; undefined when it is not such a test.
 */
export function typeofFunctionTest(test: Node, env: Env): boolean | undefined {
  const t = unwrap(test);
  if (t.type !== 'BinaryExpression' || !/^[!=]==?$/.test(t.operator) || t.left.type === 'PrivateIdentifier') return undefined;
  const [a, b] = [unwrap(t.left), unwrap(t.right)];
  const typeofSide = a.type === 'UnaryExpression' && a.operator === 'typeof' ? a : b.type === 'UnaryExpression' && b.operator === 'typeof' ? b : undefined;
  const other = typeofSide === a ? b : a;
  if (!typeofSide || other.type !== 'Literal' || other.value !== 'function') return undefined;
  const target = unwrap(typeofSide.argument);
  if (target.type !== 'Identifier' || !(env.ctx.functionOf(target) ?? defaultFunction(target, env))) return undefined;
  return !t.operator.startsWith('!');
}

/**
 * The local function a const falls back to when the caller's option is not set:
 * `const retryDelay = config.retryDelay ?? defaultRetryDelay`. Its result is the default wait.
 */
export function defaultFunction(id: TSESTree.Identifier, env: Env): FunctionNode | undefined {
  const variable = env.ctx.variableOf(id);
  const def = firstDefinition(variable);
  // `{ until = () => true } = opts`: the function the name falls back to, unless a caller's value is bound to it.
  const fromPattern = variable && soleDefinition(variable) !== undefined && !isReassigned(variable) ? patternDefault(def?.name as TSESTree.Node) : undefined;
  if (variable && fromPattern) {
    if (env.bindings?.has(variable) || env.ctx.paramValues?.has(variable)) return undefined;
    if (def?.type === 'Parameter' && patternCallerMaySet(def.node as Node, def.name as Node, env)) return undefined;
    if (def?.type === 'Variable' && def.node.init) {
      const property = def.name.parent?.parent;
      const key = property?.type === 'Property' && !property.computed ? keyName(property.key) : undefined;
      const read = key === undefined ? UNREAD_OPTION : passedProperty(def.node.init, key, env);
      if (read && read !== 'absent') return undefined;
      if (key !== undefined && fileCallerMaySet(def.node.init, key, env)) return undefined;
    }
    return env.ctx.functionIn(fromPattern as Node);
  }
  if (!variable || !soleDefinition(variable) || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init || isReassigned(variable)) return undefined;
  const init = unwrap(def.node.init);
  if (init.type !== 'LogicalExpression' || init.operator === '&&' || unwrap(init.left).type !== 'MemberExpression') return undefined;
  // A helper analysed for a call that passes this option: the caller's value, not the fallback.
  const passed = passedObjectRead(init.left, env);
  if (passed && passed !== 'absent') return undefined;
  return env.ctx.functionIn(init.right);
}

/**
 * A function the code calls through a parameter (`getDelay(n)`), unless the helper is being
 * read for a caller that binds it: its default, or what every caller in the file passes.
 */
export function heldByParameter(id: TSESTree.Identifier, env: Env): FunctionNode | undefined {
  const variable = env.ctx.variableOf(id);
  if (!variable || env.bindings?.has(variable) || env.ctx.paramValues?.has(variable)) return undefined;
  return parameterFunction(id, env.ctx, (passed) => env.ctx.functionOf(passed) ?? defaultFunction(passed, env));
}

/**
 * `retry.jitter === true` where the value is known falsy (`false`, or an option whose default
 * is written `undefined`/`null`: `{ jitter: undefined }` read through the defaults), or
 * `=== false` where it is known truthy: never strictly equal. Undefined when not shown; a
 * caller's option the helper was analysed with, and given, is not the default.
 */
export function flagUnequal(read: Node, value: Value, literal: TSESTree.Literal, env: Env): boolean {
  const truth = value.random ? undefined : truthOf(value);
  if (truth !== undefined) return truth !== literal.value;
  return literal.value === true && nothingByDefault(read, env) !== undefined;
}

/**
 * `typeof retry.jitter === 'function'` where the option's default is written `undefined`
 * (`{ jitter: undefined }`, as for flagUnequal): its type is 'undefined', never the one named.
 */
export function typeofUnequal(left: Node, right: Node, env: Env): boolean {
  const [check, named] = left.type === 'UnaryExpression' && left.operator === 'typeof' ? [left, right] : right.type === 'UnaryExpression' && right.operator === 'typeof' ? [right, left] : [];
  if (!check || named?.type !== 'Literal' || typeof named.value !== 'string' || named.value === 'undefined') return false;
  return nothingByDefault(unwrap(check.argument), env) === 'undefined';
}

/**
 * An option read (`retry.jitter`) whose default is written `undefined` or `null` (`{ jitter:
 * undefined }` read through the defaults, this file's or another module's that writes no such
 * key), which nothing in this file writes and the caller the helper is analysed for does not pass.
 */
function nothingByDefault(read: Node, env: Env): 'undefined' | 'null' | undefined {
  if (read.type !== 'MemberExpression' || read.computed) return undefined;
  // (Written by the code itself, `retry.jitter = true`: not the default.)
  const dotted = dottedName(read);
  if (dotted === undefined || memberWritesWithin(dotted, { ...env, region: env.ctx.sourceCode.ast as Node }).length > 0) return undefined;
  const prop = propertyName(read);
  const local = prop === undefined ? undefined : (resolveObjectProperty(read.object, prop, env) ?? aliasedProperty(read.object, prop, env));
  // Or the defaults of another module (`normalizeRetryOptions(options)` spreading `{ jitter: undefined }`), which writes no such key.
  const foreign = local || prop === undefined ? undefined : foreignDefault(read.object, prop, env);
  const holder = local ?? (foreign && !foreign.env.ctx.isMutableMember(prop as string) ? foreign.node : undefined);
  const held = holder && unwrap(holder);
  const nothing = held?.type === 'Identifier' && held.name === 'undefined' ? 'undefined' : held?.type === 'Literal' && held.value === null ? 'null' : undefined;
  if (!nothing) return undefined;
  const passed = passedObjectRead(read, env);
  return !passed || passed === 'absent' ? nothing : undefined;
}

/**
 * `o.tries` with `o = { ...DEFAULTS, ...options }` (or `Object.assign({}, DEFAULTS, options)`)
 * where `options` is bound to what a caller in another file passes: the caller's value when it
 * sets the key (or may: options it cannot read), read before the defaults under it. Undefined
 * when the last source that may set the key is not the caller's.
 */
export function passedThroughMerge(object: Node, key: string | undefined, env: Env): Value | undefined {
  if (key === undefined) return undefined;
  const literal = resolveObject(object, env);
  const sources: (Node | undefined)[] = literal
    ? literal.properties.map((p) => (p.type === 'SpreadElement' ? (p.argument as Node) : keyName(p.key) === key || p.computed ? undefined : null)).filter((p): p is Node | undefined => p !== null)
    : ((source) => (source && dottedName(source.call.callee) === 'Object.assign' ? source.call.arguments.map((a) => (a.type === 'SpreadElement' ? undefined : (a as Node))) : []))(mergeSource(object, env));
  for (let i = sources.length - 1; i >= 0; i--) {
    const source = sources[i];
    // A key of its own (or a spread the analysis cannot place) decides: not the caller's.
    if (!source) return undefined;
    const passed = passedProperty(source, key, env);
    if (passed === 'absent') continue;
    if (passed) return passed;
    const other = resolveObject(source, env);
    if (!other || getProperty(other, key)) return undefined;
  }
  return undefined;
}

/**
 * Analysed for a call in another file, the options object (or a source merged into it) is a
 * parameter the caller passes something for that may set `prop`.
 */
export function callerMaySet(object: Node, prop: string, env: Env): boolean {
  const defaultValue = resolveObjectProperty(object, prop, env);
  const held = defaultValue && unwrap(defaultValue);
  const given = (n: Node) => {
    if (fileCallerMaySet(n, prop, env, 0, held)) return true;
    if (!env.ctx.paramValues) return false;
    const read = passedProperty(n, prop, env);
    return read !== undefined && read !== 'absent';
  };
  if (given(object)) return true;
  const literal = resolveObject(object, env);
  const sources = literal ? literal.properties.flatMap((p) => (p.type === 'SpreadElement' ? [p.argument as Node] : [])) : (mergeSource(object, env)?.call.arguments as Node[] | undefined) ?? [];
  return sources.some((source) => source.type !== 'SpreadElement' && given(source));
}

/**
 * Where an option `prop` of an options object is written: the node that gives it (an object
 * literal's key, defaults merged in, in this file or another module's), with the environment
 * to evaluate it in. Undefined where the analysis cannot read it.
 */
export function optionSource(object: Node, prop: string, env: Env): { node: Node; env: Env } | undefined {
  const node = resolveObjectProperty(object, prop, env);
  return node ? { node, env } : foreignDefault(object, prop, env);
}

/**
 * `getSanitizedOptions(options)` imported from './options', returning `{ ...defaultOptions,
 * ...options }`: the value the other module's defaults give `prop`, with the environment (that
 * module's context) to evaluate it in. Undefined for anything else.
 */
export function foreignDefault(object: Node, prop: string, env: Env): { node: Node; env: Env } | undefined {
  if (!env.ctx.foreignFunction) return undefined;
  // `retry.delay` in `#calculateDelay(retry)` whose `retry` stands for the caller's
  // `const retry = normalizeRetryOptions(options)`: what the other module's defaults give the caller's.
  const alias = aliasOf(object, env);
  const viaAlias = alias && foreignDefault(alias.id, prop, deeper(alias.env));
  if (viaAlias) return viaAlias;
  const source = mergeSource(object, env);
  // `{ ...DEFAULTS, ...options }` or `Object.assign({}, DEFAULTS, options)` with DEFAULTS
  // imported: no source of this file names `prop`, so the other module's object gives it.
  const local = source ? undefined : resolveObject(object, env);
  const merged = local ? local.properties.map((p) => (p.type === 'SpreadElement' ? p.argument : undefined)) : source && dottedName(source.call.callee) === 'Object.assign' ? source.call.arguments : undefined;
  if (merged) {
    if (local && getProperty(local, prop)) return undefined;
    for (let i = merged.length - 1; i >= 0; i--) {
      const element = merged[i];
      const imported = element && element.type !== 'SpreadElement' ? env.ctx.foreignObject?.(element) : undefined;
      const value = imported && (getProperty(imported.literal, prop)?.value as Node | undefined);
      if (value && imported) return { node: value, env: { ctx: imported.ctx, region: imported.literal, counters: new Set(), depth: env.depth + 2 } };
    }
    return undefined;
  }
  const unordered = source && unorderedMerge(source.call, env);
  if (unordered) {
    // `defaults({}, options, DEFAULTS, this.options)`: whichever source wins, the one object of
    // defaults that names `prop` gives it when the caller's sources are the only others.
    let found: { node: Node; env: Env } | undefined;
    for (const element of unordered) {
      if (isCallersSource(element, env)) continue;
      const imported = env.ctx.foreignObject?.(element);
      if (!imported) return undefined;
      const value = getProperty(imported.literal, prop)?.value as Node | undefined;
      if (!value) continue;
      if (found) return undefined;
      found = { node: value, env: { ctx: imported.ctx, region: imported.literal, counters: new Set(), depth: env.depth + 2 } };
    }
    return found;
  }
  // `this.options.k` with the constructor's parameter stored there: what the package's constructions hand it.
  if (!source) return env.ctx.constructedOption?.(object, prop, env);
  // `settle({ ...given, spread: 'all' })`: the call names the option itself; its defaults do not give it.
  if (source.call.arguments.some((a) => a.type === 'ObjectExpression' && getProperty(a, prop))) return undefined;
  const foreign = env.ctx.foreignFunction(source.call);
  if (!foreign || foreign.fn.async || foreign.fn.generator) return undefined;
  const fenv: Env = { ctx: foreign.ctx, region: foreign.fn.body, counters: new Set(), depth: (source?.depth ?? env.depth) + 1 };
  const returned = returnedObject(foreign.fn, fenv, prop);
  const node = returned && ((getProperty(returned, prop)?.value as Node | undefined) ?? spreadDefault(returned, prop, fenv));
  return node ? { node, env: fenv } : undefined;
}

/**
 * `opts.x === undefined ? D : opts.x` (also `== null`, `typeof opts.x === 'undefined'`, and
 * the `!==` form with the branches swapped): D, the value when the caller leaves the option
 * out, read as the option's value (as `opts.x ??= D` is), whether the other branch keeps the value
 * or works it over (`opts.x == null ? Infinity : toFinite(opts.x)`). Undefined for any other conditional.
 */
export function absentDefault(n: TSESTree.ConditionalExpression, env: Env): Node | undefined {
  const test = unwrap(n.test);
  if (test.type !== 'BinaryExpression' || !/^[!=]==?$/.test(test.operator) || test.left.type === 'PrivateIdentifier') return undefined;
  const [a, b] = [unwrap(test.left), unwrap(test.right)];
  const isAbsent = (x: Node) => (x.type === 'Identifier' && x.name === 'undefined') || (x.type === 'Literal' && (x.value === 'undefined' || (x.value === null && test.operator.length === 2)));
  const absent = isAbsent(b) ? b : isAbsent(a) ? a : undefined;
  const side = absent === b ? a : b;
  if (!absent) return undefined;
  const typeofTest = side.type === 'UnaryExpression' && side.operator === 'typeof';
  // `typeof x === 'undefined'` compares a string; `x === 'undefined'` does not test absence.
  const isString = absent.type === 'Literal' && absent.value === 'undefined';
  if (typeofTest !== isString) return undefined;
  const read = unwrap(typeofTest ? (side as TSESTree.UnaryExpression).argument : side);
  if (read.type !== 'MemberExpression') return undefined;
  const negated = test.operator.startsWith('!');
  const [fallback, kept] = negated ? [n.alternate, n.consequent] : [n.consequent, n.alternate];
  const text = (x: Node) => env.ctx.sourceCode.text.slice(x.range[0], x.range[1]);
  // The kept branch may also work the caller's value over (`toFiniteNumber(source.maxRetries, Infinity)`):
  // left out, the option is the fallback all the same.
  let reads = false;
  walk(kept, env.ctx.keys, (x) => {
    if (reads) return false;
    if (x.type === 'MemberExpression' && text(x) === text(read)) reads = true;
    return undefined;
  });
  return reads ? fallback : undefined;
}

/**
 * `opts.maxRetries ?? 4`, `this.options.delay || 1000`, `retries ?? 3`: a value the caller hands
 * in (read from a parameter, or from the object's own options), with the code's fallback. When
 * nothing says what the caller passes, the fallback is the value, as a parameter's default is
 * (`retries = 3`): the policy the code gives those who leave the option out. Not for a
 * parameter a call being read binds: what that call passes decides.
 */
export function callerOptionRead(node: Node, env: Env): boolean {
  let base = unwrap(node);
  while (base.type === 'MemberExpression' && !base.computed) base = unwrap(base.object);
  if (base.type === 'ThisExpression') return node !== base;
  const variable = base.type === 'Identifier' ? env.ctx.variableOf(base) : undefined;
  // A parameter a call being read binds (`h(settings)` handing options the analysis cannot read) is that call's, not the default's.
  if (!variable || env.ctx.paramValues?.has(variable) || env.aliases?.has(variable)) return false;
  return firstDefinition(variable)?.type === 'Parameter';
}
