import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, propertyName, unwrap, type FunctionNode, type Node } from './ast.js';
import { isReassigned, type AnalysisContext } from './context.js';
import { soleDefinition } from './definitions/bodies.js';
import { prototypeSlot } from './prototype-slots.js';

/** A function handed to a method as an argument, and the expression in the caller that names it. */
export interface HandedFunction {
  fn: FunctionNode;
  /** `this.m` in `const next = this.m.bind(this, i)`: what the caller's code mentions of the function. */
  source: Node;
}

export interface MethodLookup {
  /** How often a property name is mentioned in the file (definitions by assignment included). */
  mentions(name: string): number;
  /** The function of the file a callee or a member names (a sibling method, a local function). */
  resolve(expression: Node): FunctionNode | undefined;
  /** The method-call sites of the file whose callee property has this name. */
  callsNamed(name: string): readonly TSESTree.CallExpression[];
}

/**
 * A parameter of a method that is called from one place only (`this.step(next, i)`, the
 * method's name mentioned nowhere else), where the caller hands it a `const` bound to a method
 * of the file (`const next = this.run.bind(this, i)`, or `this.run` itself) used nowhere else:
 * the parameter is that method. Every use of the parameter must be a call or a hand-over to a
 * timer or a promise (`isHandOver`), so that each reaches the method where the analysis sees it.
 */
export function handedFunction(id: TSESTree.Identifier, ctx: AnalysisContext, lookup: MethodLookup, isHandOver: (use: Node) => boolean): HandedFunction | undefined {
  const variable = ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Parameter' || isReassigned(variable)) return undefined;
  const method = def.node as Node;
  if (!isFunction(method)) return undefined;
  const index = method.params.indexOf(def.name as TSESTree.Parameter);
  if (index < 0) return undefined;
  // The method's name: a prototype slot (its own assignment is one mention) or a class method (none).
  const slot = prototypeSlot(method);
  const parent = method.parent;
  const classKey = (parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') && !parent.computed && parent.key.type === 'Identifier' ? parent.key.name : undefined;
  const name = slot?.name ?? classKey;
  if (name === undefined) return undefined;
  const calls = lookup.callsNamed(name);
  const call = calls.length === 1 ? calls[0] : undefined;
  if (!call || lookup.resolve(call.callee) !== method) return undefined;
  if (!variable.references.every((ref) => isHandOver(ref.identifier as Node))) return undefined;
  const arg = call.arguments[index];
  const handed = arg && arg.type !== 'SpreadElement' ? unwrap(arg) : undefined;
  if (handed?.type !== 'Identifier') return undefined;
  // The caller's `const next = this.run.bind(this, i)`, handed over at this one call.
  const local = ctx.variableOf(handed);
  const localDef = soleDefinition(local);
  if (!local || localDef?.type !== 'Variable' || localDef.parent?.type !== 'VariableDeclaration' || localDef.parent.kind !== 'const' || !localDef.node.init) return undefined;
  if (local.references.filter((ref) => !ref.init).length !== 1) return undefined;
  const source = boundSource(unwrap(localDef.node.init));
  // Last, as it reads the whole file once: the one call is the method's only mention.
  if (!source || lookup.mentions(name) !== (slot ? 2 : 1)) return undefined;
  const fn = lookup.resolve(source);
  return fn ? { fn, source } : undefined;
}

/** `this.m.bind(this, …)` (bound to the receiver it is read from, arguments or not), or `this.m`: `this.m`. */
function boundSource(init: Node): Node | undefined {
  if (init.type === 'MemberExpression') return unwrap(init.object).type === 'ThisExpression' ? init : undefined;
  if (init.type !== 'CallExpression' || init.callee.type !== 'MemberExpression' || propertyName(init.callee) !== 'bind') return undefined;
  const target = unwrap(init.callee.object);
  const receiver = init.arguments[0];
  if (target.type !== 'MemberExpression' || unwrap(target.object).type !== 'ThisExpression' || !receiver || unwrap(receiver as Node).type !== 'ThisExpression') return undefined;
  return target;
}
