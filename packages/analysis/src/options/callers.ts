import type { TSESTree } from '@typescript-eslint/utils';
import { contains, dottedName, isFunction, keyName, propertyName, unwrap, type FunctionNode, type Node } from '../ast.js';
import { isReassigned, type Env, type Variable } from '../context.js';
import { readProperty } from '../object-argument.js';
import type { Value } from '../value.js';
import { soleDefinition } from '../definitions/bodies.js';

/**
 * What do the callers of a function pass for one of its parameters or options: the object a
 * helper was analysed with, every call in the file, and whether any of them may set a key.
 */

/**
 * `opts.retries`, where `opts` is a helper's parameter bound to the options object a caller in
 * another file writes out: what the caller passed, or 'absent' when it left the key out.
 */
export function passedObjectRead(node: Node, env: Env): Value | 'absent' | undefined {
  // Only a helper analysed for a call in another file has bound options: everything else leaves here.
  if (!env.ctx.paramObjects) return undefined;
  const n = unwrap(node);
  return n.type === 'MemberExpression' && !n.computed ? passedProperty(n.object, propertyName(n), env) : undefined;
}

export function passedProperty(object: Node, key: string | undefined, env: Env): Value | 'absent' | undefined {
  const objects = env.ctx.paramObjects;
  const o = unwrap(object);
  if (!objects || key === undefined || o.type !== 'Identifier') return undefined;
  const variable = env.ctx.variableOf(o);
  if (!variable) return undefined;
  const argument = objects.get(variable);
  if (argument) return readProperty(argument, key);
  // Options the caller passes but the analysis cannot read: not the helper's defaults either.
  return env.ctx.paramValues?.has(variable) ? UNREAD_OPTION : undefined;
}

export const UNREAD_OPTION: Value = { t: 'invariant', random: false };

/** `x = 5` in `function f(x = 5)` or `{ x = 5 } = opts`: the default of a bound name. */
export function patternDefault(name: TSESTree.Node): Node | undefined {
  const parent = name.parent;
  if (parent?.type === 'AssignmentPattern' && parent.left === name) return parent.right;
  if (parent?.type === 'Property' && parent.value.type === 'AssignmentPattern' && parent.value.left === name) {
    return parent.value.right;
  }
  return undefined;
}

/**
 * A parameter of a function of this file that is called from one place only (not exported,
 * not handed anywhere), never written: the plain name that call passes in its position, which
 * is what the parameter holds (`_retry(f, effectiveConfig, done)` for `config`). Not while the
 * function is analysed for a caller in another file (its parameters are bound then).
 */
export function soleCallArgument(variable: Variable, env: Env): TSESTree.Identifier | TSESTree.ObjectExpression | undefined {
  if (isReassigned(variable) || env.ctx.paramValues) return undefined;
  const calls = callsOfParameter(variable, env);
  if (!calls || calls.fn.parent?.type === 'ExportNamedDeclaration' || calls.fn.parent?.type === 'ExportDefaultDeclaration') return undefined;
  const [use, ...more] = calls.uses;
  if (!use || more.length > 0 || use.parent?.type !== 'CallExpression' || use.parent.callee !== use) return undefined;
  const arg = use.parent.arguments[calls.index];
  const handed = arg && arg.type !== 'SpreadElement' ? unwrap(arg) : undefined;
  return (handed?.type === 'Identifier' && handed.name !== 'undefined') || handed?.type === 'ObjectExpression' ? handed : undefined;
}

/** The function a parameter belongs to, its position, and every use of the function's name in the file. */
function callsOfParameter(variable: Variable, env: Env): { fn: FunctionNode; index: number; uses: Node[] } | undefined {
  const def = soleDefinition(variable);
  if (def?.type !== 'Parameter') return undefined;
  const fn = def.node as Node;
  if (!isFunction(fn)) return undefined;
  const index = fn.params.findIndex((p) => p === def.name || (p.type === 'AssignmentPattern' && p.left === def.name));
  if (index < 0) return undefined;
  const nameNode = fn.type === 'FunctionDeclaration' ? fn.id : fn.parent?.type === 'VariableDeclarator' && fn.parent.init === fn && fn.parent.id.type === 'Identifier' ? fn.parent.id : undefined;
  const named = nameNode ? env.ctx.variableOf(nameNode) : undefined;
  if (!named || !soleDefinition(named)) return undefined;
  return { fn, index, uses: named.references.filter((ref) => !ref.init).map((ref) => ref.identifier as Node) };
}

/**
 * `function retryUntil(fn, { until = () => true } = {})` called in this file with an argument in
 * that position that names the key, spreads, or cannot be read: the caller's value may stand.
 */
export function patternCallerMaySet(fn: Node, name: Node, env: Env): boolean {
  if (!isFunction(fn)) return false;
  const property = name.parent?.type === 'AssignmentPattern' ? name.parent.parent : name.parent;
  const key = property?.type === 'Property' && !property.computed ? keyName(property.key) : undefined;
  const index = fn.params.findIndex((p) => contains(p, name));
  const nameNode = fn.type === 'FunctionDeclaration' ? fn.id : fn.parent?.type === 'VariableDeclarator' && fn.parent.init === fn && fn.parent.id.type === 'Identifier' ? fn.parent.id : undefined;
  const named = nameNode ? env.ctx.variableOf(nameNode) : undefined;
  if (key === undefined || index < 0 || !named) return key === undefined;
  return named.references.some((ref) => {
    const use = ref.identifier as Node;
    const call = use.parent;
    if (ref.init || call?.type !== 'CallExpression' || call.callee !== use) return false;
    const arg = call.arguments[index];
    return arg !== undefined && (arg.type === 'SpreadElement' || argumentMaySet(arg, key, env, 0));
  });
}

/**
 * A call in this file of the function that takes `source` as a parameter hands it something
 * that sets `key` or may: an object literal naming it (or spreading), or a value the analysis
 * cannot read. A call that leaves the argument out, or passes a literal without the key, does not.
 */
export function fileCallerMaySet(source: Node, key: string, env: Env, depth = 0, held?: Node, seen: Set<Variable> = new Set()): boolean {
  const n = unwrap(source);
  const variable = n.type === 'Identifier' ? env.ctx.variableOf(n) : undefined;
  // Each parameter once: a function handing its options back to itself adds nothing.
  if (!variable || seen.has(variable)) return false;
  seen.add(variable);
  const calls = callsOfParameter(variable, env);
  if (!calls) return false;
  return calls.uses.some((use) => {
    const call = use.parent;
    if (call?.type !== 'CallExpression' || call.callee !== use) return false;
    const arg = call.arguments[calls.index];
    return arg !== undefined && (arg.type === 'SpreadElement' || argumentMaySet(arg, key, env, depth, held, seen));
  });
}

/**
 * What a call hands over may set `key`: an object literal naming it, a value the analysis cannot
 * read. Options passed straight on from the calling function's own parameter are its callers'
 * (left out by default, as the helper's own are), followed to the calls of that function in the file.
 */
function argumentMaySet(arg: Node, key: string, env: Env, depth: number, held?: Node, seen: Set<Variable> = new Set()): boolean {
  // Deeper than the helpers of one library hand options on (retry → decorator → customiser): not followed.
  if (depth > 8) return true;
  const a = unwrap(arg);
  if (a.type === 'Identifier') {
    if (a.name === 'undefined') return false;
    const variable = env.ctx.variableOf(a);
    const def = soleDefinition(variable);
    if (!variable || isReassigned(variable)) return true;
    if (def?.type === 'Parameter') return fileCallerMaySet(a, key, env, depth + 1, held, seen);
    if (def?.type === 'Variable' && def.node.id === def.name && def.node.init) return argumentMaySet(def.node.init, key, env, depth + 1, held, seen);
    return true;
  }
  // The defaults themselves (the value read for the option) are not a caller's setting.
  if (a.type === 'ObjectExpression') return a.properties.some((p) => (p.type === 'SpreadElement' ? argumentMaySet(p.argument, key, env, depth + 1, held, seen) : p.computed || (keyName(p.key) === key && (held === undefined || unwrap(p.value as Node) !== held))));
  if (a.type === 'CallExpression' && dottedName(a.callee) === 'Object.assign') return a.arguments.some((x) => x.type === 'SpreadElement' || argumentMaySet(x, key, env, depth + 1, held, seen));
  return true;
}
