import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, isFunction, operands, propertyName, unwrap, type Node } from './ast.js';
import { isReassigned, type Variable } from './context.js';
import type { Env } from './evaluate.js';
import { soleDefinition } from './definitions/bodies.js';

/**
 * A retry behind a test that holds whenever the caller leaves an option out that the code gives
 * no default: `if (shouldRestart) setTimeout(() => start(onCrash), wait)` with
 * `const shouldRestart = isRetriable && (!retry || !retry.restartOnFailure || await retry.restartOnFailure(e))`.
 * Without `restartOnFailure` the second part holds, so what is left to decide is `isRetriable`
 * (a look at the failure): read with the options left out, as a limit that falls back to Infinity
 * is (bounds.ts defaultsToInfinity), nothing stops the retry. A caller's callback may stop it:
 * that is the caller's setting, not the default.
 *
 * The option is read from the options of a function the module exports (its callers are outside
 * the file): a parameter, or a name destructured from one, with no default, never reassigned,
 * written into, merged into or aliased (`o.k = …`, `Object.assign(o, …)`, `const alias = o`) in the file,
 * whose key nothing in the file writes, and that no analysis of a caller has bound.
 *
 * Returns the parts of the test's `&&` that still decide, or undefined when no part holds for
 * that reason. Cheap: asked only of a test on the way back in that already may stop the retry.
 */
export function partsLeftWithoutOptions(test: Node, env: Env): Node[] | undefined {
  let t = unwrap(test);
  if (t.type === 'Identifier') {
    // `const shouldRestart = …; if (shouldRestart)`.
    const variable = env.ctx.variableOf(t);
    const def = soleDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name || !def.node.init) return undefined;
    t = unwrap(def.node.init);
  }
  const parts = operands(t, '&&');
  const left = parts.filter((part) => !operands(part, '||').some((d) => holdsWithoutOption(d, env)));
  return left.length < parts.length ? left : undefined;
}


/** `!o.k`, `o.k == null`, `o.k === undefined`, `typeof o.k !== 'function'` (or of `o` itself) with `o.k` an option left out. */
function holdsWithoutOption(node: Node, env: Env): boolean {
  const n = unwrap(node);
  let read: Node | undefined;
  if (n.type === 'UnaryExpression' && n.operator === '!') read = unwrap(n.argument);
  else if (n.type === 'BinaryExpression' && n.left.type !== 'PrivateIdentifier') {
    const [a, b] = [unwrap(n.left), unwrap(n.right)];
    const absent = (x: Node) => (x.type === 'Identifier' && x.name === 'undefined' && !env.ctx.variableOf(x)?.defs.length) || (x.type === 'Literal' && x.value === null && !('regex' in x) && /^[!=]=$/.test(n.operator));
    const isTypeof = (x: Node) => x.type === 'UnaryExpression' && x.operator === 'typeof';
    const isString = (x: Node) => x.type === 'Literal' && typeof x.value === 'string';
    if ((n.operator === '===' || n.operator === '==') && absent(b)) read = a;
    else if ((n.operator === '===' || n.operator === '==') && absent(a)) read = b;
    // `typeof o.k !== 'function'`: anything but 'undefined' compared unequal holds for an absent option.
    else if ((n.operator === '!==' || n.operator === '!=') && isTypeof(a) && isString(b) && (b as TSESTree.StringLiteral).value !== 'undefined') read = unwrap((a as TSESTree.UnaryExpression).argument);
    else if ((n.operator === '!==' || n.operator === '!=') && isTypeof(b) && isString(a) && (a as TSESTree.StringLiteral).value !== 'undefined') read = unwrap((b as TSESTree.UnaryExpression).argument);
    // `o.k !== false`, `o.k !== 'off'`: an absent option is `undefined`, unequal to any literal
    // (to `null` too, strictly); loosely, `undefined != null` is false.
    else if ((n.operator === '!==' || n.operator === '!=') && unequalWhenAbsent(b, n.operator)) read = a;
    else if ((n.operator === '!==' || n.operator === '!=') && unequalWhenAbsent(a, n.operator)) read = b;
  }
  if (!read) return false;
  if (read.type === 'ChainExpression') read = unwrap(read.expression);
  if (read.type === 'Identifier') return callerOption(read, env) !== undefined;
  if (read.type !== 'MemberExpression' || read.computed) return false;
  const key = propertyName(read);
  const object = unwrap(read.object);
  return key !== undefined && object.type === 'Identifier' && !env.ctx.isMutableMember(key) && callerOption(object, env) !== undefined;
}

function unequalWhenAbsent(x: Node, operator: string): boolean {
  if (x.type !== 'Literal' || 'regex' in x || 'bigint' in x) return false;
  return operator === '!==' || x.value !== null;
}

/** `o` names the caller's options (or one of them) as described above. */
function callerOption(id: TSESTree.Identifier, env: Env): Variable | undefined {
  const variable = env.ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Parameter' || isReassigned(variable)) return undefined;
  if (env.ctx.paramValues?.has(variable) || env.ctx.paramObjects?.has(variable)) return undefined;
  const name = def.name as Node;
  // No default: `(opts) =>`, `({ retry }) =>`; not `(opts = {})` nor `({ retry = {} })`.
  const holder = name.parent;
  if (holder?.type === 'AssignmentPattern') return undefined;
  if (holder?.type === 'Property') {
    const pattern = holder.parent;
    if (pattern?.type !== 'ObjectPattern' || holder.value !== name || pattern.parent !== def.node || !isFunction(def.node as Node)) return undefined;
  } else if (!isFunction(holder as Node)) return undefined;
  if (!exportedFunction(def.node as Node)) return undefined;
  for (const ref of variable.references) {
    const r = ref.identifier as Node;
    const p = r.parent;
    // `o.k = …`, `o.k++`, `delete o.k`: the file writes into the caller's options.
    const write = p?.type === 'MemberExpression' && p.object === r ? p.parent : undefined;
    if (write && ((write.type === 'AssignmentExpression' && write.left === p) || write.type === 'UpdateExpression' || (write.type === 'UnaryExpression' && write.operator === 'delete'))) return undefined;
    if (p?.type === 'CallExpression' && p.arguments[0] === r && dottedName(p.callee) === 'Object.assign') return undefined;
    if (p?.type === 'VariableDeclarator' && p.init === r) return undefined;
    if (p?.type === 'AssignmentExpression' && p.right === r) return undefined;
  }
  return variable;
}

/**
 * The function is what the module exports: `module.exports = (…) => …`, `exports.f = function`,
 * `export default function`, `export function f`, `export const f = (…) => …`.
 */
function exportedFunction(fn: Node): boolean {
  const p = fn.parent;
  if (!p) return false;
  if (p.type === 'ExportDefaultDeclaration' || p.type === 'ExportNamedDeclaration') return true;
  if (p.type === 'AssignmentExpression' && p.right === fn) {
    const target = dottedName(p.left);
    return target !== undefined && /^(module\.exports|exports|module\.exports\.[\w$]+|exports\.[\w$]+)$/.test(target);
  }
  return p.type === 'VariableDeclarator' && p.init === fn && p.parent?.parent?.type === 'ExportNamedDeclaration';
}
