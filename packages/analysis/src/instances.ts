import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap, type FunctionNode, type Node } from './ast.js';
import { isReassigned, type AnalysisContext } from './context.js';
import { exported, isRelativeSpecifier, resolveModule, type Analyze, type ClassNode, type ForeignTarget, type ModuleSummary, type NestedHost } from './cross-file.js';
import { classFieldValue, enclosingClass } from './evaluate.js';
import { importOf } from './imports.js';

/** A class of another module of the project, as an instance here is made of it. */
interface Owner {
  cls: ClassNode;
  summary: ModuleSummary;
  /** The class's exported name (the local one for a default export), for messages. */
  name: string;
  module: string;
  made?: { node: TSESTree.NewExpression; ctx: AnalysisContext };
}

/**
 * A method of a class another module of the project exports, called on an instance of it:
 * `retrier.run(op)` with `const retrier = new Retrier()`, `this.retrier.run(op)` with the
 * field set to `new Retrier()` in the class, or an instance that module exports itself
 * (`export const retrier = new Retrier()`). Bindings are resolved through scopes; a field
 * that is written after construction may hold anything, so it is not followed.
 */
export function importedMethod(call: TSESTree.CallExpression, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): ForeignTarget | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
  const method = propertyName(callee);
  const owner = method === undefined ? undefined : instanceClass(unwrap(callee.object), ctx, host, analyze);
  const fn = owner && methodOf(owner.cls, method as string);
  if (!fn || !owner) return undefined;
  const ctor = constructorOf(owner.cls);
  const construction = ctor && owner.made ? { ctor, ...owner.made } : undefined;
  return { fn, summary: owner.summary, label: `\`${owner.name}.${method}()\` from '${owner.module}'`, ...(construction ? { construction } : {}) };
}

function instanceClass(holder: Node, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  if (holder.type === 'Identifier') {
    const origin = importOf(holder, ctx);
    if (origin) {
      if (!isRelativeSpecifier(origin.module)) return undefined;
      const file = resolveModule(host.filename, origin.module);
      const found = file ? exported(file, exportOf(origin.imported), host, analyze, 'retry', (summary, name) => summary.instances.get(name)) : undefined;
      if (!found) return undefined;
      const { cls, node } = found.found;
      return { cls, summary: found.summary, name: cls.id?.name ?? holder.name, module: origin.module, made: { node, ctx: found.summary.ctx } };
    }
    const variable = ctx.variableOf(holder);
    const def = variable?.defs[0];
    if (!variable || variable.defs.length !== 1 || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init || isReassigned(variable)) return undefined;
    return constructed(def.node.init, ctx, host, analyze);
  }
  if (holder.type === 'MemberExpression' && unwrap(holder.object).type === 'ThisExpression') {
    const field = propertyName(holder);
    const cls = field === undefined ? undefined : enclosingClass(holder);
    if (!cls || field === undefined || ctx.isMutableMember(field)) return undefined;
    // Once per class and field: a class may call `this.retrier.run(…)` in every method.
    const known = fieldOwners.get(cls) ?? new Map<string, Owner | null>();
    fieldOwners.set(cls, known);
    let owner = known.get(field);
    if (owner === undefined) {
      const value = classFieldValue(cls, field, false);
      owner = (value && constructed(value, ctx, host, analyze)) ?? null;
      known.set(field, owner);
    }
    return owner ?? undefined;
  }
  return undefined;
}

/** What each field of a class of the linted file was made of (its AST lives as long as the lint). */
const fieldOwners = new WeakMap<ClassNode, Map<string, Owner | null>>();

/** `new Retrier(…)` of a class imported from a module of the project. */
function constructed(init: Node, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  const n = unwrap(init);
  if (n.type !== 'NewExpression' || n.callee.type !== 'Identifier') return undefined;
  const origin = importOf(n.callee, ctx);
  if (!origin || !isRelativeSpecifier(origin.module)) return undefined;
  const file = resolveModule(host.filename, origin.module);
  const name = exportOf(origin.imported);
  const found = file ? exported(file, name, host, analyze, 'retry', (summary, n) => summary.classes.get(n)) : undefined;
  return found && { cls: found.found, summary: found.summary, name: name === 'default' ? n.callee.name : name, module: origin.module, made: { node: n, ctx } };
}

/**
 * The export an import names. A whole module (`const Pool = require('./pool')`) used as a class
 * or an instance is what `module.exports = …` holds, which the summary keeps as 'default'; an
 * ES namespace import is never one, so the lookup finds nothing.
 */
function exportOf(imported: string): string {
  return imported === '*' ? 'default' : imported;
}

function constructorOf(cls: ClassNode): FunctionNode | undefined {
  for (const element of cls.body.body) {
    if (element.type === 'MethodDefinition' && element.kind === 'constructor' && element.value.type === 'FunctionExpression') return element.value;
  }
  return undefined;
}

/** An instance method by name: `async run(fn) {…}` or a field holding a function (`run = async (fn) => {…}`). */
function methodOf(cls: ClassNode, name: string): FunctionNode | undefined {
  for (const element of cls.body.body) {
    if ((element.type !== 'MethodDefinition' && element.type !== 'PropertyDefinition') || element.static || element.computed) continue;
    if (element.key.type !== 'Identifier' || element.key.name !== name) continue;
    const value = element.value;
    if (element.type === 'MethodDefinition' && element.kind === 'method' && value?.type === 'FunctionExpression') return value;
    if (element.type === 'PropertyDefinition' && (value?.type === 'ArrowFunctionExpression' || value?.type === 'FunctionExpression')) return value;
  }
  return undefined;
}
