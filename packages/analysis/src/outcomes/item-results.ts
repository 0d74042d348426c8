import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, propertyName, soleExpression, unwrap, type Node } from '../ast.js';
import type { Env } from '../evaluate.js';

type Polarity = 'success' | 'failure';
type Check = (test: Node, env: Env, requireFresh: boolean) => Polarity | undefined;

/**
 * A batch's results asked item by item: `failed.length > 0` with `const failed =
 * results.filter((r) => !r.success)`, `results.some((r) => r.error)`, `results.every((r) =>
 * r.ok)`. Whether an item failed is what the item test says (`itemCheck`, the outcome check
 * itself, asked of the callback's parameter); whether the batch is the attempt's is
 * `isFresh`. Some item failed: a failure; every item succeeded, or no item failed: a success.
 * Some item succeeding says nothing of the others.
 */
export function itemsOutcome(test: Node, env: Env, requireFresh: boolean, itemCheck: Check, isFresh: (node: Node, env: Env, requireFresh: boolean) => boolean): Polarity | undefined {
  const n = unwrap(test);
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression') {
    const method = propertyName(n.callee);
    if (method !== 'some' && method !== 'every') return undefined;
    const item = itemPolarity(n.arguments[0] as Node | undefined, env, itemCheck);
    if (!item || !isFresh(n.callee.object, env, requireFresh)) return undefined;
    if (method === 'some') return item === 'failure' ? 'failure' : undefined;
    return item === 'success' ? 'success' : undefined;
  }
  // `failed.length` (truthy), `failed.length > 0`, `failed.length === 0`.
  let length: Node | undefined;
  let nonEmpty = true;
  if (n.type === 'MemberExpression' && propertyName(n) === 'length') length = n;
  else if (n.type === 'BinaryExpression' && n.left.type === 'MemberExpression' && propertyName(n.left) === 'length' && unwrap(n.right).type === 'Literal') {
    const value = (unwrap(n.right) as { value: unknown }).value;
    if ((n.operator === '>' && value === 0) || (/^!==?$/.test(n.operator) && value === 0) || (n.operator === '>=' && value === 1)) length = n.left;
    else if ((/^===?$/.test(n.operator) && value === 0) || (n.operator === '<' && value === 1)) {
      length = n.left;
      nonEmpty = false;
    }
  }
  if (length?.type !== 'MemberExpression') return undefined;
  const filter = filterCall(length.object, env);
  if (!filter || filter.callee.type !== 'MemberExpression' || !isFresh(filter.callee.object, env, requireFresh)) return undefined;
  const item = itemPolarity(filter.arguments[0] as Node | undefined, env, itemCheck);
  // (Only the failed items kept: a list of successes says nothing of the rest.)
  if (item !== 'failure') return undefined;
  return nonEmpty ? 'failure' : 'success';
}

/** `results.filter(cb)`, written in place or held in a `const`. */
function filterCall(node: Node, env: Env): TSESTree.CallExpression | undefined {
  let n = unwrap(node);
  if (n.type === 'Identifier') {
    const def = env.ctx.variableOf(n)?.defs;
    const declarator = def?.length === 1 && def[0]?.type === 'Variable' ? def[0].node : undefined;
    if (declarator?.type !== 'VariableDeclarator' || declarator.parent.kind !== 'const' || !declarator.init) return undefined;
    n = unwrap(declarator.init);
  }
  return n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && propertyName(n.callee) === 'filter' ? n : undefined;
}

/** What a callback's test says of its item (`(r) => !r.success`): its one expression asked as an outcome. */
function itemPolarity(callback: Node | undefined, env: Env, itemCheck: Check): Polarity | undefined {
  const fn = callback && unwrap(callback);
  if (!fn || !isFunction(fn) || fn.params.length === 0 || fn.params[0]?.type !== 'Identifier') return undefined;
  const body = soleExpression(fn);
  const returned = body ?? (fn.body.type === 'BlockStatement' && fn.body.body.length === 1 && fn.body.body[0]?.type === 'ReturnStatement' ? fn.body.body[0].argument : undefined);
  return returned ? itemCheck(returned, env, false) : undefined;
}
