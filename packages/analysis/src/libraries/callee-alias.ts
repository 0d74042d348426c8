import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, propertyName, unwrap, type Node } from '../ast.js';
import { isReassigned, type AnalysisContext } from '../context.js';
import { soleDefinition } from '../definitions/bodies.js';

/**
 * What a callee named by a constant calls: `const request = post ? got.post : got.get;
 * request(url, options)` calls a method of `got` whichever way the test goes. Both
 * alternatives must be members of one object by one path, differing at most in the last
 * name (`post`, `get`): the call then means the same library, read as the first. Anything
 * else (two objects, a function of the file) is not a library member and stays as written.
 */
export function calleeAlias(callee: Node, ctx: AnalysisContext): Node | undefined {
  if (callee.type !== 'Identifier') return undefined;
  const variable = ctx.variableOf(callee);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || def.parent?.kind !== 'const' || isReassigned(variable)) return undefined;
  const init = def.node.init ? unwrap(def.node.init as Node) : undefined;
  // (`(await import('p-retry')).default`, `require('m').default`: the module itself, which importOf reads.)
  if (init?.type === 'MemberExpression') return loadsModule(init) ? undefined : init;
  if (init?.type !== 'ConditionalExpression' && init?.type !== 'LogicalExpression') return undefined;
  const a = unwrap((init.type === 'ConditionalExpression' ? init.consequent : init.left) as Node);
  const b = unwrap((init.type === 'ConditionalExpression' ? init.alternate : init.right) as Node);
  return a.type === 'MemberExpression' && b.type === 'MemberExpression' && samePath(a.object as Node, b.object as Node) && propertyName(a) !== undefined && propertyName(b) !== undefined ? a : undefined;
}

/** `got` and `got`, `api.v1` and `api.v1`: one object reached by the same names. */
function samePath(a: Node, b: Node): boolean {
  const path = dottedName(a);
  return path !== undefined && path === dottedName(b);
}

function loadsModule(member: TSESTree.MemberExpression): boolean {
  let root: Node = member;
  while (root.type === 'MemberExpression') root = unwrap(root.object as Node);
  return root.type === 'ImportExpression' || (root.type === 'CallExpression' && root.callee.type === 'Identifier' && root.callee.name === 'require');
}
