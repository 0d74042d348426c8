import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, dottedName, getProperty, isFunction, keyName, propertyName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { writesWithin, type Alias, type AnalysisContext, type Env, type Variable } from '../context.js';
import { join, markRandomOff, randomOff, UNKNOWN, withRandom, type Value } from '../value.js';
import { deeper, mentionsServerWait } from './state.js';
import { truthOf } from './known-values.js';
import { filledDefaults, memberWritesWithin } from '../classes/class-members.js';
import { localFunction, parameterVariables, tooLongToInline } from '../functions/local-function.js';
import { aliasedProperty, resolveObjectProperty } from '../objects/resolve-object.js';
import { callerMaySet, defaultFunction } from '../options/option-source.js';
import { usesRandomness } from '../randomness/uses-randomness.js';
import { attemptResult, branchOf, mentions, writtenAfter } from '../variables/writes.js';
import { evaluate } from './evaluator.js';

/**
 * What does a call of a helper evaluate to, with its body read for the call (its parameters
 * bound to the call's arguments), and which branches, of such a body or of a retry's code, are
 * known not to run? Part of the evaluator's recursive core: it calls evaluate() back through
 * evaluator.ts.
 */

/**
 * `node` sits in a branch inside the region that the code shows is not taken: under
 * `if (opts.factor)` with `factor` 0 by default, after `if (delay === 0) return 0` with a
 * known delay. Only tests that read nothing written in the region are asked (what changes
 * between attempts, or the value being computed, may take either branch).
 */
export function notTaken(node: Node, env: Env, name?: string): boolean {
  const region = env.region;
  for (let child: Node = node, p = node.parent; p && p !== region; child = p, p = p.parent) {
    const branch = branchOf(p, child);
    if (!branch) continue;
    // `if (delay === 0) delay = …` read for the value of `delay`: the test reads what is being computed; not asked.
    const truth = steadyTest(branch.test, env) ? truthOf(evaluate(branch.test, env)) : name !== undefined && mentions(branch.test, name, env) ? undefined : serverWaitTruth(branch.test, env);
    if (truth !== undefined && truth !== branch.whenTrue) return true;
  }
  return false;
}

/**
 * What a test that changes between attempts answers for a response without the server's wait
 * (`if (!retryAfter) return 0` on `const retryAfter = headers['retry-after']`): the same on
 * every attempt, as the header's absence is. Only in a file that names the header at all.
 */
function serverWaitTruth(test: Node, env: Env): boolean | undefined {
  if (!mentionsServerWait(env.ctx)) return undefined;
  const value = evaluate(test, env);
  return value.withoutServerWait ? truthOf(value) : undefined;
}

/**
 * A return after `if (test) return …` whose test holds for a response without the server's
 * wait: not reached then.
 */
function afterServerWaitExit(node: Node, body: TSESTree.BlockStatement, env: Env): boolean {
  if (!mentionsServerWait(env.ctx)) return false;
  for (const statement of body.body) {
    if (statement === node || contains(statement, node)) return false;
    if (statement.type === 'IfStatement' && !statement.alternate && alwaysExits(statement.consequent) && serverWaitTruth(statement.test, env) === true) return true;
  }
  return false;
}

/**
 * A call a test may make and still be read with the defaults: `Array.isArray(x)`,
 * `x.indexOf(y)`/`x.includes(y)`, or an option whose default function the code gives and no
 * caller the analysis is bound to sets.
 */
function readableCall(call: TSESTree.CallExpression, env: Env): boolean {
  const dotted = dottedName(call.callee);
  if (dotted === 'Array.isArray') return true;
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return env.ctx.functionOf(callee) === undefined && defaultFunction(callee, env) !== undefined;
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  const prop = propertyName(callee);
  if (prop === 'indexOf' || prop === 'includes') return true;
  if (prop === undefined || unwrap(callee.object).type === 'ThisExpression' || callerMaySet(callee.object, prop, env)) return false;
  return strategyFunction(call, env) !== undefined;
}

export function steadyTest(test: Node, env: Env, knownCalls = false): boolean {
  let steady = true;
  walk(test, env.ctx.keys, (n) => {
    if (!steady || isFunction(n)) return false;
    if (n.type === 'Identifier') {
      const parent = n.parent;
      if (parent?.type === 'MemberExpression' && parent.property === n && !parent.computed) return undefined;
      const variable = env.ctx.variableOf(n);
      if (variable && (env.counters.has(variable) || writesWithin(variable, env.region).some((write) => !writtenAfter(write, test, variable, env)))) steady = false;
      // `const res = await op()` inside the region: this attempt's result, never an option's default
      // (and reading it would inline every function it calls).
      else if (knownCalls && variable && attemptResult(variable, env.region)) steady = false;
    } else if (n.type === 'MemberExpression') {
      const dotted = dottedName(n);
      const writes = dotted ? memberWritesWithin(dotted, env) : [];
      if (writes.length > 0 && !filledDefaults(writes, propertyName(n), env)) steady = false;
    } else if (n.type === 'CallExpression' && knownCalls && readableCall(n, env)) {
      // Whatever it is handed, a default with a known answer (or an empty array's indexOf)
      // answers the same: only what the callee reads counts.
      if (dottedName(n.callee) === 'Array.isArray') return undefined;
      if (!steadyTest(n.callee, env, true)) steady = false;
      return false;
    } else if (n.type === 'CallExpression' || n.type === 'AssignmentExpression' || n.type === 'UpdateExpression') {
      steady = false;
    }
    return undefined;
  });
  return steady;
}

/**
 * A delay strategy held in an object this file builds: `options.intervalFunc(n)` where
 * `options = { intervalFunc: constant(0) }` and `constant` returns `() => value`, or
 * `this.backoff.delay(n)` with `delay: (n) => 100 * 2 ** n`. The function it resolves to
 * (the factory's returned function, with the factory's parameters bound) is the helper.
 */
export function strategyFunction(call: TSESTree.CallExpression, env: Env): { fn: FunctionNode; env: Env } | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return undefined;
  const prop = propertyName(callee);
  if (prop === undefined || unwrap(callee.object).type === 'ThisExpression') return undefined;
  const held = resolveObjectProperty(callee.object, prop, env) ?? aliasedProperty(callee.object, prop, env);
  const value = held && unwrap(held);
  if (!value) return undefined;
  if (isFunction(value)) return { fn: value, env };
  // `{ until: alwaysTrue }` naming a function of this file.
  const named = value.type === 'Identifier' ? env.ctx.functionOf(value) : undefined;
  if (named) return { fn: named, env };
  if (value.type !== 'CallExpression') return undefined;
  // A factory of this file that returns a function: `constant(0)` returning `() => value`.
  const factory = localFunction(value, env);
  if (!factory) return undefined;
  const body = factory.body;
  const returned = body.type === 'BlockStatement' ? body.body.find((st): st is TSESTree.ReturnStatement => st.type === 'ReturnStatement')?.argument : body;
  const fn = returned && unwrap(returned);
  if (!fn || !isFunction(fn)) return undefined;
  const args = value.arguments.filter((a): a is TSESTree.Expression => a.type !== 'SpreadElement');
  return { fn, env: helperEnv(factory, args, env) };
}

/** Evaluates a small helper (`backoff(n)`) with its parameters bound to the caller's values. */
export function inlineHelper(fn: FunctionNode, args: readonly Node[], env: Env): Value {
  if (tooLongToInline(fn)) return helperRandomness(UNKNOWN, fn, env);
  const inner = helperEnv(fn, args, env);
  return helperRandomness(inlineBody(fn, inner, env), fn, env, inner);
}

/**
 * A delay helper of another module (`backoff(n)` imported from './retry-policy'): evaluated in
 * that module's context, its parameters bound to the values of the caller's arguments.
 */
export function inlineForeign(fn: FunctionNode, ctx: AnalysisContext, values: readonly Value[], env: Env, args?: readonly Node[]): Value {
  if (tooLongToInline(fn)) return helperRandomness(UNKNOWN, fn, { ctx, region: fn.body, counters: new Set(), depth: env.depth + 1 });
  const bindings = new Map<Variable, Value>();
  let objects: Map<Variable, { object: TSESTree.ObjectExpression; env: Env }> | undefined;
  parameterVariables(fn, ctx).forEach((variable, i) => {
    const given = values[i];
    if (variable && given) bindings.set(variable, given);
    // An object literal the caller writes out is read in the caller's file (`computeDelay(n, { initialMs: 100 })`).
    const literal = args?.[i] && unwrap(args[i] as Node);
    if (variable && literal?.type === 'ObjectExpression') (objects ??= new Map()).set(variable, { object: literal, env });
  });
  const inner: Env = { ctx, region: fn.body, counters: new Set(), bindings, depth: env.depth + 1, ...(objects ? { passedObjects: objects } : {}) };
  return helperRandomness(inlineBody(fn, inner, inner), fn, inner, inner);
}

/** An environment where a helper's parameters are bound to the caller's arguments. */
export function helperEnv(fn: FunctionNode, args: readonly Node[], env: Env): Env {
  const bindings = new Map(env.bindings ?? []);
  let aliases: Map<Variable, Alias> | undefined;
  const alias = (variable: Variable, given: Node | undefined) => {
    const id = given && unwrap(given);
    if (id?.type !== 'Identifier') return;
    const callerVariable = env.ctx.variableOf(id);
    if (!callerVariable) return;
    (aliases ??= new Map(env.aliases ?? [])).set(variable, env.aliases?.get(callerVariable) ?? { id, env });
  };
  let objects: Map<Variable, { object: TSESTree.ObjectExpression; env: Env }> | undefined;
  parameterVariables(fn, env.ctx).forEach((variable, i) => {
    const param = fn.params[i] as TSESTree.Parameter;
    const given = args[i];
    if (!variable) {
      // `{ initialMs = 200 }` or `{ initialMs = 200 } = {}`: each name bound to what the call's literal gives.
      const pattern = param.type === 'AssignmentPattern' && param.left.type === 'ObjectPattern' ? param.left : param.type === 'ObjectPattern' ? param : undefined;
      if (pattern && given) bindPattern(fn, pattern, given, env, bindings, alias);
      return;
    }
    const literal = given && unwrap(given);
    if (literal?.type === 'ObjectExpression') (objects ??= new Map(env.passedObjects ?? [])).set(variable, { object: literal, env });
    const fallback = param.type === 'AssignmentPattern' ? param.right : undefined;
    // A default is read in the helper, where it may name an earlier parameter (`(s, ms = s * 1000) =>`).
    const value = given ? evaluate(given, deeper(env)) : fallback ? evaluate(fallback, deeper(env, { bindings: new Map(bindings), region: fn.body })) : UNKNOWN;
    bindings.set(variable, value);
    alias(variable, given);
  });
  const attempt = env.attempt ?? env.region;
  return deeper(env, { bindings, region: fn.body, attempt, ...(aliases ? { aliases } : {}), ...(objects ? { passedObjects: objects } : {}) });
}

/**
 * `onFailure({ error, attempt, options })` into `function onFailure({ attempt, options })`:
 * each name of the pattern bound to the property the call's object literal gives it.
 */
function bindPattern(fn: FunctionNode, pattern: TSESTree.ObjectPattern, given: Node, env: Env, bindings: Map<Variable, Value>, alias: (variable: Variable, given: Node | undefined) => void): void {
  const literal = unwrap(given);
  if (literal.type !== 'ObjectExpression') return;
  const scope = env.ctx.sourceCode.getScope(fn);
  for (const property of pattern.properties) {
    if (property.type !== 'Property' || property.computed) continue;
    const key = keyName(property.key);
    const target = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    if (key === undefined || target.type !== 'Identifier') continue;
    const variable = scope.set.get(target.name);
    if (!variable) continue;
    // A spread may supply any key: only a literal written out in full says what is passed.
    if (literal.properties.some((p) => p.type === 'SpreadElement')) return;
    const passed = getProperty(literal, key)?.value as Node | undefined;
    const fallback = property.value.type === 'AssignmentPattern' ? property.value.right : undefined;
    const value = passed ? evaluate(passed, deeper(env)) : fallback ? evaluate(fallback, deeper(env)) : UNKNOWN;
    bindings.set(variable, value);
    alias(variable, passed);
  }
}

export function inlineBody(fn: FunctionNode, inner: Env, env: Env): Value {
  let result: Value | undefined;
  if (fn.body.type !== 'BlockStatement') {
    result = evaluate(fn.body, inner);
  } else {
    walk(fn.body, env.ctx.keys, (node) => {
      if (node !== fn.body && isFunction(node)) return false;
      if (node.type === 'ReturnStatement' && node.argument) {
        // `if (delay === 0) return 0` with a delay known not to be 0: not a value it returns.
        if (inner.region === fn.body && (notTaken(node, inner) || afterServerWaitExit(node, fn.body as TSESTree.BlockStatement, inner))) return false;
        const value = evaluate(node.argument, inner);
        result = result ? join(result, value) : value;
      }
      return undefined;
    });
  }
  return result ?? UNKNOWN;
}

export function helperRandomness(value: Value, fn: FunctionNode, env: Env, inner?: Env): Value {
  // Randomness anywhere in a delay helper is jitter, even when the value flow is lost.
  // …unless the value flow showed that randomness to be off by default (`Math.random() * (opts.jitter || 0)`).
  if (value.random || randomOff(value) || !usesRandomness(fn, env)) return value;
  // …or the randomness sits only in branches the defaults do not take (`if (opts.jitter) { … }`).
  if (inner && inner.region === fn.body && !liveRandomness(fn.body, inner)) return markRandomOff(value);
  return withRandom(value, true, 'unknown');
}

/** Randomness in the helper's body outside the branches shown not to be taken. */
function liveRandomness(body: Node, inner: Env): boolean {
  let found = false;
  walk(body, inner.ctx.keys, (node) => {
    if (found) return false;
    const random = node !== body && isFunction(node) ? usesRandomness(node, inner, false) : node.type === 'CallExpression' && usesRandomness(node, inner) && !node.arguments.some((a) => usesRandomness(a, inner));
    if (random && !notTaken(node, inner)) found = true;
    return node !== body && isFunction(node) ? false : undefined;
  });
  return found;
}
