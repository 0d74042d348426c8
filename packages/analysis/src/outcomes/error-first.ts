import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, propertyName, unwrap, walk, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { firstDefinition } from '../definitions/bodies.js';

/**
 * Is a callback's first parameter the error of a Node-style (error-first) callback, whatever
 * it is called? `fs.unlink(file, (er) => { if (er) … })`: the callback is the call's last
 * argument and the code shows the convention: it takes a result after the error, reads the
 * parameter as an error (`er.code`, `throw er`, handing it to its own caller's callback), or answers its own callback error-first (`cb(null)`, `done(null, data)`).
 * Iteration and promise callbacks (`forEach`, `then`) take values first, never an error.
 */
export function errorFirstParameter(id: TSESTree.Identifier, ctx: AnalysisContext): boolean {
  const def = firstDefinition(ctx.variableOf(id));
  if (def?.type !== 'Parameter') return false;
  const fn = def.node;
  const first = fn.params[0];
  if (!isFunction(fn) || first?.type !== 'Identifier' || first.name !== id.name) return false;
  const call = fn.parent;
  if (call?.type !== 'CallExpression' || call.arguments[call.arguments.length - 1] !== fn) return false;
  const callee = unwrap(call.callee);
  if (callee.type === 'MemberExpression' && VALUE_FIRST.test(propertyName(callee) ?? '')) return false;
  if (fn.params.length >= 2) return true;
  const variable = ctx.variableOf(first);
  if (variable?.references.some((ref) => readAsError(ref.identifier as Node, ctx))) return true;
  return answersErrorFirst(fn.body, ctx);
}

/** Callbacks that are handed values first: array iteration, promises, events, timers. */
const VALUE_FIRST = /^(forEach|map|flatMap|filter|find|findIndex|findLast|findLastIndex|some|every|reduce|reduceRight|sort|then|finally|on|once|addListener|addEventListener|subscribe)$/;

/**
 * `er.code`, `er.message`, `throw er`, or `cb(er)` with `cb` the callback the enclosing function
 * was handed (not a promise executor's `resolve`): the parameter used as an error.
 */
function readAsError(id: Node, ctx: AnalysisContext): boolean {
  const parent = id.parent;
  if (parent?.type === 'MemberExpression' && parent.object === id && !parent.computed) return /^(code|errno|syscall|message|stack)$/.test(propertyName(parent) ?? '');
  if (parent?.type === 'ThrowStatement') return true;
  const callee = parent?.type === 'CallExpression' && parent.arguments[0] === id ? unwrap(parent.callee) : undefined;
  const handedIn = callee?.type === 'Identifier' ? firstDefinition(ctx.variableOf(callee)) : undefined;
  return handedIn?.type === 'Parameter' && handedIn.node.parent?.type !== 'NewExpression';
}

/** The callback answers another callback error-first: `cb(null)`, `done(null, result)`. */
function answersErrorFirst(body: Node, ctx: AnalysisContext): boolean {
  let found = false;
  walk(body, ctx.keys, (node) => {
    if (found || (node !== body && isFunction(node))) return false;
    if (node.type !== 'CallExpression' || unwrap(node.callee).type !== 'Identifier') return undefined;
    const arg = node.arguments[0] && unwrap(node.arguments[0] as Node);
    if (arg?.type === 'Literal' && arg.value === null) found = true;
    return undefined;
  });
  return found;
}
