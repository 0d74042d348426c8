import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap, type FunctionNode, type Node } from '../ast.js';
import { isReassigned, type AnalysisContext } from '../context.js';
import { classMembers, soleDefinition } from '../definitions/bodies.js';
import { classFieldValue, enclosingClass } from '../classes/class-members.js';
import { classIn } from '../classes/class-in.js';
import type { ClassNode } from '../definitions/bodies.js';
import { declaredType } from '../declared/declared-type.js';

/**
 * Which method of a class of this file does a call on an instance reach? `api.request()` with
 * `api` made by `new ApiClient()`, or declared an `ApiClient` (a parameter, a variable, a
 * field, a constructor's parameter property). A `new` is what the binding holds; a declared
 * type is the author's statement of it, which the compiler holds every write to. A method the
 * class inherits from a class of this file is looked up there.
 */
export function localInstanceMethod(call: TSESTree.CallExpression, ctx: AnalysisContext): FunctionNode | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return undefined;
  const cls = instanceClass(unwrap(callee.object), ctx);
  return cls && methodOf(cls, callee.property.name, ctx);
}

/** An instance method by name: `async run(fn) {…}` or a field holding a function (`run = async (fn) => {…}`). */
export function methodOf(cls: ClassNode, name: string, ctx?: AnalysisContext, depth = 0): FunctionNode | undefined {
  for (const element of classMembers(cls)) {
    if ((element.type !== 'MethodDefinition' && element.type !== 'PropertyDefinition') || element.static || element.computed) continue;
    if (element.key.type !== 'Identifier' || element.key.name !== name) continue;
    const value = element.value;
    if (element.type === 'MethodDefinition' && element.kind === 'method' && value?.type === 'FunctionExpression') return value;
    if (element.type === 'PropertyDefinition' && (value?.type === 'ArrowFunctionExpression' || value?.type === 'FunctionExpression')) return value;
  }
  // Inherited from a class of this file, a few classes up.
  const parent = ctx && cls.superClass && depth < MAX_SUPERCLASSES ? classIn(cls.superClass, ctx) : undefined;
  return parent && methodOf(parent, name, ctx, depth + 1);
}

const MAX_SUPERCLASSES = 3;

/** A static method by name (`static backoff(n) {…}`), the class's own: what `Scheduler.backoff(n)` runs. */
export function staticMethodOf(cls: ClassNode, name: string): FunctionNode | undefined {
  let found: FunctionNode | undefined;
  for (const element of classMembers(cls)) {
    if (element.type !== 'MethodDefinition' || !element.static || element.computed || element.key.type !== 'Identifier' || element.key.name !== name) continue;
    // A later member of that name wins; an overload signature has no body.
    if (element.kind === 'method' && element.value.type === 'FunctionExpression' && element.value.body) found = element.value;
  }
  return found;
}

function instanceClass(holder: Node, ctx: AnalysisContext): ClassNode | undefined {
  if (holder.type === 'Identifier') {
    const variable = ctx.variableOf(holder);
    const def = soleDefinition(variable);
    if (!variable || !def || isReassigned(variable)) return undefined;
    if (def.type === 'Variable' && def.node.id === def.name) return (def.node.init ? madeClass(def.node.init, ctx) : undefined) ?? declaredClass(holder, ctx);
    if (def.type === 'Parameter' && def.name.type === 'Identifier') return declaredClass(holder, ctx);
    return undefined;
  }
  if (holder.type === 'MemberExpression' && !holder.computed && unwrap(holder.object).type === 'ThisExpression') {
    const cls = enclosingClass(holder);
    const field = propertyName(holder);
    if (!cls || field === undefined) return undefined;
    // A field written after construction may hold anything but what its type says.
    const value = ctx.isMutableMember(field) ? undefined : classFieldValue(cls, field, false);
    return (value ? madeClass(value, ctx) : undefined) ?? declaredClass(holder, ctx);
  }
  // `deps.http.request()` with `deps: { http: ApiClient }`.
  if (holder.type === 'MemberExpression') return declaredClass(holder, ctx);
  return undefined;
}

/** `new ApiClient(…)` of a class of this file. */
function madeClass(value: Node, ctx: AnalysisContext): ClassNode | undefined {
  const v = unwrap(value);
  return v.type === 'NewExpression' ? classIn(v.callee, ctx) : undefined;
}

/**
 * Declared an instance of a class of this file (type arguments or not): `client: ApiClient`, a
 * field or parameter property of the class, a member of a declared object type (declared-type.ts).
 */
function declaredClass(holder: Node, ctx: AnalysisContext): ClassNode | undefined {
  const annotation = declaredType(holder, ctx);
  if (annotation?.type !== 'TSTypeReference' || annotation.typeName.type !== 'Identifier') return undefined;
  return classIn(annotation.typeName, ctx);
}
