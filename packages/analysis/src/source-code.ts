import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import type { Node, VisitorKeys } from './ast.js';

type Scope = TSESLint.Scope.Scope;

/** What the analysis needs of ESLint's SourceCode (both ESLint's and typescript-eslint's fit). */
export interface SourceCodeLike {
  ast: TSESTree.Program;
  text: string;
  visitorKeys: VisitorKeys;
  getScope(node: Node): Scope;
  getLocFromIndex(index: number): TSESTree.Position;
  /** ESLint ≥ 9: the steps of the traversal it ran the rules on, kept on the SourceCode. */
  traverse?(): readonly unknown[];
}
