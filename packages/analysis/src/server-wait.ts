import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap, type Node } from './ast.js';

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

/** A string literal naming the header (`'retry-after'`, `"Retry-After"`). */
export function isServerWaitHeader(node: Node | TSESTree.PrivateIdentifier): boolean {
  if (node.type === 'PrivateIdentifier') return false;
  const n = unwrap(node);
  return n.type === 'Literal' && typeof n.value === 'string' && SERVER_WAIT_HEADER.test(n.value);
}

/** `headers.get('Retry-After')`, `res.getHeader('retry-after')`, `res.header('Retry-After')`. */
export function readsServerWaitHeader(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || !/^(?:get|getHeader|header)$/.test(propertyName(callee) ?? '')) return false;
  const first = call.arguments[0];
  return first !== undefined && first.type !== 'SpreadElement' && isServerWaitHeader(first);
}
