import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { boundAround, enclosingFunction } from './rewrite-loop.js';
import { within } from './text.js';
import type { Node, SourceCode } from './types.js';

export type Variable = TSESLint.Scope.Variable;
type Scope = TSESLint.Scope.Scope;

/**
 * Scope questions the rewrites ask of the code they move into retry()'s attempt: resolved
 * through ESLint's scope manager, never by matching names.
 */

/** The variable an identifier refers to, from its own scope outwards (undefined for a global). */
export function resolveVariable(identifier: TSESTree.Identifier, sourceCode: SourceCode): Variable | undefined {
  for (let s: Scope | null = sourceCode.getScope(identifier); s; s = s.upper) {
    const variable = s.set.get(identifier.name);
    if (variable) return variable;
  }
  return undefined;
}

/**
 * No variable the expression reads is written inside `region` or by another function than the
 * one holding it, and no property it reads is assigned, updated or deleted inside `region`
 * through any object (`opts.retries--` changes a limit `i < opts.retries` that retry() would
 * read once): a loop's limit the loop cannot change.
 */
export function stableIn(expression: Node, region: Node, sourceCode: SourceCode): boolean {
  const identifiers: TSESTree.Identifier[] = [];
  const properties = new Set<string>();
  const stack: Node[] = [expression];
  while (stack.length > 0) {
    const n = stack.pop() as Node;
    if (n.type === 'Identifier') identifiers.push(n);
    if (n.type === 'MemberExpression') {
      stack.push(n.object);
      if (n.computed) stack.push(n.property);
      properties.add(propertyKey(n) ?? '');
      continue;
    }
    for (const key of sourceCode.visitorKeys[n.type] ?? []) {
      const value = (n as unknown as Record<string, unknown>)[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof (child as Node).type === 'string') stack.push(child as Node);
      }
    }
  }
  if (properties.size > 0 && writesProperty(region, properties, sourceCode)) return false;
  // A write in another function (a closure the loop may call, or one that runs while it
  // awaits) can change the limit during the loop too.
  const home = enclosingFunction(region);
  return identifiers.every((id) => {
    const variable = resolveVariable(id, sourceCode);
    return !variable || !variable.references.some((ref) => ref.isWrite() && !ref.init && (within(ref.identifier, region) || enclosingFunction(ref.identifier) !== home));
  });
}

/** `o.name` or `o['name']`: the property's name; a computed key that is not a string literal: undefined. */
function propertyKey(member: TSESTree.MemberExpression): string | undefined {
  if (!member.computed && member.property.type === 'Identifier') return member.property.name;
  if (member.property.type === 'PrivateIdentifier') return `#${member.property.name}`;
  if (member.property.type === 'Literal') return String(member.property.value);
  return undefined;
}

/**
 * Whether `region` assigns, updates or deletes a property named in `properties` ('' stands for
 * a computed key: then any property write counts), or destructures into one.
 */
function writesProperty(region: Node, properties: ReadonlySet<string>, sourceCode: SourceCode): boolean {
  const matches = (target: Node): boolean => {
    if (target.type !== 'MemberExpression') return false;
    const key = propertyKey(target);
    return properties.has('') || key === undefined || properties.has(key);
  };
  const stack: Node[] = [region];
  while (stack.length > 0) {
    const n = stack.pop() as Node;
    if (n.type === 'AssignmentExpression' && matches(n.left)) return true;
    if (n.type === 'UpdateExpression' && matches(n.argument)) return true;
    if (n.type === 'UnaryExpression' && n.operator === 'delete' && matches(n.argument)) return true;
    for (const key of sourceCode.visitorKeys[n.type] ?? []) {
      const value = (n as unknown as Record<string, unknown>)[key];
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof (child as Node).type === 'string') {
          // A destructuring target `({ n: opts.retries } = …)` is a MemberExpression in a pattern.
          if ((n.type === 'ArrayPattern' || n.type === 'ObjectPattern' || n.type === 'RestElement' || n.type === 'AssignmentPattern' || (n.type === 'Property' && n.parent?.type === 'ObjectPattern')) && matches(child as Node)) return true;
          stack.push(child as Node);
        }
      }
    }
  }
  return false;
}

/** The variable is written only by `updates` (and its declaration), and used only inside `loop`. */
export function variableWrittenOnlyBy(variable: Variable, updates: readonly Node[], loop: Node): boolean {
  return variable.references.every((ref) => {
    if (ref.init) return true;
    if (!within(ref.identifier, loop)) return false;
    return !ref.isWrite() || updates.some((u) => within(ref.identifier, u));
  });
}

/**
 * Whether a name the rewrite introduces inside `fn` could hide or be hidden by the code's own:
 * declared or read anywhere in the function, or (for the imported `retry`) bound around the loop.
 */
export function nameTaken(fn: Node, loop: Node, name: string, sourceCode: SourceCode): boolean {
  if (boundAround(loop, name, sourceCode)) return true;
  return namesOf(fn, sourceCode).has(name);
}

/** Every name declared or read in a function's scopes, read once per function (each of its loops asks). */
const functionNames = new WeakMap<Node, Set<string>>();

function namesOf(fn: Node, sourceCode: SourceCode): Set<string> {
  let names = functionNames.get(fn);
  if (names) return names;
  names = new Set();
  const stack: Scope[] = [sourceCode.getScope(fn)];
  while (stack.length > 0) {
    const scope = stack.pop() as Scope;
    for (const key of scope.set.keys()) names.add(key);
    for (const ref of scope.references) names.add(ref.identifier.name);
    stack.push(...scope.childScopes);
  }
  functionNames.set(fn, names);
  return names;
}

/**
 * The attempt's parameter that gives the loop's counter its value: retry()'s 1-based
 * `attempt`, plus `offset` (a counter from 0 is attempt - 1), as a destructured parameter and,
 * when it is not the attempt itself, a line that computes it.
 */
export function attemptParameter(counter: { name: string; offset: number } | undefined, indent: string): { parameter: string; prologue: string[] } {
  if (!counter) return { parameter: '', prologue: [] };
  const { name, offset } = counter;
  if (offset === 0) return { parameter: name === 'attempt' ? '{ attempt }' : `{ attempt: ${name} }`, prologue: [] };
  return { parameter: '{ attempt: attemptNumber }', prologue: [`${indent}const ${name} = attemptNumber ${offset > 0 ? '+' : '-'} ${Math.abs(offset)};`] };
}
