import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, isFunction, keyName, propertyName, unwrap, walk, type Node } from '../ast.js';
import { enclosingClass } from '../classes/class-members.js';
import { AnalysisContext, isReassigned } from '../context.js';
import { handedOperation } from '../functions/handed-operation.js';
import { isProjectSpecifier } from '../cross-file.js';
import { calleeRootIdentifier } from '../cross-file/imported-values.js';
import type { NestedHost } from '../cross-file/shapes.js';
import { importOf } from '../imports.js';
import type { RetrySite } from '../types.js';
import { operationOf } from './polled-sites.js';
import { patternMember } from '../declared/declared-type.js';

/**
 * Where do the retriers a factory made run, and which calls of imported functions look like a
 * retry helper's: the calls that become sites at the caller.
 */

/**
 * The calls of the retrier a factory call made: `createRetrier(opts)(op)`, `retrier(op)` with
 * `const retrier = createRetrier(opts)` never reassigned, `this.retrier(op)` in the class whose
 * constructor or field sets `this.retrier = createRetrier(opts)` and no other code writes it.
 * Only calls handed a function: what they retry.
 */
export function retrierCalls(call: TSESTree.CallExpression, callsOfThis: (name: string) => readonly TSESTree.CallExpression[], ctx: AnalysisContext): TSESTree.CallExpression[] {
  const parent = call.parent;
  const result: TSESTree.CallExpression[] = [];
  if (parent?.type === 'CallExpression' && parent.callee === call) result.push(parent);
  else if (parent?.type === 'VariableDeclarator' && parent.init === call && parent.id.type === 'Identifier') {
    const variable = ctx.variableOf(parent.id);
    if (variable && !isReassigned(variable)) {
      for (const ref of variable.references) {
        const use = (ref.identifier as Node).parent;
        if (use?.type === 'CallExpression' && use.callee === ref.identifier) result.push(use);
      }
    }
  } else {
    const field = instanceField(call);
    if (field && !ctx.isMutableMember(field.name)) {
      for (const c of callsOfThis(field.name)) if (enclosingClass(c.callee) === field.cls) result.push(c);
    }
  }
  return result.filter((c) => c.arguments.some((a) => operationOf(a as Node, ctx) !== undefined));
}

export function thisCallsByName(calls: readonly TSESTree.CallExpression[]): Map<string, TSESTree.CallExpression[]> {
  const byName = new Map<string, TSESTree.CallExpression[]>();
  for (const c of calls) {
    const callee = unwrap(c.callee);
    const name = callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression' ? propertyName(callee) : undefined;
    if (name === undefined) continue;
    const list = byName.get(name);
    if (list) list.push(c);
    else byName.set(name, [c]);
  }
  return byName;
}

/** `this.retrier = call` in a constructor, or a field `retrier = call`: the field and its class. */
function instanceField(call: TSESTree.CallExpression): { name: string; cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression } | undefined {
  const parent = call.parent;
  let name: string | undefined;
  let at: Node | undefined;
  if (parent?.type === 'AssignmentExpression' && parent.operator === '=' && parent.right === call && parent.left.type === 'MemberExpression' && unwrap(parent.left.object).type === 'ThisExpression') {
    const ctor = parent.parent?.type === 'ExpressionStatement' ? parent.parent.parent?.parent : undefined;
    if (ctor?.type !== 'FunctionExpression' || ctor.parent?.type !== 'MethodDefinition' || ctor.parent.kind !== 'constructor') return undefined;
    name = propertyName(parent.left);
    at = parent.left;
  } else if (parent?.type === 'PropertyDefinition' && parent.value === call && !parent.static && !parent.computed) {
    name = keyName(parent.key);
    at = parent;
  }
  const cls = at && enclosingClass(at);
  return name !== undefined && cls ? { name, cls } : undefined;
}

/** A call of a retrier the factory site made: a site for what it retries, its policy the factory's. */
export function invocationSite(factory: RetrySite, call: TSESTree.CallExpression, ctx: AnalysisContext): RetrySite {
  const site: RetrySite = {
    ...factory,
    library: `a retrier made by ${factory.library ?? 'a helper'}`,
    node: call,
    loc: call.loc,
    nested: [],
    madeBy: factory,
  };
  delete site.helper;
  delete site.makesRetrier;
  delete site.operationScope;
  for (const a of call.arguments) {
    const callback = operationOf(a as Node, ctx);
    if (callback) {
      site.operationScope = callback.body;
      break;
    }
  }
  return site;
}

/**
 * `x.m()` on any receiver when an imported class is instantiated here; else `this.field.m()`, or
 * `client.m()` with `client` declared a type the file imports from the project (`client: ApiClient`).
 */
export function memberCall(call: TSESTree.CallExpression, anyReceiver: boolean, imported: ReadonlySet<string>, ctx: AnalysisContext): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression') return false;
  if (anyReceiver) return true;
  // `(x as ns.ApiClient).send()`: the type the code states, of a class the file imports.
  const raw = callee.object;
  if ((raw.type === 'TSAsExpression' || raw.type === 'TSTypeAssertion') && importedTypeRoot(raw.typeAnnotation, imported)) return true;
  const object = unwrap(callee.object);
  if (object.type === 'Identifier') return declaredImport(object, imported, ctx) || destructuredAnnotated(object, ctx);
  // `client().send()`, `this.client().send()`: a function of the file may give an imported class's instance.
  if (object.type === 'CallExpression') {
    const callee = unwrap(object.callee);
    return callee.type === 'Identifier' || (callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression');
  }
  if (object.type !== 'MemberExpression') return false;
  // `this.client.send()`; `deps.http.send()`, `this.deps.http.send()` where a declared object type may say (declared-type.ts).
  let root: Node = object;
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  return root.type === 'ThisExpression' || (root.type === 'Identifier' && annotated(root, ctx));
}

/** A name bound with a type annotation, on itself or on the parameter pattern it is taken from. */
function annotated(id: TSESTree.Identifier, ctx: AnalysisContext): boolean {
  const name = ctx.variableOf(id)?.defs[0]?.name;
  return name?.type === 'Identifier' && (name.typeAnnotation !== undefined || patternMember(name) !== undefined);
}

/** `({ http }: Deps) => http.send()`: taken from a pattern whose type is declared. */
function destructuredAnnotated(id: TSESTree.Identifier, ctx: AnalysisContext): boolean {
  const name = ctx.variableOf(id)?.defs[0]?.name;
  return name?.type === 'Identifier' && patternMember(name) !== undefined;
}

/** Declared a type the file imports from the project (`client: ApiClient`), or made by a call of an imported function (`const client = createClient()`). */
function declaredImport(id: TSESTree.Identifier, imported: ReadonlySet<string>, ctx: AnalysisContext): boolean {
  const def = ctx.variableOf(id)?.defs[0];
  const name = def?.name;
  const annotation = name?.type === 'Identifier' ? name.typeAnnotation?.typeAnnotation : undefined;
  if (annotation && importedTypeRoot(annotation, imported)) return true;
  const init = def?.type === 'Variable' && def.node.init ? unwrap(def.node.init) : undefined;
  return init?.type === 'CallExpression' && imported.has(calleeRootIdentifier(init)?.name ?? '');
}

/** A type reference whose name (`ApiClient`) or namespace (`ns` of `ns.ApiClient`) the file imports. */
function importedTypeRoot(type: TSESTree.TypeNode, imported: ReadonlySet<string>): boolean {
  if (type.type !== 'TSTypeReference') return false;
  const root = type.typeName.type === 'TSQualifiedName' ? type.typeName.left : type.typeName;
  return root.type === 'Identifier' && imported.has(root.name);
}

export function helperShaped(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  if (call.arguments.some((a) => isOperation(a as Node, ctx))) return true;
  const parent = call.parent;
  // Handed to a method (`source.pipe(handleRetry(…))`, `app.use(retrying())`): a function given on.
  if (parent?.type === 'CallExpression' && unwrap(parent.callee).type === 'MemberExpression' && parent.arguments.includes(call as TSESTree.CallExpressionArgument)) return true;
  // Its result called at once: `createRetrier(opts)(op)`.
  if (parent?.type === 'CallExpression' && parent.callee === call) return true;
  // Kept on the instance to be called later: `this.retry = createRetrier(…)`, a field `retry = createRetrier(…)`.
  if (parent?.type === 'AssignmentExpression' && parent.right === call && parent.left.type === 'MemberExpression' && unwrap(parent.left.object).type === 'ThisExpression') return true;
  if (parent?.type === 'PropertyDefinition' && parent.value === call && !parent.static) return true;
  if (parent?.type === 'VariableDeclarator' && parent.init === call && parent.id.type === 'Identifier') {
    const variable = ctx.variableOf(parent.id);
    return variable?.references.some((ref) => {
      const use = (ref.identifier as Node).parent;
      return use?.type === 'CallExpression' && use.callee === ref.identifier;
    }) ?? false;
  }
  return false;
}

/**
 * A function that looks like an operation worth retrying: async, awaiting, or an arrow that
 * returns a call (`() => fetch(url)`). Visitors and array callbacks (sync blocks) are not.
 */
function isOperation(arg: Node, ctx: AnalysisContext): boolean {
  const fn = isFunction(arg) ? arg : arg.type === 'Identifier' ? ctx.functionOf(arg) : undefined;
  if (!fn) return arg.type === 'Identifier' && handedOperation(arg, ctx);
  if (fn.async) return true;
  if (fn.body.type !== 'BlockStatement') {
    const body = unwrap(fn.body);
    return body.type === 'CallExpression' || body.type === 'NewExpression' || body.type === 'AwaitExpression';
  }
  let awaits = false;
  walk(fn.body, ctx.keys, (node) => {
    if (awaits || (node !== fn.body && isFunction(node))) return false;
    if (node.type === 'AwaitExpression') awaits = true;
    return undefined;
  });
  return awaits;
}

export function callsProjectImport(call: TSESTree.CallExpression, ctx: AnalysisContext, host: NestedHost): boolean {
  const root = calleeRootIdentifier(call);
  return root !== undefined && isProjectSpecifier(host.filename, importOf(root, ctx)?.module);
}

/** `….interceptors.response.use(…)`, by the callee's last names only: a cheap test for every call. */
export function isInterceptorUse(call: TSESTree.CallExpression): boolean {
  const callee = call.callee;
  return callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier' && callee.property.name === 'use' && call.arguments.length >= 2 && interceptorsCall.test(dottedName(callee) ?? '');
}

const interceptorsCall = /(^|\.)interceptors\.response\.use$/;
