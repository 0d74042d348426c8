import { parseForESLint } from '@typescript-eslint/parser';
import type { AST_NODE_TYPES, TSESTree } from '@typescript-eslint/utils';
import { SourceCode } from 'eslint';
import { walk, type Node } from '../src/ast.js';
import { AnalysisContext, type SourceCodeLike } from '../src/context.js';

/** A file parsed as ESLint parses it for the rules, with the analysis's context of it. */
export function parse(text: string): { ctx: AnalysisContext; ast: TSESTree.Program } {
  const { ast, scopeManager, visitorKeys } = parseForESLint(text, { range: true, loc: true, tokens: true, comment: true, sourceType: 'module', ecmaVersion: 'latest' });
  setParents(ast as unknown as Node, visitorKeys as never);
  const source = new SourceCode({ text, ast: ast as never, scopeManager: scopeManager as never, visitorKeys: visitorKeys as never });
  return { ctx: new AnalysisContext(source as unknown as SourceCodeLike), ast };
}

/** Every node of a type, in source order. */
export function all<K extends keyof typeof AST_NODE_TYPES>(ctx: AnalysisContext, type: K): Extract<Node, { type: (typeof AST_NODE_TYPES)[K] }>[] {
  const found: Node[] = [];
  walk(ctx.sourceCode.ast, ctx.keys, (n) => void ((n.type as string) === type && found.push(n)));
  return (found as Extract<Node, { type: (typeof AST_NODE_TYPES)[K] }>[]).sort((a, b) => a.range[0] - b.range[0]);
}

/** The top-level function or variable-held function named `name`. */
export function fnNamed(ctx: AnalysisContext, name: string): Node {
  for (const n of [...all(ctx, 'FunctionDeclaration'), ...all(ctx, 'ArrowFunctionExpression'), ...all(ctx, 'FunctionExpression')]) {
    if (n.type === 'FunctionDeclaration' && n.id?.name === name) return n;
    if (n.parent?.type === 'VariableDeclarator' && n.parent.id.type === 'Identifier' && n.parent.id.name === name) return n;
  }
  throw new Error(`no function ${name}`);
}

/** ESLint links each node to its parent before the rules run; scopes are found through them. */
function setParents(root: Node, keys: Record<string, readonly string[] | undefined>): void {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    for (const key of keys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const c of Array.isArray(child) ? child : [child]) {
        if (c && typeof (c as Node).type === 'string') {
          (c as { parent?: Node }).parent = node;
          stack.push(c as Node);
        }
      }
    }
  }
}
