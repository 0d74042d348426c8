import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import { functionName, isFunction, walk, type FunctionNode, type Node } from '../../src/ast.js';
import { AnalysisContext, type SourceCodeLike } from '../../src/context.js';

/** Parses `code` as ESLint would (TypeScript parser) and gives the analysis context of the file. */
export function parse(code: string): AnalysisContext {
  let source: SourceCodeLike | undefined;
  const rule = { create: (context: { sourceCode: SourceCodeLike }) => ({ 'Program:exit'() { source = context.sourceCode; } }) };
  const messages = new Linter({ configType: 'flat' }).verify(
    code,
    [{ files: ['**/*.ts'], plugins: { t: { rules: { grab: rule } } }, languageOptions: { parser: tsParser as Linter.Parser, sourceType: 'module' }, rules: { 't/grab': 'error' } }] as never,
    { filename: 'file.ts' },
  );
  if (messages.length > 0) throw new Error(messages.map((m) => m.message).join('\n'));
  if (!source) throw new Error('the rule did not run');
  return new AnalysisContext(source);
}

/** The function of the file known by this name (a declaration, a method, a `const` arrow, a property). */
export function fn(ctx: AnalysisContext, name: string): FunctionNode {
  let found: FunctionNode | undefined;
  walk(ctx.sourceCode.ast, ctx.keys, (node: Node) => {
    if (!found && isFunction(node) && functionName(node) === name) found = node;
  });
  if (!found) throw new Error(`no function ${name}`);
  return found;
}

/** Every call of the file. */
export function calls(ctx: AnalysisContext): TSESTree.CallExpression[] {
  const result: TSESTree.CallExpression[] = [];
  walk(ctx.sourceCode.ast, ctx.keys, (node: Node) => {
    if (node.type === 'CallExpression') result.push(node);
  });
  return result;
}

/** The source text of a node. */
export function text(ctx: AnalysisContext, node: Node): string {
  return ctx.sourceCode.text.slice(node.range[0], node.range[1]);
}
