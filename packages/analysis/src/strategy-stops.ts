import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, enclosingFunction, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import type { Variable } from './context.js';
import type { Env } from './evaluate.js';
import { localFunction, parameterVariables } from './functions/local-function.js';
import { classFieldValue, enclosingClass } from './classes/class-members.js';
import { definitionsOf, firstDefinition, soleDefinition } from './definitions/bodies.js';

/**
 * Whether what a strategy call answers is a "stop" (a non-number: `false`, an Error, the failure
 * itself) only for some kinds of failure, never because of a count or a clock:
 * `const { retryIn } = this.#shouldReconnect(retries++, err)` where that method returns
 * `{ retryIn: cause }` only when the strategy it holds answered `false`, and the strategy
 * answers `false` only when `cause instanceof TimeoutError`, else `Math.min(2 ** n * 50, 2000) + jitter`.
 * Such an answer sorts failures as a retry-on predicate does: for the others the retry never
 * gives up. False whenever a function on the way is not read (a throw, an answer that is not
 * a number or a stop, a strategy the caller may have handed in, a field the file changes).
 *
 * `key` is the name picked out of the answer (`{ retryIn }`), undefined for the whole answer;
 * `isFailure` tells which arguments of the call are the failure.
 */
export function stopsOnlyOnFailure(call: TSESTree.CallExpression, key: string | undefined, env: Env, isFailure: (arg: Node) => boolean): boolean {
  const failures = new Set<Variable>();
  return answerSortsFailures(call, key, env, failures, (arg) => isFailure(arg), 0);
}

const MAX_DEPTH = 5;

function answerSortsFailures(call: TSESTree.CallExpression, key: string | undefined, env: Env, failures: Set<Variable>, isFailure: (arg: Node) => boolean, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  const targets = callTargets(call, env);
  if (!targets || targets.length === 0) return false;
  return targets.every((fn) => {
    const params = parameterVariables(fn, env.ctx);
    const handed = new Set<Variable>();
    call.arguments.forEach((arg, i) => {
      const param = params[i];
      if (param && arg.type !== 'SpreadElement' && isFailure(arg)) handed.add(param);
    });
    return answersNumberOrSortedStop(fn, key, env, handed, depth + 1);
  });
}

/**
 * The functions a call runs: a function or method of this file, or a member of `this` the
 * constructor sets (and nothing changes after) to a function, or to what a factory method
 * picks with the option it reads left out.
 */
function callTargets(call: TSESTree.CallExpression, env: Env): FunctionNode[] | undefined {
  const local = localFunction(call, env);
  if (local) return [local];
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || unwrap(callee.object).type !== 'ThisExpression') return undefined;
  const name = propertyName(callee);
  const cls = enclosingClass(callee);
  if (name === undefined || !cls || env.ctx.isMutableMember(name)) return undefined;
  const held = classFieldValue(cls, name, false);
  const value = held && unwrap(held);
  if (!value) return undefined;
  if (isFunction(value)) return [value];
  if (value.type !== 'CallExpression') return undefined;
  const factory = localFunction(value, env);
  // (Handed the caller's own options, a parameter of the constructor: not an object this file fills in.)
  if (!value.arguments.every((arg) => callersParameter(arg, held as Node, env))) return undefined;
  const picked = factory ? pickedWithOptionLeftOut(factory, env) : undefined;
  return picked ? [picked] : undefined;
}

/** An identifier naming a parameter of the function `at` sits in (the constructor's `options`). */
function callersParameter(arg: Node, at: Node, env: Env): boolean {
  const a = unwrap(arg);
  if (a.type !== 'Identifier') return false;
  const def = firstDefinition(env.ctx.variableOf(a));
  return def?.type === 'Parameter' && def.node === enclosingFunction(at);
}

/**
 * `#create(options) { const s = options?.strategy; if (s === false || typeof s === 'number') return …;
 * if (s) return …; return (n, cause) => … }`: the function the factory returns when the option
 * its parameter carries is left out. Only a body made of such reads, `if (…) return` and a last
 * `return`, where every test is known with the option absent.
 */
function pickedWithOptionLeftOut(factory: FunctionNode, env: Env): FunctionNode | undefined {
  if (factory.body.type !== 'BlockStatement' || factory.async || factory.generator) return undefined;
  const params = new Set(parameterVariables(factory, env.ctx).filter((v): v is Variable => v !== undefined));
  if (params.size === 0) return undefined;
  const absent = new Set<Variable>();
  for (const statement of factory.body.body) {
    if (statement.type === 'VariableDeclaration') {
      for (const declarator of statement.declarations) {
        if (declarator.id.type !== 'Identifier' || !declarator.init || !optionRead(declarator.init, params, env)) return undefined;
        const variable = env.ctx.variableOf(declarator.id);
        if (!variable || variable.references.some((ref) => ref.isWrite() && ref.identifier !== declarator.id)) return undefined;
        absent.add(variable);
      }
      continue;
    }
    if (statement.type === 'IfStatement' && !statement.alternate) {
      const returned = onlyReturn(statement.consequent);
      const truth = absentTruth(statement.test, absent, params, env);
      if (!returned || truth === undefined) return undefined;
      if (truth) return returnedFunction(returned);
      continue;
    }
    if (statement.type === 'ReturnStatement') return returnedFunction(statement);
    return undefined;
  }
  return undefined;
}

function returnedFunction(statement: TSESTree.ReturnStatement): FunctionNode | undefined {
  const value = statement.argument ? unwrap(statement.argument) : undefined;
  return value && isFunction(value) ? value : undefined;
}

function onlyReturn(node: Node): TSESTree.ReturnStatement | undefined {
  if (node.type === 'ReturnStatement') return node;
  if (node.type === 'BlockStatement' && node.body.length === 1 && node.body[0]?.type === 'ReturnStatement') return node.body[0];
  return undefined;
}

/** `options?.strategy`, `options.strategy`: an option the factory's parameter carries. */
function optionRead(node: Node, params: Set<Variable>, env: Env): boolean {
  const n = unwrap(node);
  if (n.type !== 'MemberExpression' || n.computed) return false;
  const object = unwrap(n.object);
  if (object.type !== 'Identifier') return false;
  const variable = env.ctx.variableOf(object);
  return variable !== undefined && params.has(variable);
}

/** A test read with the option absent (undefined); undefined when it depends on anything else. */
function absentTruth(test: Node, absent: Set<Variable>, params: Set<Variable>, env: Env): boolean | undefined {
  const n = unwrap(test);
  const isAbsent = (x: Node): boolean => {
    const u = unwrap(x);
    if (u.type === 'Identifier') {
      const variable = env.ctx.variableOf(u);
      return variable !== undefined && absent.has(variable);
    }
    return optionRead(u, params, env);
  };
  if (isAbsent(n)) return false;
  if (n.type === 'UnaryExpression' && n.operator === '!') {
    const inner = absentTruth(n.argument, absent, params, env);
    return inner === undefined ? undefined : !inner;
  }
  if (n.type === 'LogicalExpression') {
    const left = absentTruth(n.left, absent, params, env);
    const right = absentTruth(n.right, absent, params, env);
    if (n.operator === '||') return left === true || right === true ? true : left === false && right === false ? false : undefined;
    if (n.operator === '&&') return left === false || right === false ? false : left === true && right === true ? true : undefined;
    return undefined;
  }
  if (n.type === 'BinaryExpression' && /^[!=]==?$/.test(n.operator) && n.left.type !== 'PrivateIdentifier') {
    const [a, b] = [unwrap(n.left), unwrap(n.right)];
    const negate = n.operator.startsWith('!');
    const loose = n.operator.length === 2;
    let equal: boolean | undefined;
    const typeofAbsent = (x: Node) => x.type === 'UnaryExpression' && x.operator === 'typeof' && isAbsent(x.argument);
    const literal = (x: Node) => (x.type === 'Literal' ? { value: x.value } : x.type === 'Identifier' && x.name === 'undefined' ? { value: undefined } : undefined);
    for (const [side, other] of [[a, b], [b, a]] as const) {
      const lit = literal(other);
      if (!lit) continue;
      if (typeofAbsent(side) && typeof lit.value === 'string') equal = lit.value === 'undefined';
      else if (isAbsent(side)) equal = lit.value === undefined || (loose && lit.value === null);
    }
    return equal === undefined ? undefined : equal !== negate;
  }
  return undefined;
}

/**
 * Every answer of `fn` (at `key`) is a number, or a stop made only under a test of the failures
 * it is handed, or the answer of another strategy call that is so. No throw, no async answer.
 */
function answersNumberOrSortedStop(fn: FunctionNode, key: string | undefined, env: Env, failures: Set<Variable>, depth: number): boolean {
  if (fn.async || fn.generator) return false;
  const returns: Node[] = [];
  let clean = true;
  if (fn.body.type !== 'BlockStatement') returns.push(fn.body);
  else {
    const last = fn.body.body[fn.body.body.length - 1];
    if (last?.type !== 'ReturnStatement') return false;
    const body = fn.body;
    walk(body, env.ctx.keys, (node) => {
      if (!clean || (node !== body && isFunction(node))) return false;
      if (node.type === 'ThrowStatement' || node.type === 'TryStatement') clean = false;
      if (node.type === 'ReturnStatement') {
        if (!node.argument) clean = false;
        else returns.push(node);
      }
      return undefined;
    });
  }
  if (!clean) return false;
  return returns.every((r) => {
    const value = r.type === 'ReturnStatement' ? (r.argument as Node) : r;
    const picked = pick(value, key);
    return picked !== undefined && branches(picked).every((v) => valueSorted(v, r, fn, env, failures, depth));
  });
}

/** The value at `key` of an object literal answered (no spread), or the whole answer. */
function pick(value: Node, key: string | undefined): Node | undefined {
  const n = unwrap(value);
  if (key === undefined) return n.type === 'ObjectExpression' ? undefined : n;
  if (n.type !== 'ObjectExpression' || n.properties.some((p) => p.type === 'SpreadElement')) return undefined;
  for (const p of n.properties) {
    if (p.type === 'Property' && !p.computed && ((p.key.type === 'Identifier' && p.key.name === key) || (p.key.type === 'Literal' && p.key.value === key))) return p.value as Node;
  }
  return undefined;
}

function branches(expression: Node): Node[] {
  const n = unwrap(expression);
  if (n.type === 'ConditionalExpression') return [...branches(n.consequent), ...branches(n.alternate)];
  return [n];
}

function valueSorted(value: Node, at: Node, fn: FunctionNode, env: Env, failures: Set<Variable>, depth: number): boolean {
  if (isNumeric(value, env, 0)) return true;
  if (isStop(value, env, failures)) return underSortingTest(at, value, fn, env, failures, depth);
  // `return { retryIn }` with `const { retryIn } = this.#strategy(n, cause)`: that call's answer.
  const inner = answeringCall(value, env);
  if (inner) return answerSortsFailures(inner.call, inner.key, env, failures, (arg) => isHanded(arg, env, failures), depth);
  return false;
}

function isHanded(arg: Node, env: Env, failures: Set<Variable>): boolean {
  const a = unwrap(arg);
  const variable = a.type === 'Identifier' ? env.ctx.variableOf(a) : undefined;
  return variable !== undefined && failures.has(variable);
}

/** A call whose answer the value is: the call itself, or a name declared once from it (`const { k } = call`). */
function answeringCall(value: Node, env: Env): { call: TSESTree.CallExpression; key: string | undefined } | undefined {
  const n = unwrap(value);
  if (n.type === 'CallExpression') return { call: n, key: undefined };
  if (n.type !== 'Identifier') return undefined;
  const variable = env.ctx.variableOf(n);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || !def.node.init) return undefined;
  if (variable.references.some((ref) => ref.isWrite() && ref.init !== true)) return undefined;
  const init = unwrap(def.node.init);
  if (init.type !== 'CallExpression') return undefined;
  if (def.node.id === def.name) return { call: init, key: undefined };
  if (def.node.id.type !== 'ObjectPattern') return undefined;
  for (const p of def.node.id.properties) {
    if (p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && unwrap(p.value as Node) === def.name) return { call: init, key: p.key.name };
  }
  return undefined;
}

/** `false`, `null`, `undefined`, `new SomeError(…)`, the failure itself, or a const bound to a new Error. */
function isStop(value: Node, env: Env, failures: Set<Variable>): boolean {
  const n = unwrap(value);
  if (n.type === 'Literal') return n.value === false || n.value === null;
  if (n.type === 'NewExpression') return /Error$/.test(calleeName(n) ?? '');
  if (n.type !== 'Identifier') return false;
  if (n.name === 'undefined') return true;
  const variable = env.ctx.variableOf(n);
  if (!variable) return false;
  if (failures.has(variable)) return true;
  const def = soleDefinition(variable);
  return def?.type === 'Variable' && def.node.init !== null && unwrap(def.node.init).type === 'NewExpression' && isStop(def.node.init, env, failures);
}

/** A number by its form: numeric literals, arithmetic, `Math.*(…)`, a const bound to one. */
function isNumeric(value: Node, env: Env, depth: number): boolean {
  const n = unwrap(value);
  if (n.type === 'Literal') return typeof n.value === 'number';
  if (n.type === 'UnaryExpression') return n.operator === '-' || n.operator === '+' || n.operator === '~';
  if (n.type === 'BinaryExpression') {
    if (n.operator === '+') return isNumeric(n.left, env, depth) && isNumeric(n.right, env, depth);
    return /^(-|\*|\/|%|\*\*|\||&|\^|<<|>>|>>>)$/.test(n.operator);
  }
  if (n.type === 'CallExpression') {
    const callee = unwrap(n.callee);
    if (callee.type !== 'MemberExpression' || callee.computed) return false;
    const object = unwrap(callee.object);
    return object.type === 'Identifier' && object.name === 'Math' && !env.ctx.variableOf(object)?.defs.length;
  }
  if (n.type === 'Identifier' && depth < 3) {
    const variable = env.ctx.variableOf(n);
    const def = soleDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init) return false;
    if (def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const') return false;
    return isNumeric(def.node.init, env, depth + 1);
  }
  return false;
}

/**
 * The stop is answered only under a test that holds for some failures: a look at the failure
 * (`cause instanceof TimeoutError`), or a test that another strategy's answer is a stop
 * (`retryIn === false`, `retryIn instanceof Error`) where that answer sorts failures.
 */
function underSortingTest(at: Node, _value: Node, fn: FunctionNode, env: Env, failures: Set<Variable>, depth: number): boolean {
  let child: Node = at;
  for (let p = at.parent; p && p !== fn; child = p, p = p.parent) {
    if (p.type !== 'IfStatement' || child === p.test) continue;
    if (child === p.consequent && (looksAtFailure(p.test, env, failures) || stopTest(p.test, env, failures, depth))) return true;
    if (child === p.alternate && looksAtFailure(p.test, env, failures)) return true;
  }
  return false;
}

/** Reads only the failures, literals, globals and imports: no `this`, no call, no other state. */
function looksAtFailure(test: Node, env: Env, failures: Set<Variable>): boolean {
  let clean = true;
  let mentions = false;
  walk(test, env.ctx.keys, (node) => {
    if (!clean) return false;
    if (node.type === 'ThisExpression' || node.type === 'CallExpression' || node.type === 'NewExpression' || isFunction(node) || node.type === 'AssignmentExpression' || node.type === 'UpdateExpression') clean = false;
    if (node.type === 'MemberExpression' && !node.computed) {
      // Only the object is read as a value; the property is a name.
      const object = unwrap(node.object);
      if (object.type === 'Identifier') visitIdentifier(object);
      else if (!looksAtFailureOrConstant(object, env, failures)) clean = false;
      return false;
    }
    if (node.type === 'Identifier') visitIdentifier(node);
    return undefined;
  });
  function visitIdentifier(id: TSESTree.Identifier) {
    if (id.name === 'undefined') return;
    const variable = env.ctx.variableOf(id);
    if (variable && failures.has(variable)) {
      mentions = true;
      return;
    }
    if (!constantName(id, env)) clean = false;
  }
  return clean && mentions;
}

function looksAtFailureOrConstant(node: Node, env: Env, failures: Set<Variable>): boolean {
  const n = unwrap(node);
  if (n.type === 'Identifier') {
    const variable = env.ctx.variableOf(n);
    return (variable !== undefined && failures.has(variable)) || constantName(n, env);
  }
  if (n.type === 'MemberExpression' && !n.computed) return looksAtFailureOrConstant(n.object, env, failures);
  return false;
}

/** A global, an import, or a module constant bound to a literal or `require(…)`. */
function constantName(id: TSESTree.Identifier, env: Env): boolean {
  const variable = env.ctx.variableOf(id);
  if (!variable || definitionsOf(variable).length === 0) return true;
  const def = soleDefinition(variable);
  if (!def) return false;
  if (def.type === 'ImportBinding' || def.type === 'ClassName') return true;
  if (def.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || !def.node.init) return false;
  const init = unwrap(def.node.init);
  if (init.type === 'Literal') return true;
  const call = init.type === 'CallExpression' && calleeName(init) === '__importDefault' && init.arguments[0] ? unwrap(init.arguments[0] as Node) : init;
  return call.type === 'CallExpression' && calleeName(call) === 'require';
}

/**
 * `x === false`, `x === null`, `x == null`, `x === undefined`, `x instanceof E`, `typeof x !== 'number'`
 * (and `||` of such): holds only where `x`, the answer of a strategy call, is a stop — and that
 * answer sorts failures.
 */
function stopTest(test: Node, env: Env, failures: Set<Variable>, depth: number): boolean {
  const n = unwrap(test);
  if (n.type === 'LogicalExpression' && n.operator === '||') return stopTest(n.left, env, failures, depth) && stopTest(n.right, env, failures, depth);
  if (n.type === 'LogicalExpression' && n.operator === '&&') return stopTest(n.left, env, failures, depth) || stopTest(n.right, env, failures, depth);
  if (n.type !== 'BinaryExpression' || n.left.type === 'PrivateIdentifier') return false;
  const [a, b] = [unwrap(n.left), unwrap(n.right)];
  let subject: Node | undefined;
  if (n.operator === 'instanceof') subject = a;
  else if (n.operator === '===' || n.operator === '==') {
    const stopLiteral = (x: Node) => (x.type === 'Literal' && (x.value === false || x.value === null)) || (x.type === 'Identifier' && x.name === 'undefined');
    subject = stopLiteral(b) ? a : stopLiteral(a) ? b : undefined;
  } else if (n.operator === '!==' || n.operator === '!=') {
    const typeofNumber = (x: Node, y: Node) => x.type === 'UnaryExpression' && x.operator === 'typeof' && y.type === 'Literal' && y.value === 'number';
    subject = typeofNumber(a, b) ? (a as TSESTree.UnaryExpression).argument : typeofNumber(b, a) ? (b as TSESTree.UnaryExpression).argument : undefined;
  }
  const inner = subject ? answeringCall(subject, env) : undefined;
  return inner !== undefined && answerSortsFailures(inner.call, inner.key, env, failures, (arg) => isHanded(arg, env, failures), depth);
}

/**
 * A write made by `fn` under a test that holds only for some failures (directly, or through a
 * strategy answer that sorts failures), with `fn` handed the failure by every one of `calls`.
 */
export function writtenOnlyOnSortedStop(write: Node, fn: FunctionNode, calls: readonly TSESTree.CallExpression[], env: Env, isFailure: (arg: Node) => boolean): boolean {
  if (calls.length === 0) return false;
  const params = parameterVariables(fn, env.ctx);
  return calls.every((call) => {
    const failures = new Set<Variable>();
    call.arguments.forEach((arg, i) => {
      const param = params[i];
      if (param && arg.type !== 'SpreadElement' && isFailure(arg)) failures.add(param);
    });
    return failures.size > 0 && underSortingTest(write, write, fn, env, failures, 1);
  });
}
