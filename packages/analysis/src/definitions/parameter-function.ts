import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, keyName, unwrap, type FunctionNode, type Node } from '../ast.js';
import { isReassigned, type AnalysisContext, type Variable } from '../context.js';
import { soleDefinition } from './bodies.js';

/**
 * Which function a parameter holds when the function calls it (`getDelay(n)`,
 * `await delay(getDelayInMs({ exponentialBackoffDelay }))`): the parameter's own default
 * (`getDelay = (n) => 100 * 2 ** n`, `{ getDelay = … }: Options`) when no call in this file
 * passes one, or else the one function every call in this file passes. A call that hands the
 * parameter on unchanged (the function calling itself with `getDelay`) passes nothing new. A
 * call from another file may pass something else: the default, or the file's own choice, is
 * what the code shows, as with a library's documented default.
 *
 * `resolve` turns what a caller passes (a name in the caller's scope) into a function; it is
 * the evaluator's own reading of names, handed in so that this module does not import it.
 */
export function parameterFunction(
  id: TSESTree.Identifier,
  ctx: AnalysisContext,
  resolve: (passed: TSESTree.Identifier) => FunctionNode | undefined,
  depth = 0,
): FunctionNode | undefined {
  if (depth > 3) return undefined;
  const variable = ctx.variableOf(id);
  const def = variable ? soleDefinition(variable) : undefined;
  if (!variable || def?.type !== 'Parameter' || isReassigned(variable)) return undefined;
  const fn = def.node as Node;
  if (!isFunction(fn)) return undefined;
  const name = def.name as Node;
  const place = parameterPlace(fn, name);
  if (!place) return undefined;
  const passed = passedValues(fn, place, variable, ctx);
  if (passed === undefined) return undefined;
  if (passed.length === 0) {
    const fallback = defaultOf(name);
    return fallback ? functionValue(fallback, ctx, resolve, depth) : undefined;
  }
  const [first] = passed;
  if (!first || passed.some((p) => p !== first && !sameName(p, first))) return undefined;
  return functionValue(first, ctx, resolve, depth);
}

/** The parameter's index, and its key when it is a property of a destructured object. */
function parameterPlace(fn: FunctionNode, name: Node): { index: number; key: string | undefined } | undefined {
  const index = fn.params.findIndex((p) => p === name || (p.type === 'AssignmentPattern' && p.left === name));
  if (index >= 0) return { index, key: undefined };
  // `{ getDelay = …, retries }: Options` (or `= {}`): one level of object pattern.
  const holder = name.parent?.type === 'AssignmentPattern' ? name.parent.parent : name.parent;
  if (holder?.type !== 'Property' || holder.computed || holder.parent?.type !== 'ObjectPattern') return undefined;
  const pattern = holder.parent;
  const at = fn.params.findIndex((p) => p === pattern || (p.type === 'AssignmentPattern' && p.left === pattern));
  const key = keyName(holder.key);
  return at >= 0 && key !== undefined ? { index: at, key } : undefined;
}

/**
 * What the calls of `fn` in this file pass for the parameter: undefined when one cannot be
 * read (a spread, an object that is not written out, a reference that is not a call).
 */
function passedValues(fn: FunctionNode, place: { index: number; key: string | undefined }, self: Variable, ctx: AnalysisContext): Node[] | undefined {
  const nameNode = fn.type === 'FunctionDeclaration' ? fn.id : fn.parent?.type === 'VariableDeclarator' && fn.parent.init === fn && fn.parent.id.type === 'Identifier' ? fn.parent.id : undefined;
  const named = nameNode ? ctx.variableOf(nameNode) : undefined;
  // A method or a function handed around: its callers are not all in view.
  if (!named || !soleDefinition(named)) return undefined;
  const values: Node[] = [];
  for (const ref of named.references) {
    if (ref.init) continue;
    const use = ref.identifier as Node;
    const call = use.parent;
    // Exported or handed on: callers elsewhere, whose values the default stands for.
    if (call?.type !== 'CallExpression' || call.callee !== use) continue;
    if (call.arguments.slice(0, place.index + 1).some((a) => a.type === 'SpreadElement')) return undefined;
    const arg = call.arguments[place.index];
    if (!arg) continue;
    let value: Node | undefined = arg;
    if (place.key !== undefined) {
      const object = unwrap(arg);
      if (object.type !== 'ObjectExpression') return undefined;
      if (object.properties.some((p) => p.type === 'SpreadElement')) return undefined;
      const property = object.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && keyName(p.key) === place.key);
      value = property?.value;
    }
    if (!value) continue;
    const v = unwrap(value);
    // Handed on unchanged: the function calling itself with its own parameter.
    if (v.type === 'Identifier' && ctx.variableOf(v) === self) continue;
    if (v.type === 'Identifier' && v.name === 'undefined') continue;
    values.push(v);
  }
  return values;
}

function defaultOf(name: Node): Node | undefined {
  const parent = name.parent;
  if (parent?.type === 'AssignmentPattern' && parent.left === name) return parent.right;
  return undefined;
}

function sameName(a: Node, b: Node): boolean {
  return a.type === 'Identifier' && b.type === 'Identifier' && a.name === b.name && a.parent?.type === b.parent?.type;
}

function functionValue(node: Node, ctx: AnalysisContext, resolve: (passed: TSESTree.Identifier) => FunctionNode | undefined, depth: number): FunctionNode | undefined {
  const n = unwrap(node);
  if (isFunction(n)) return n;
  if (n.type !== 'Identifier') return undefined;
  return resolve(n) ?? parameterFunction(n, ctx, resolve, depth + 1);
}
