import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap, type Node } from '../ast.js';
import { AnalysisContext, isReassigned } from '../context.js';
import { importOf } from '../imports.js';
import { soleDefinition } from '../definitions/bodies.js';
import { isProjectSpecifier } from '../specifiers/project.js';
import { resolveModule } from '../specifiers/resolve-module.js';
import type { Analyze, ForeignTarget, ModuleSummary, NestedHost, Purpose } from './shapes.js';
import { exportName } from './exports.js';
import { moduleSummary } from './summaries.js';

/**
 * What does an imported name stand for in its own module: a function, an object literal, or a
 * constant, followed through re-exports.
 */

/** The identifier a call's callee starts from: `f` in `f()`, `ns` in `ns.f()`. */
export function calleeRootIdentifier(call: TSESTree.CallExpression): TSESTree.Identifier | undefined {
  let root: Node = unwrap(call.callee);
  if (root.type === 'MemberExpression') root = unwrap(root.object);
  return root.type === 'Identifier' ? root : undefined;
}

/** An exported function of a relative module that a call names, with the module's summary. */
export function importedFunction(call: TSESTree.CallExpression, ctx: AnalysisContext, host: NestedHost, analyze: Analyze, purpose: Purpose): ForeignTarget | undefined {
  const root = calleeRootIdentifier(call);
  if (!root) return undefined;
  const callee = unwrap(call.callee);
  const member = callee.type === 'MemberExpression' ? propertyName(callee) : undefined;
  const origin = importOf(root, ctx);
  if (!origin || !isProjectSpecifier(host.filename, origin.module)) return undefined;
  // `Wait.until()` with `import { Wait }`: a member of an exported namespace.
  const name = member !== undefined ? (origin.imported === '*' || origin.imported === 'default' ? member : `${origin.imported}.${member}`) : origin.imported === '*' ? 'default' : origin.imported;
  if (name === undefined) return undefined;
  const file = resolveModule(host.filename, origin.module);
  const found = file ? exported(file, name, host, analyze, purpose, (summary, n) => summary.exports.get(n)) : undefined;
  if (!found) return undefined;
  return { fn: found.found, summary: found.summary, label: `\`${name === 'default' ? root.name : name}()\` from '${origin.module}'` };
}

/** Index files re-export from index files: a few hops, no more (and never round a cycle for long). */
const MAX_REEXPORT_HOPS = 3;

/** What a module exports under a name (a function, a class, an instance), through its re-exports, with the summary of the module that defines it. */
export function exported<T>(file: string, name: string, host: NestedHost, analyze: Analyze, purpose: Purpose, pick: (summary: ModuleSummary, name: string) => T | undefined, hops = 0): { found: T; summary: ModuleSummary } | undefined {
  const summary = moduleSummary(file, host, analyze, purpose);
  if (!summary) return undefined;
  const found = pick(summary, name);
  if (found) return { found, summary };
  if (hops >= MAX_REEXPORT_HOPS) return undefined;
  const follow = (module: string, imported: string) => {
    const target = resolveModule(file, module);
    return target ? exported(target, imported, host, analyze, purpose, pick, hops + 1) : undefined;
  };
  const named = summary.reexports.get(name);
  if (named) return follow(named.module, named.imported);
  // `Wait.until` where the module re-exports `Wait` from another.
  const dot = name.indexOf('.');
  const head = dot > 0 ? summary.reexports.get(name.slice(0, dot)) : undefined;
  if (head) return follow(head.module, `${head.imported}${name.slice(dot)}`);
  // `export *` never re-exports a default.
  if (name === 'default') return undefined;
  for (const module of summary.stars) {
    const result = follow(module, name);
    if (result) return result;
  }
  return undefined;
}

/**
 * An object literal another module of the project exports, named by an identifier or a
 * namespace member here (`DEFAULTS` with `import { DEFAULTS } from './defaults'`,
 * `options_1.DEFAULTS` with `options_1 = require('./options')`): the literal, with that
 * module's context. Undefined for anything else.
 */
export function importedObject(node: Node, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): { literal: TSESTree.ObjectExpression; ctx: AnalysisContext } | undefined {
  const n = unwrap(node);
  const root = n.type === 'MemberExpression' && !n.computed ? unwrap(n.object) : n;
  if (root.type !== 'Identifier') return undefined;
  const origin = importOf(root, ctx);
  if (!origin || !isProjectSpecifier(host.filename, origin.module)) return undefined;
  const member = n === root ? undefined : propertyName(n as TSESTree.MemberExpression);
  const name = member !== undefined ? (origin.imported === '*' ? member : undefined) : origin.imported;
  if (name === undefined || name === '*') return undefined;
  const file = resolveModule(host.filename, origin.module);
  const found = file ? exported(file, name, host, analyze, 'delay', (summary, key) => exportedObjects(summary).get(key)) : undefined;
  return found && { literal: found.found, ctx: found.summary.ctx };
}

/** Object literals a module exports by name (`export const D = {…}`, `exports.D = {…}`, `export { D }`), found once per module. */
function exportedObjects(summary: ModuleSummary): Map<string, TSESTree.ObjectExpression> {
  let objects = objectsBySummary.get(summary);
  if (objects) return objects;
  objects = new Map();
  const ctx = summary.ctx;
  const literalOf = (value: Node | null | undefined): TSESTree.ObjectExpression | undefined => {
    let v = value ? unwrap(value) : undefined;
    if (v?.type === 'Identifier') {
      const variable = ctx.variableOf(v);
      const def = soleDefinition(variable);
      if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || isReassigned(variable)) return undefined;
      v = def.node.init ? unwrap(def.node.init) : undefined;
    }
    return v?.type === 'ObjectExpression' ? v : undefined;
  };
  for (const statement of ctx.sourceCode.ast.body) {
    if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
      const d = statement.declaration;
      if (d?.type === 'VariableDeclaration' && d.kind === 'const') for (const v of d.declarations) {
        const literal = v.id.type === 'Identifier' ? literalOf(v.init) : undefined;
        if (literal && v.id.type === 'Identifier') objects.set(v.id.name, literal);
      }
      for (const spec of statement.specifiers) {
        const literal = spec.type === 'ExportSpecifier' && spec.local.type === 'Identifier' ? literalOf(spec.local) : undefined;
        if (literal) objects.set(exportName(spec.exported), literal);
      }
    } else if (statement.type === 'ExpressionStatement') {
      // `exports.D = {…}` (after TypeScript's `exports.D = void 0`), `module.exports.D = {…}`.
      const e = unwrap(statement.expression);
      if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression') continue;
      const object = unwrap(e.left.object);
      const isExports = (object.type === 'Identifier' && object.name === 'exports' && !ctx.variableOf(object)?.defs.length) ||
        (object.type === 'MemberExpression' && unwrap(object.object).type === 'Identifier' && (unwrap(object.object) as TSESTree.Identifier).name === 'module' && propertyName(object) === 'exports');
      const key = propertyName(e.left);
      const literal = literalOf(e.right);
      if (isExports && key !== undefined && literal) objects.set(key, literal);
    }
  }
  objectsBySummary.set(summary, objects);
  return objects;
}

const objectsBySummary = new WeakMap<ModuleSummary, Map<string, TSESTree.ObjectExpression>>();

/**
 * The value a constant another module of the project exports starts with, named by an imported
 * identifier here (`neverAbortedSignal` with `import { neverAbortedSignal } from './abort'`):
 * its initialiser, with that module's context. Only `export const X = …` (or `export { X }` of
 * such a const) and `exports.X = …`; undefined for anything else.
 */
export function importedConstant(id: TSESTree.Identifier, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): { node: Node; ctx: AnalysisContext } | undefined {
  const origin = importOf(id, ctx);
  if (!origin || !isProjectSpecifier(host.filename, origin.module) || origin.imported === '*' || origin.imported === 'default') return undefined;
  const file = resolveModule(host.filename, origin.module);
  const found = file ? exported(file, origin.imported, host, analyze, 'delay', (summary, key) => exportedConstants(summary).get(key)) : undefined;
  return found && { node: found.found, ctx: found.summary.ctx };
}

/** Initialisers of the constants a module exports by name, found once per module. */
function exportedConstants(summary: ModuleSummary): Map<string, Node> {
  let constants = constantsBySummary.get(summary);
  if (constants) return constants;
  constants = new Map();
  const written = new Set<string>();
  const ctx = summary.ctx;
  const constOf = (local: TSESTree.Identifier): Node | undefined => {
    const variable = ctx.variableOf(local);
    const def = soleDefinition(variable);
    if (!variable || def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name) return undefined;
    return def.node.init ?? undefined;
  };
  for (const statement of ctx.sourceCode.ast.body) {
    if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
      const d = statement.declaration;
      if (d?.type === 'VariableDeclaration' && d.kind === 'const') for (const v of d.declarations) if (v.id.type === 'Identifier' && v.init) constants.set(v.id.name, v.init);
      for (const spec of statement.specifiers) {
        const init = spec.type === 'ExportSpecifier' && spec.local.type === 'Identifier' ? constOf(spec.local) : undefined;
        if (init) constants.set(exportName(spec.exported), init);
      }
    } else if (statement.type === 'ExpressionStatement') {
      // `exports.X = …` (CommonJS output of the same).
      const e = unwrap(statement.expression);
      if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression') continue;
      const object = unwrap(e.left.object);
      const key = propertyName(e.left);
      if (object.type !== 'Identifier' || object.name !== 'exports' || ctx.variableOf(object)?.defs.length || key === undefined) continue;
      // (TypeScript's `exports.X = void 0` first declares it; a second value makes it no constant.)
      const right = unwrap(e.right);
      if (right.type === 'UnaryExpression' && right.operator === 'void') continue;
      if (constants.has(key)) written.add(key);
      constants.set(key, e.right);
    }
  }
  for (const key of written) constants.delete(key);
  constantsBySummary.set(summary, constants);
  return constants;
}

const constantsBySummary = new WeakMap<ModuleSummary, Map<string, Node>>();
