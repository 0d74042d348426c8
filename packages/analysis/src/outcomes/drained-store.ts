import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, isFunction, propertyName, unwrap, walk, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import type { Polarity } from './status-tests.js';

/**
 * What an emptiness test of a store says, read from where the attempt takes items out of it:
 * `if (Object.keys(this.pending).length === 0) return` after `try { await send(v); delete
 * this.pending[id] } catch { break }`. An item leaves the store only once its operation went
 * through, so an empty store says every operation succeeded, and one that still holds items
 * says one failed (the failure decided after the `try`/`catch`). Every change the attempt makes
 * to the store must be such a removal; one that adds, or replaces the store, says nothing.
 */
export function drainedStore(test: TSESTree.BinaryExpression, region: Node, ctx: AnalysisContext): Polarity | undefined {
  const zeroOnRight = isZero(test.right);
  const size = zeroOnRight ? sizeOf(test.left as Node) : isZero(test.left as Node) ? sizeOf(test.right) : undefined;
  if (!size) return undefined;
  const empty = test.operator === '===' || test.operator === '==' ? true : test.operator === '!==' || test.operator === '!=' || test.operator === (zeroOnRight ? '>' : '<') ? false : undefined;
  if (empty === undefined || !removedOnlyOnSuccess(size, region, ctx)) return undefined;
  return empty ? 'success' : 'failure';
}

function isZero(node: Node): boolean {
  const n = unwrap(node);
  return n.type === 'Literal' && n.value === 0;
}

/** The store whose size `node` reads: `s.length`, `s.size`, `Object.keys(s).length` (values, entries). */
function sizeOf(node: Node): string | undefined {
  const n = unwrap(node);
  if (n.type !== 'MemberExpression') return undefined;
  const member = propertyName(n);
  const object = unwrap(n.object);
  if (member === 'size') return dottedName(object);
  if (member !== 'length') return undefined;
  if (object.type === 'CallExpression' && object.arguments.length === 1) {
    const callee = unwrap(object.callee);
    const viewed = callee.type === 'MemberExpression' && unwrap(callee.object).type === 'Identifier' && (unwrap(callee.object) as TSESTree.Identifier).name === 'Object' ? propertyName(callee) : undefined;
    return viewed === 'keys' || viewed === 'values' || viewed === 'entries' ? dottedName(object.arguments[0] as Node) : undefined;
  }
  return dottedName(object);
}

const REMOVALS = new Set(['delete', 'splice', 'shift', 'pop']);
const ADDITIONS = new Set(['set', 'add', 'push', 'unshift', 'clear']);

/** The region takes items out of the store, and only in a `try` after a call there that may throw. */
function removedOnlyOnSuccess(store: string, region: Node, ctx: AnalysisContext): boolean {
  let removals = 0;
  let other = false;
  walk(region, ctx.keys, (node) => {
    if (other) return false;
    // A callback may run at another time: a change there is not this attempt's.
    if (isFunction(node)) return false;
    let removal: Node | undefined;
    if (node.type === 'UnaryExpression' && node.operator === 'delete' && node.argument.type === 'MemberExpression' && dottedName(node.argument.object) === store) removal = node;
    else if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && dottedName(node.callee.object) === store) {
      const method = propertyName(node.callee);
      if (method !== undefined && REMOVALS.has(method)) removal = node;
      else if (method !== undefined && ADDITIONS.has(method)) other = true;
    } else if (node.type === 'AssignmentExpression') {
      const target = node.left.type === 'MemberExpression' ? node.left : undefined;
      if (dottedName(node.left as Node) === store || (target && dottedName(target.object) === store)) other = true;
    }
    if (removal) {
      if (afterCallInTry(removal, region)) removals++;
      else other = true;
    }
    return undefined;
  });
  return removals > 0 && !other;
}

/** In the block of a `try` with a `catch`, after a call of that block (the operation that may throw). */
function afterCallInTry(node: Node, region: Node): boolean {
  for (let child: Node = node, p = node.parent; p && child !== region; child = p, p = p.parent) {
    if (p.type === 'CatchClause') return false;
    if (p.type !== 'TryStatement' || p.block !== child || !p.handler) continue;
    return p.block.body.some((statement) => statement.range[1] <= node.range[0] && containsCall(statement));
  }
  return false;
}

/** `await send(v);`, `const r = await send(v);`: a statement that is a call, awaited or not. */
function containsCall(statement: Node): boolean {
  const value = statement.type === 'ExpressionStatement' ? statement.expression : statement.type === 'VariableDeclaration' ? statement.declarations[0]?.init : undefined;
  let n = value ? unwrap(value as Node) : undefined;
  if (n?.type === 'AwaitExpression') n = unwrap(n.argument);
  return n?.type === 'CallExpression' || n?.type === 'NewExpression';
}
