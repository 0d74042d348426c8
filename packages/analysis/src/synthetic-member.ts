import type { TSESTree } from '@typescript-eslint/utils';
import type { Node } from './ast.js';

const members = new WeakMap<Node, Map<string, TSESTree.MemberExpression>>();

/**
 * `object.key` as a node of the tree, where `object` is (made once per object and key): read as
 * the code would read it there, by the evaluation that reads any member.
 */
export function memberOf(object: Node, key: string): TSESTree.MemberExpression {
  let byKey = members.get(object);
  if (!byKey) members.set(object, (byKey = new Map()));
  let member = byKey.get(key);
  if (!member) {
    const property = { type: 'Identifier', name: key, range: object.range, loc: object.loc, decorators: [], optional: false, typeAnnotation: undefined } as unknown as TSESTree.Identifier;
    member = { type: 'MemberExpression', object, property, computed: false, optional: false, range: object.range, loc: object.loc, parent: object.parent } as unknown as TSESTree.MemberExpression;
    (property as { parent: Node }).parent = member;
    byKey.set(key, member);
  }
  return member;
}
