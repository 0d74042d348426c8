import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap, type Node } from './ast.js';
import { isReassigned, type AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { definitionsOf, soleDefinition } from './definitions/bodies.js';

/**
 * `signal.aborted` where `signal` is a parameter the caller left out, so it holds its default, and
 * that default is a signal nothing can abort: `new AbortController().signal`, whose controller
 * no one keeps, directly or through a constant of this file or one another module of the project
 * exports (`execute(fn, signal = neverAbortedSignal)` with `export const neverAbortedSignal = new
 * AbortController().signal`). Read with the defaults, the test never stops the retry.
 *
 * A signal the caller hands in is an abort signal: a parameter bound to what a caller passes
 * (a helper analysed for a call in another file), one without a default, one written in the
 * function, or a default that keeps its controller (`signal = ctrl.signal`) is not this.
 *
 * Cheap: asked only of a `.aborted` read, and only for a parameter with a default.
 */
export function neverAbortedByDefault(object: Node, env: Env): boolean {
  const o = unwrap(object);
  if (o.type !== 'Identifier') return false;
  const variable = env.ctx.variableOf(o);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Parameter' || isReassigned(variable)) return false;
  if (env.ctx.paramValues?.has(variable) || env.ctx.paramObjects?.has(variable)) return false;
  const name = def.name as Node;
  const pattern = name.parent;
  if (pattern?.type !== 'AssignmentPattern' || pattern.left !== name) return false;
  return neverAborted(pattern.right, env.ctx, 0);
}

function neverAborted(value: Node, ctx: AnalysisContext, depth: number): boolean {
  const v = unwrap(value);
  // `new AbortController().signal`: the controller is dropped at once, so nothing can abort it.
  if (v.type === 'MemberExpression' && !v.computed && propertyName(v) === 'signal') {
    const made = unwrap(v.object);
    return made.type === 'NewExpression' && made.callee.type === 'Identifier' && made.callee.name === 'AbortController' && isGlobal(made.callee, ctx);
  }
  if (v.type !== 'Identifier' || depth > 2) return false;
  const variable = ctx.variableOf(v);
  const def = soleDefinition(variable);
  if (variable && def?.type === 'Variable' && def.parent?.type === 'VariableDeclaration' && def.parent.kind === 'const' && def.node.id === def.name && def.node.init) {
    return neverAborted(def.node.init, ctx, depth + 1);
  }
  // An import (`import { neverAbortedSignal } from './abort'`, or its `require`): the other module's constant.
  const foreign = ctx.foreignConstant?.(v as TSESTree.Identifier);
  return foreign !== undefined && neverAborted(foreign.node, foreign.ctx, depth + 1);
}

/** `AbortController` not declared or imported in the file: the global one. */
function isGlobal(id: TSESTree.Identifier, ctx: AnalysisContext): boolean {
  const variable = ctx.variableOf(id);
  return !variable || definitionsOf(variable).length === 0;
}

/** `while (!signal.aborted)` with such a default signal: read with the defaults, `while (true)`. */
export function loopsWhileNeverAborted(test: Node, env: Env): boolean {
  const t = unwrap(test);
  if (t.type !== 'UnaryExpression' || t.operator !== '!') return false;
  const read = unwrap(t.argument);
  return read.type === 'MemberExpression' && !read.computed && propertyName(read) === 'aborted' && neverAbortedByDefault(read.object, env);
}
