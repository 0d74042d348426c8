import type { TSESTree } from '@typescript-eslint/utils';
import type { Fix, Fixer, SourceCode } from './types.js';

/**
 * The edits that make `name` (a named export of `module`) available under its own name:
 * none when it already is, a specifier merged into an existing import (or `require`
 * destructuring) of the module, or a new import / require after the file's existing ones.
 * Undefined when `name` is already bound to something else in the module scope.
 */
export function ensureNamedImport(sourceCode: SourceCode, module: string, name: string, commonJs: boolean): ((fixer: Fixer) => Fix[]) | undefined {
  const program = sourceCode.ast;
  const moduleScope = sourceCode.scopeManager?.globalScope?.childScopes.find((s) => s.type === 'module') ?? sourceCode.scopeManager?.globalScope;
  const bound = moduleScope?.set.get(name);
  let existing: TSESTree.ImportDeclaration | TSESTree.ObjectPattern | undefined;
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration' && statement.source.value === module && statement.importKind !== 'type') {
      if (statement.specifiers.some((s) => s.type === 'ImportNamespaceSpecifier')) continue;
      existing ??= statement;
    } else if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations) {
        if (d.id.type === 'ObjectPattern' && isRequireOf(d.init, module)) existing ??= d.id;
      }
    }
  }
  if (bound) {
    // Already imported under its own name from this module: nothing to add.
    const def = bound.defs[0];
    const fromModule =
      (def?.type === 'ImportBinding' && def.parent.type === 'ImportDeclaration' && def.parent.source.value === module && importedName(def.node) === name) ||
      (def?.type === 'Variable' && def.node.id.type === 'ObjectPattern' && isRequireOf(def.node.init, module));
    return fromModule ? () => [] : undefined;
  }
  if (existing?.type === 'ImportDeclaration') {
    const named = existing.specifiers.filter((s): s is TSESTree.ImportSpecifier => s.type === 'ImportSpecifier');
    const last = named[named.length - 1];
    const decl = existing;
    if (last) return (fixer) => [fixer.insertTextAfter(last, `, ${name}`)];
    const defaultSpecifier = decl.specifiers[0];
    if (defaultSpecifier) return (fixer) => [fixer.insertTextAfter(defaultSpecifier, `, { ${name} }`)];
  }
  if (existing?.type === 'ObjectPattern') {
    const last = existing.properties[existing.properties.length - 1];
    if (last && last.type !== 'RestElement') return (fixer) => [fixer.insertTextAfter(last, `, ${name}`)];
  }
  const statement = commonJs ? `const { ${name} } = require('${module}');` : `import { ${name} } from '${module}';`;
  const anchor = lastImport(program);
  if (anchor) return (fixer) => [fixer.insertTextAfter(anchor, `\n${statement}`)];
  const first = program.body[0];
  const directive = first?.type === 'ExpressionStatement' && first.directive ? first : undefined;
  if (directive) return (fixer) => [fixer.insertTextAfter(directive, `\n${statement}`)];
  // A blank line after it, as between a file's imports and its code.
  return (fixer) => [fixer.insertTextBeforeRange([firstCodeIndex(sourceCode), firstCodeIndex(sourceCode)], `${statement}\n\n`)];
}

function importedName(node: TSESTree.Node): string | undefined {
  if (node.type !== 'ImportSpecifier') return undefined;
  return node.imported.type === 'Identifier' ? node.imported.name : String(node.imported.value);
}

function isRequireOf(init: TSESTree.Expression | null, module: string): boolean {
  return (
    init?.type === 'CallExpression' &&
    init.callee.type === 'Identifier' &&
    init.callee.name === 'require' &&
    init.arguments[0]?.type === 'Literal' &&
    init.arguments[0].value === module
  );
}

/** The last top-level import, or `const x = require(…)` among the leading statements. */
function lastImport(program: TSESTree.Program): TSESTree.Node | undefined {
  let last: TSESTree.Node | undefined;
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') last = statement;
    else if (statement.type === 'VariableDeclaration' && statement.declarations.some((d) => requireCall(d.init))) last = statement;
  }
  return last;
}

function requireCall(init: TSESTree.Expression | null): boolean {
  let n = init;
  while (n?.type === 'MemberExpression') n = n.object as TSESTree.Expression;
  return n?.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'require';
}

/** After leading comments (a file header), so the header stays first. */
function firstCodeIndex(sourceCode: SourceCode): number {
  const first = sourceCode.ast.body[0];
  return first ? first.range[0] : sourceCode.text.length;
}

/** Whether the file is CommonJS: no import/export, and `require` used or a .cjs/.cts name. */
export function isCommonJs(sourceCode: SourceCode, filename: string): boolean {
  const esm = sourceCode.ast.body.some((s) => s.type === 'ImportDeclaration' || s.type.startsWith('Export'));
  if (esm) return false;
  return /\.c[jt]s$/.test(filename) || /\brequire\s*\(/.test(sourceCode.text);
}
