import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap, type Node } from './ast.js';
import { isReassigned, type AnalysisContext } from './context.js';

/**
 * A wait the server gives: the `Retry-After` header (and its millisecond variants). A retry that
 * waits this when the response carries it and computes a wait of its own otherwise is read as
 * the response without it (evaluate.ts): what the code computes then is its own policy, and a
 * finding about it says so ("when the response has no Retry-After"). The server's value is
 * never read as fixed: it is not the code's.
 */
const SERVER_WAIT_HEADER = /^(?:x-)?retry-after(?:-ms)?$|^x-ms-retry-after-ms$/i;

/** The header named anywhere in a file's text: the cheap test before reading tests with it absent. */
export const SERVER_WAIT_TEXT = /retry-after/i;

/**
 * A string literal naming the header (`'retry-after'`, `"Retry-After"`), or the name of each
 * header a loop tries in turn from a list that holds it (`for (const name of ['ratelimit-reset',
 * 'retry-after']) { const raw = headers[name]; … }`): the first one the response carries.
 */
export function isServerWaitHeader(node: Node | TSESTree.PrivateIdentifier, ctx?: AnalysisContext): boolean {
  if (node.type === 'PrivateIdentifier') return false;
  const n = unwrap(node);
  if (n.type === 'Identifier' && ctx) return triedFromList(n, ctx);
  return n.type === 'Literal' && typeof n.value === 'string' && SERVER_WAIT_HEADER.test(n.value);
}

/** The loop variable of `for (const name of LIST)`, LIST an array of strings (or a `const` of one) naming the header. */
function triedFromList(id: TSESTree.Identifier, ctx: AnalysisContext): boolean {
  const variable = ctx.variableOf(id);
  const def = variable?.defs[0];
  const loop = def?.type === 'Variable' ? def.parent?.parent : undefined;
  if (loop?.type !== 'ForOfStatement' || loop.left !== def?.parent || isReassigned(variable as NonNullable<typeof variable>)) return false;
  let list = unwrap(loop.right);
  if (list.type === 'Identifier') {
    const held = ctx.variableOf(list)?.defs[0];
    const init = held?.type === 'Variable' && held.parent?.type === 'VariableDeclaration' && held.parent.kind === 'const' ? held.node.init : undefined;
    if (!init) return false;
    list = unwrap(init);
  }
  return list.type === 'ArrayExpression' && list.elements.some((e) => e !== null && e.type !== 'SpreadElement' && isServerWaitHeader(e));
}

/** `headers.get('Retry-After')`, `res.getHeader('retry-after')`, `res.header('Retry-After')`. */
export function readsServerWaitHeader(call: TSESTree.CallExpression, ctx?: AnalysisContext): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || !/^(?:get|getHeader|header)$/.test(propertyName(callee) ?? '')) return false;
  const first = call.arguments[0];
  return first !== undefined && first.type !== 'SpreadElement' && isServerWaitHeader(first, ctx);
}
