import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { soleDefinition } from '../definitions/bodies.js';
import { evaluate, type Env } from '../evaluate.js';
import { localFunction } from '../functions/local-function.js';
import { guardChain, type Guard } from '../functions/guard-chain.js';

/**
 * Does a test on a response's status say the attempt worked or failed? Whatever form the test
 * takes: a comparison (`status >= 500`), membership in a list or set of codes the file spells
 * out (`TRANSIENT.includes(res.status)`, `RETRY_ON.has(code)`), or a predicate of the file
 * whose own body is such a test (`isTransient(res.status)` with `return code >= 500`). The
 * answer comes from the codes, never from a name.
 */

export type Polarity = 'success' | 'failure';

/** What `status <op> code` says when true: 'failure' for `>= 500`, 'success' for `=== 200`. */
export function statusPolarity(op: string, code: number): Polarity | undefined {
  switch (op) {
    case '===':
    case '==':
      return code >= 400 ? 'failure' : code === 200 || code === 201 || code === 204 ? 'success' : undefined;
    case '!==':
    case '!=': {
      // The negation of the equality: `status !== 503` is true exactly when `=== 503` is false.
      const equal = statusPolarity('===', code);
      return equal === 'failure' ? 'success' : equal === 'success' ? 'failure' : undefined;
    }
    // Below a code past 200 (`< 300`, `<= 204`, `< 500` where only a server error is retried): the answers kept.
    case '<':
      return code > 200 ? 'success' : undefined;
    case '<=':
      return code >= 200 ? 'success' : undefined;
    case '>':
    case '>=':
      return code >= 399 ? 'failure' : undefined;
    default:
      return undefined;
  }
}

/** How deep predicates calling predicates are followed. */
const MAX_DEPTH = 3;
/** The most codes a list may hold to be read. */
const MAX_CODES = 64;

/** Which expressions hold the attempt's status (`res.status`), and which its result (`res`). */
export interface Holders {
  status: (node: Node) => boolean;
  result: (node: Node) => boolean;
}

/** What a test says of the status it is handed: a membership or a call of a predicate of the file (or of the class). */
export function statusTestOutcome(test: TSESTree.CallExpression, env: Env, holders: Holders, depth = 0): Polarity | undefined {
  return membership(test, env, holders.status) ?? predicate(test, env, holders, depth);
}

/** `CODES.includes(status)`, `CODES.has(status)` of a list or set of HTTP codes the file spells out. */
function membership(call: TSESTree.CallExpression, env: Env, isStatus: (node: Node) => boolean, methods = /^(includes|has)$/): Polarity | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || call.arguments.length !== 1) return undefined;
  if (!methods.test(propertyName(callee) ?? '') || !isStatus(call.arguments[0] as Node)) return undefined;
  const codes = codeList(callee.object, env);
  if (!codes || codes.length === 0) return undefined;
  const each = codes.map((code) => statusPolarity('===', code));
  return each.every((p) => p === each[0]) ? each[0] : undefined;
}

/**
 * `CODES.indexOf(status) !== -1` (also `>= 0`, `> -1`) is membership; `=== -1` (also `< 0`)
 * is its negation.
 */
export function indexMembership(test: TSESTree.BinaryExpression, env: Env, holders: Holders): Polarity | undefined {
  const left = unwrap(test.left as Node);
  if (left.type !== 'CallExpression') return undefined;
  const bound = evaluate(test.right, env);
  if (bound.t !== 'num') return undefined;
  const member = (test.operator === '!==' || test.operator === '!=' || test.operator === '>') && bound.v === -1 ? true : test.operator === '>=' && bound.v === 0 ? true : (test.operator === '===' || test.operator === '==') && bound.v === -1 ? false : test.operator === '<' && bound.v === 0 ? false : undefined;
  if (member === undefined) return undefined;
  const polarity = membership(left, env, holders.status, /^indexOf$/);
  return member ? polarity : polarity === 'success' ? 'failure' : polarity === 'failure' ? 'success' : undefined;
}

/** The numbers of `[502, 503]`, `new Set([…])` or a `const` holding one. */
function codeList(node: Node, env: Env, hops = 0): number[] | undefined {
  let n = unwrap(node);
  if (n.type === 'Identifier') {
    const def = soleDefinition(env.ctx.variableOf(n));
    // `import { RETRYABLE_CODES } from './constants'`: the list that module's constant holds, read there.
    const foreign = def?.type === 'ImportBinding' && hops < MAX_DEPTH ? env.ctx.foreignConstant?.(def.name as TSESTree.Identifier) : undefined;
    if (foreign) return codeList(foreign.node, { ...env, ctx: foreign.ctx, region: foreign.node }, hops + 1);
    if (def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name || !def.node.init) return undefined;
    n = unwrap(def.node.init);
  }
  if (n.type === 'NewExpression' && n.callee.type === 'Identifier' && n.callee.name === 'Set' && n.arguments.length === 1) n = unwrap(n.arguments[0] as Node);
  if (n.type !== 'ArrayExpression' || n.elements.length > MAX_CODES) return undefined;
  const codes: number[] = [];
  for (const element of n.elements) {
    if (!element || element.type === 'SpreadElement') return undefined;
    const value = evaluate(element, env);
    if (value.t !== 'num' || value.v < 100 || value.v > 599) return undefined;
    codes.push(value.v);
  }
  return codes;
}

/**
 * `isTransient(res.status)` or `shouldRetry(res)`: a function of the file (or a method of the
 * class) whose one returned expression tests the status it is handed (or the response's
 * `ok`), read with its parameter standing for the argument.
 */
function predicate(call: TSESTree.CallExpression, env: Env, holders: Holders, depth: number): Polarity | undefined {
  if (depth >= MAX_DEPTH) return undefined;
  const fn = localFunction(call, env);
  if (!fn || fn.async || fn.generator) return undefined;
  const returned = onlyReturned(fn, env) ?? guardChain(fn);
  if (!returned) return undefined;
  // The parameters that hold the status, or the response whose `.status` is the status.
  const statusParams = new Set<string>();
  const resultParams = new Set<string>();
  fn.params.forEach((param, i) => {
    const arg = call.arguments[i];
    if (param.type !== 'Identifier' || !arg || arg.type === 'SpreadElement') return;
    if (holders.status(arg)) statusParams.add(param.name);
    else if (holders.result(arg)) resultParams.add(param.name);
  });
  if (statusParams.size === 0 && resultParams.size === 0) return undefined;
  const inner: Env = { ...env, region: fn };
  const result = (node: Node): boolean => {
    const n = unwrap(node);
    return n.type === 'Identifier' && resultParams.has(n.name) && declaredBy(n, fn, env);
  };
  const status = (node: Node): boolean => {
    const n = unwrap(node);
    if (n.type === 'Identifier') return statusParams.has(n.name) && declaredBy(n, fn, env);
    return n.type === 'MemberExpression' && /^(status|statusCode)$/.test(propertyName(n) ?? '') && result(n.object);
  };
  const handed: Holders = { status, result };
  if (Array.isArray(returned)) return chainPolarity(returned, inner, handed, depth);
  return polarityOf(returned, inner, handed, depth);
}

/**
 * What the chain returning true says of the status. An `if (t) return false` lets true through
 * only where `t` is false, so it says what `!t` says; an `if (t) return true` says what `t` says;
 * a returned test says its own. As for `a || b`, the parts that say something must agree.
 */
function chainPolarity(guards: readonly Guard[], env: Env, holders: Holders, depth: number): Polarity | undefined {
  let said: Polarity | undefined;
  for (const guard of guards) {
    const value = unwrap(guard.value);
    const literal = value.type === 'Literal' && typeof value.value === 'boolean' ? value.value : undefined;
    let polarity: Polarity | undefined;
    if (!guard.test) polarity = literal === undefined ? polarityOf(value, env, holders, depth) : undefined;
    else if (literal === undefined) return undefined;
    else {
      const test = polarityOf(guard.test, env, holders, depth);
      polarity = literal ? test : test === 'success' ? 'failure' : test === 'failure' ? 'success' : undefined;
    }
    if (polarity && said && polarity !== said) return undefined;
    said ??= polarity;
  }
  return said;
}

/** The parameter `id` names is one of `fn`'s own (not a shadowing local). */
function declaredBy(id: TSESTree.Identifier, fn: FunctionNode, env: Env): boolean {
  const def = soleDefinition(env.ctx.variableOf(id));
  return def?.type === 'Parameter' && def.node === fn;
}

/** The one expression a function returns: its expression body, or its single `return`. */
function onlyReturned(fn: FunctionNode, env: Env): Node | undefined {
  if (fn.body.type !== 'BlockStatement') return fn.body;
  const returns: TSESTree.ReturnStatement[] = [];
  walk(fn.body, env.ctx.keys, (n) => {
    if (n !== fn.body && isFunction(n)) return false;
    if (n.type === 'ReturnStatement') returns.push(n);
    return undefined;
  });
  return returns.length === 1 && returns[0]?.argument ? returns[0].argument : undefined;
}

function polarityOf(node: Node, env: Env, holders: Holders, depth: number): Polarity | undefined {
  const n = unwrap(node);
  switch (n.type) {
    case 'UnaryExpression': {
      const inner = n.operator === '!' ? polarityOf(n.argument, env, holders, depth) : undefined;
      return inner === 'success' ? 'failure' : inner === 'failure' ? 'success' : undefined;
    }
    case 'LogicalExpression': {
      // `code >= 500 || code === 429`: both sides say the same of the status, or one says nothing.
      const left = polarityOf(n.left, env, holders, depth);
      const right = polarityOf(n.right, env, holders, depth);
      if (left && right) return left === right ? left : undefined;
      return n.operator === '??' ? undefined : (left ?? right);
    }
    case 'BinaryExpression': {
      if (n.left.type === 'PrivateIdentifier') return undefined;
      const indexed = indexMembership(n, env, holders);
      if (indexed) return indexed;
      const leftStatus = holders.status(n.left);
      if (!leftStatus && !holders.status(n.right)) return undefined;
      const other = evaluate(leftStatus ? n.right : n.left, env);
      if (other.t !== 'num' || other.v < 100 || other.v > 599) return undefined;
      return statusPolarity(leftStatus ? n.operator : mirror(n.operator), other.v);
    }
    case 'CallExpression':
      return statusTestOutcome(n, env, holders, depth + 1);
    case 'MemberExpression':
      // `r.ok` of the response handed in: the Fetch API's own word for a 2xx status.
      return propertyName(n) === 'ok' && holders.result(n.object) ? 'success' : undefined;
    default:
      return undefined;
  }
}

export function mirror(op: string): string {
  return ({ '<': '>', '>': '<', '<=': '>=', '>=': '<=' } as Record<string, string>)[op] ?? op;
}
