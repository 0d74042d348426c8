import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { lineRange } from './rewrite-loop.js';
import type { Fix, Fixer, Node, SourceCode, Suggestion } from './types.js';

type Variable = TSESLint.Scope.Variable;

/**
 * The rewrite replaces the loop's sleep with retry()'s own waits. When that was the last use
 * of the file's sleep helper (`import { sleep } from './utils'`, `function wait(ms) {…}`,
 * `const delay = promisify(setTimeout)`), the helper would be left unused — a lint error in
 * most projects right after the fix — so the rewrite removes it too. A helper that is exported,
 * used elsewhere in the file, or declared together with other names stays.
 */
export function withUnusedSleepRemoved(suggestion: Suggestion, site: RetrySite, sourceCode: SourceCode): Suggestion {
  const variable = sleepVariable(site, sourceCode);
  if (!variable) return suggestion;
  return {
    ...suggestion,
    fix: (fixer: Fixer) => {
      const made = suggestion.fix(fixer);
      const fixes = Array.isArray(made) ? made : [made];
      const removal = removalOf(variable, fixes, sourceCode);
      return removal ? [...fixes, fixer.removeRange(removal)] : fixes;
    },
  };
}

/** The variable the site's sleep calls by name, if the file declares it. */
function sleepVariable(site: RetrySite, sourceCode: SourceCode): Variable | undefined {
  const sleep = site.sleep;
  if (!sleep) return undefined;
  let call: TSESTree.Node = sleep.type === 'AwaitExpression' ? sleep.argument : sleep;
  // `delay(1000).then(() => …)`: the sleep is the call the chain starts from.
  while (call.type === 'CallExpression' && call.callee.type === 'MemberExpression' && call.callee.object.type === 'CallExpression') call = call.callee.object;
  if (call.type !== 'CallExpression') return undefined;
  const id = call.callee;
  if (id.type !== 'Identifier') return undefined;
  for (let scope: TSESLint.Scope.Scope | null = sourceCode.getScope(id); scope; scope = scope.upper) {
    const found = scope.set.get(id.name);
    if (found) return found.defs.length === 1 ? found : undefined;
  }
  return undefined;
}

/** The text to remove for the declaration, when the fixed text no longer names the helper anywhere else. */
function removalOf(variable: Variable, fixes: readonly Fix[], sourceCode: SourceCode): [number, number] | undefined {
  const def = variable.defs[0];
  const target = def && declarationOf(def);
  if (!target) return undefined;
  const range = wholeLines(target, sourceCode);
  // The removal must not overlap what the fixes already change (ESLint refuses overlapping fixes).
  if (fixes.some((f) => f.range[0] < range[1] && range[0] < f.range[1])) return undefined;
  // The text as the fixes leave it, the declaration taken out: any mention left (a call the
  // rewrite kept in the attempt, an inner loop's sleep, `typeof sleep`, a string) keeps it.
  const text = withoutComments(sourceCode);
  const edits = [...fixes.map((f) => ({ range: f.range, text: f.text })), { range: range, text: '' }].sort((x, y) => x.range[0] - y.range[0]);
  let output = '';
  let at = 0;
  for (const edit of edits) {
    if (edit.range[0] < at) return undefined;
    output += text.slice(at, edit.range[0]) + edit.text;
    at = edit.range[1];
  }
  output += text.slice(at);
  const name = variable.name.replace(/\$/g, '\\$');
  return new RegExp(`(?<![\\w$.])${name}(?![\\w$])`).test(output) ? undefined : range;
}

/** The statement that declares the helper and nothing else; undefined when removing it would remove more. */
function declarationOf(def: TSESLint.Scope.Definition): Node | undefined {
  switch (def.type) {
    case 'ImportBinding': {
      const declaration = def.parent as TSESTree.ImportDeclaration | undefined;
      return declaration?.type === 'ImportDeclaration' && declaration.specifiers.length === 1 && declaration.importKind !== 'type' ? declaration : undefined;
    }
    case 'FunctionName': {
      const fn = def.node as Node;
      return fn.type === 'FunctionDeclaration' && fn.parent?.type === 'Program' ? fn : undefined;
    }
    case 'Variable': {
      const declarator = def.node as TSESTree.VariableDeclarator;
      const declaration = declarator.parent;
      if (declaration?.type !== 'VariableDeclaration' || declaration.declarations.length !== 1 || declaration.parent?.type !== 'Program') return undefined;
      // `const { sleep } = require('./utils')` with one name, or `const sleep = …`.
      if (declarator.id.type === 'ObjectPattern' && declarator.id.properties.length !== 1) return undefined;
      if (declarator.id.type !== 'Identifier' && declarator.id.type !== 'ObjectPattern') return undefined;
      return declaration;
    }
    default:
      return undefined;
  }
}

/** The file's text with its comments blanked out (the same length): a comment that says "sleep" uses nothing. */
function withoutComments(sourceCode: SourceCode): string {
  let blanked = uncommented.get(sourceCode);
  if (blanked === undefined) {
    // One pass, once per file: a file's rewrites all ask.
    const { text } = sourceCode;
    const parts: string[] = [];
    let at = 0;
    for (const c of sourceCode.getAllComments()) {
      parts.push(text.slice(at, c.range[0]), ' '.repeat(c.range[1] - c.range[0]));
      at = c.range[1];
    }
    parts.push(text.slice(at));
    blanked = parts.join('');
    uncommented.set(sourceCode, blanked);
  }
  return blanked;
}

const uncommented = new WeakMap<SourceCode, string>();

/** The declaration's lines, and the blank line after it when it starts the file or one stands before it too (comments above it stay). */
function wholeLines(node: Node, sourceCode: SourceCode): [number, number] {
  const text = sourceCode.text;
  const [start, lineEnd] = lineRange(node, sourceCode);
  const blankBefore = start === 0 || (start >= 2 && text[start - 1] === '\n' && text[start - 2] === '\n');
  return [start, blankBefore && text[lineEnd] === '\n' ? lineEnd + 1 : lineEnd];
}
