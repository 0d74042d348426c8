import tsParser from '@typescript-eslint/parser';
import type { TSESTree } from '@typescript-eslint/utils';
import { Linter } from 'eslint';
import { walk, type Node } from '../src/ast.js';
import { AnalysisContext, type SourceCodeLike } from '../src/context.js';

/** A small program parsed as ESLint parses it (TypeScript), with the analysis's context over it. */
export function parse(code: string): { ctx: AnalysisContext; find: <T extends Node>(match: (n: Node) => n is T, nth?: number) => T } {
  let ctx: AnalysisContext | undefined;
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(code, [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as Linter.Parser },
      plugins: {
        probe: {
          rules: {
            capture: {
              create: (context: { sourceCode: SourceCodeLike }) => ({
                'Program:exit'() {
                  ctx = new AnalysisContext(context.sourceCode);
                },
              }),
            },
          },
        },
      },
      rules: { 'probe/capture': 'error' },
    },
  ] as unknown as Linter.Config[], 'program.ts');
  if (!ctx) throw new Error(`not parsed: ${messages.map((m) => m.message).join('; ')}`);
  const context = ctx;
  const find = <T extends Node>(match: (n: Node) => n is T, nth = 0): T => {
    const found: T[] = [];
    walk(context.sourceCode.ast as Node, context.keys, (n) => {
      if (match(n)) found.push(n);
      return undefined;
    });
    const result = found[nth];
    if (!result) throw new Error('no such node');
    return result;
  };
  return { ctx: context, find };
}

export const isFunctionNamed =
  (name: string) =>
  (n: Node): n is TSESTree.FunctionDeclaration | TSESTree.FunctionExpression =>
    (n.type === 'FunctionDeclaration' && n.id?.name === name) || (n.type === 'FunctionExpression' && n.parent?.type === 'MethodDefinition' && n.parent.key.type === 'Identifier' && n.parent.key.name === name);

export const isCallOf =
  (name: string) =>
  (n: Node): n is TSESTree.CallExpression =>
    n.type === 'CallExpression' && ((n.callee.type === 'Identifier' && n.callee.name === name) || (n.callee.type === 'MemberExpression' && n.callee.property.type === 'Identifier' && n.callee.property.name === name));

export const isCatchBody = (n: Node): n is TSESTree.BlockStatement => n.type === 'BlockStatement' && n.parent?.type === 'CatchClause';
