import type { TSESTree } from '@typescript-eslint/utils';
import { contains, getProperty, propertyName, unwrap, walk, type Node } from './ast.js';
import { AnalysisContext, isReassigned, type Variable } from './context.js';
import { resolveModule } from './cross-file.js';
import { importedFunction, importedObject } from './cross-file/imported-values.js';
import { classIn } from './cross-file/exports.js';
import type { Analyze, ClassNode, NestedHost } from './cross-file/shapes.js';
import { importOf } from './imports.js';
import type { Env } from './evaluate.js';
import { classFieldValue, enclosingClass } from './classes/class-members.js';
import { readKnownFile, statFile } from './files/read.js';
import { classMembers, constructorOf, soleDefinition } from './definitions/bodies.js';
import { MAX_BYTES, indexes, roots, importersOf } from './constructions/package-index.js';
import { argumentOption, memberWriteCounts } from './constructions/argument-option.js';

/**
 * A class's options read where the package constructs it. `this.options.k`, where the
 * constructor stores its parameter (`constructor(options) { this.options = options }`), holds
 * whatever `new C(x)` hands it; when every construction of the class in its own package (the
 * class's module itself and the modules that import it by a relative path) hands it options
 * whose `k` the analysis reads (an object literal naming it, defaults merged in, an exported
 * defaults object), and they all read the same node, that is the option's documented default —
 * the reading the analysis makes for a parameter of a function called once in the file.
 * Constructions that disagree, or one the analysis cannot read, leave the option unknown.
 *
 * The package's modules are indexed once (which files import which, among those that
 * construct anything): a site that asks costs the parse of the few modules that construct the class.
 */

/** The constructor parameter an options object is: `options` in the constructor, or `this.options` the constructor set to it. */
export interface ConstructorParameter {
  cls: ClassNode;
  index: number;
  variable: Variable;
  /** The field it is stored in (`options` for `this.options = options`), when read through `this`. */
  field?: string;
}

export function constructorParameter(object: Node, ctx: AnalysisContext): ConstructorParameter | undefined {
  let n = unwrap(object);
  let field: string | undefined;
  if (n.type === 'MemberExpression' && !n.computed && unwrap(n.object).type === 'ThisExpression') {
    field = propertyName(n);
    const cls = enclosingClass(n);
    if (field === undefined || !cls || ctx.isMutableMember(field)) return undefined;
    // `this.options = options` in the constructor, or TypeScript's `constructor(private options: O)`.
    const value = classFieldValue(cls, field, false) ?? parameterProperty(cls, field);
    if (!value) return undefined;
    n = unwrap(value);
  }
  if (n.type !== 'Identifier') return undefined;
  const variable = ctx.variableOf(n);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Parameter' || isReassigned(variable)) return undefined;
  const fn = def.node as Node;
  if (fn.type !== 'FunctionExpression' || fn.parent?.type !== 'MethodDefinition' || fn.parent.kind !== 'constructor') return undefined;
  const cls = fn.parent.parent?.parent;
  if (cls?.type !== 'ClassDeclaration' && cls?.type !== 'ClassExpression') return undefined;
  // `this.options` read in a method is the constructor's own parameter only within that class.
  if (field !== undefined && enclosingClass(unwrap(object)) !== cls) return undefined;
  const index = fn.params.findIndex((p) => {
    const inner = p.type === 'TSParameterProperty' ? p.parameter : p;
    return inner === def.name || (inner.type === 'AssignmentPattern' && inner.left === def.name);
  });
  return index < 0 ? undefined : { cls, index, variable, field };
}

/** Another class of the module names the class as the one it extends (`class Wider extends Loop {}`). */
function extendedInModule(cls: ClassNode, ctx: AnalysisContext): boolean {
  if (!cls.id) return false;
  const variable = ctx.sourceCode.getScope(cls).upper?.set.get(cls.id.name);
  return (variable?.references ?? []).some((ref) => {
    const parent = (ref.identifier as Node).parent;
    return (parent?.type === 'ClassDeclaration' || parent?.type === 'ClassExpression') && parent.superClass === ref.identifier;
  });
}

/** TypeScript's `constructor(private options: Options)`: the parameter the field holds. */
function parameterProperty(cls: ClassNode, field: string): TSESTree.Identifier | undefined {
  const ctor = constructorOf(cls);
  for (const p of ctor?.value.params ?? []) {
    if (p.type !== 'TSParameterProperty') continue;
    const id = p.parameter.type === 'AssignmentPattern' ? p.parameter.left : p.parameter;
    if (id.type === 'Identifier' && id.name === field) return id;
  }
  return undefined;
}

/** What every construction of the class in its package gives `prop` of the options, with where to evaluate it. */
export function constructedOption(object: Node, prop: string, env: Env, host: NestedHost, analyze: Analyze): { node: Node; env: Env } | undefined {
  const ctx = env.ctx;
  const instance = instanceOption(object, prop, env);
  if (instance) return instance;
  const param = constructorParameter(object, ctx);
  // Options bound to what a caller passes (an instance analysed for its construction) are the caller's.
  if (!param || ctx.paramValues?.has(param.variable) || env.bindings?.has(param.variable)) return undefined;
  // Once per option of a class: every read of `this.options.k` asks the same question.
  let byProp = readings.get(param.variable);
  if (!byProp) readings.set(param.variable, (byProp = new Map()));
  const known = byProp.get(prop);
  if (known !== undefined) return known ?? undefined;
  const found = readConstructions(param, prop, env, host, analyze);
  byProp.set(prop, found ?? null);
  return found;
}

const readings = new WeakMap<Variable, Map<string, { node: Node; env: Env } | null>>();

/**
 * Parameters that stand for an instance of a class of another module of the package: a listener
 * factory's `self`, handed `this` (or `const _this = this`) where the class registers the listener
 * it makes (listener-factories.ts). `self.options.k` reads the instance's options as they are once
 * it is constructed: the one value the class sets the field to while constructing, read as a
 * construction's argument is (a normaliser, defaults merged in).
 */
const instanceParameters = new WeakMap<Variable, { cls: ClassNode; ctx: AnalysisContext }>();

export function standsForInstance(variable: Variable, cls: ClassNode, ctx: AnalysisContext): void {
  instanceParameters.set(variable, { cls, ctx });
}

function instanceOption(object: Node, prop: string, env: Env): { node: Node; env: Env } | undefined {
  const o = unwrap(object);
  if (o.type !== 'MemberExpression' || o.computed) return undefined;
  const root = unwrap(o.object);
  const variable = root.type === 'Identifier' ? env.ctx.variableOf(root) : undefined;
  const instance = variable && instanceParameters.get(variable);
  const field = propertyName(o);
  if (!instance || field === undefined) return undefined;
  // Neither module writes `k` of any object (`self.options.retryStrategy = …` would replace the default), nor this one the field.
  if (memberWriteCounts(env.ctx).has(prop) || memberWriteCounts(instance.ctx).has(prop) || memberWriteCounts(env.ctx).has(field)) return undefined;
  const value = fieldSetAtConstruction(instance.cls, field, instance.ctx);
  return value && argumentOption(value, prop, { ctx: instance.ctx, region: value, counters: new Set(), depth: env.depth + 2 }, 1);
}

/**
 * The value the module sets `this.field` to, where its one write of that name is a statement of
 * the class's constructor or of a method the constructor calls as a statement of its own.
 */
function fieldSetAtConstruction(cls: ClassNode, field: string, ctx: AnalysisContext): Node | undefined {
  const [write, ...more] = memberWriteCounts(ctx).get(field) ?? [];
  if (!write || more.length > 0 || write.operator !== '=' || write.parent?.type !== 'ExpressionStatement') return undefined;
  const left = write.left as TSESTree.MemberExpression;
  if (left.computed || unwrap(left.object).type !== 'ThisExpression' || enclosingClass(write) !== cls) return undefined;
  const ctor = constructorOf(cls);
  const body = ctor?.value.body;
  if (!body) return undefined;
  if (write.parent.parent === body) return write.right;
  const method = classMembers(cls).find((e): e is TSESTree.MethodDefinition => e.type === 'MethodDefinition' && e.kind === 'method' && !e.static && e.value.body === write.parent?.parent);
  if (!method || method.computed || method.key.type !== 'Identifier') return undefined;
  const name = method.key.name;
  const called = body.body.some((st) => {
    const e = st.type === 'ExpressionStatement' ? unwrap(st.expression) : undefined;
    return e?.type === 'CallExpression' && e.callee.type === 'MemberExpression' && unwrap(e.callee.object).type === 'ThisExpression' && propertyName(e.callee) === name;
  });
  return called ? write.right : undefined;
}

function readConstructions(param: ConstructorParameter, prop: string, env: Env, host: NestedHost, analyze: Analyze): { node: Node; env: Env } | undefined {
  const ctx = env.ctx;
  // A class of the module that extends it is made by its own `new`, with options not read here.
  if (extendedInModule(param.cls, ctx)) return undefined;
  const names = exportNames(param.cls, ctx);
  const classFile = host.filename;
  const constructions: { node: TSESTree.NewExpression; ctx: AnalysisContext }[] = [];
  for (const node of newExpressions(ctx)) if (classIn(node.callee, ctx) === param.cls) constructions.push({ node, ctx });
  if (names.size > 0) {
    // `new RetryPolicy(`, `new SentinelConnector_1.default(`: only a module whose text may construct the class is parsed.
    const alternatives = [...names].map((n) => n.replace(/\$/g, '\\$')).join('|');
    const mayConstruct = new RegExp(`\\bnew\\s+(?:[\\w$]+\\s*\\.\\s*)?(?:${alternatives})\\b`);
    for (const file of importersOf(classFile)) {
      const parsed = parsedModule(file, host, mayConstruct);
      if (parsed === 'skip') continue;
      // A module that imports the class but cannot be read may construct it with anything.
      if (!parsed) return undefined;
      const at = readingContext(parsed, file, host, analyze);
      for (const node of newExpressions(at)) if (namesClass(node.callee, at, file, classFile, names)) constructions.push({ node, ctx: at });
    }
  }
  let found: { node: Node; env: Env } | undefined;
  for (const { node, ctx: at } of constructions) {
    const arg = node.arguments[param.index];
    if (!arg || arg.type === 'SpreadElement' || node.arguments.slice(0, param.index).some((a) => a.type === 'SpreadElement')) return undefined;
    const cenv: Env = { ctx: at, region: node, counters: new Set(), depth: env.depth + 2 };
    // `new C({ ...this.options, unref: true })` in the class itself: its own options again, for every other key.
    if (at === ctx && param.field !== undefined && keepsOwnOptions(arg, prop, param)) continue;
    const read = argumentOption(arg, prop, cenv, 0);
    if (!read) return undefined;
    if (found && unwrap(found.node) !== unwrap(read.node)) return undefined;
    found = read;
  }
  return found;
}

const parsedModules = new Map<string, { mtimeMs: number; size: number; ctx: AnalysisContext | undefined | 'skip' }>();

/** A module parsed with the host's parser (not analysed: only its constructions are read), once per version; 'skip' when its text constructs nothing of the class. */
export function parsedModule(file: string, host: NestedHost, mayConstruct: RegExp): AnalysisContext | undefined | 'skip' {
  const stat = statFile(file);
  if (!stat || stat.size > MAX_BYTES) return undefined;
  const known = parsedModules.get(file);
  if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size && known.ctx !== 'skip') return known.ctx;
  let ctx: AnalysisContext | undefined | 'skip';
  try {
    const text = readKnownFile(file, MAX_BYTES);
    if (text === undefined) return undefined;
    if (!mayConstruct.test(text)) return 'skip';
    const sourceCode = host.parse(file, text);
    ctx = sourceCode ? new AnalysisContext(sourceCode) : undefined;
  } catch {
    ctx = undefined;
  }
  parsedModules.delete(file);
  parsedModules.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, ctx });
  if (parsedModules.size > 1_000) parsedModules.delete(parsedModules.keys().next().value as string);
  return ctx;
}

const readingContexts = new WeakMap<AnalysisContext, AnalysisContext>();

/**
 * A constructing module's context that reads its own imports (a summary's context reads none):
 * the functions and exported objects of the project its arguments are made with. Once per module version.
 */
export function readingContext(summaryCtx: AnalysisContext, file: string, host: NestedHost, analyze: Analyze): AnalysisContext {
  let ctx = readingContexts.get(summaryCtx);
  if (ctx) return ctx;
  const made = new AnalysisContext(summaryCtx.sourceCode);
  const nested: NestedHost = { ...host, filename: file, depth: host.depth + 1, checked: new Map() };
  made.foreignFunction = (call) => {
    const target = importedFunction(call, made, nested, analyze, 'delay');
    return target && { fn: target.fn, ctx: target.summary.ctx };
  };
  made.foreignObject = (node) => importedObject(node, made, nested, analyze);
  readingContexts.set(summaryCtx, made);
  ctx = made;
  return ctx;
}

/** `{ ...this.options, unref: true }` in the class's own code, naming no `prop` of its own. */
function keepsOwnOptions(arg: Node, prop: string, param: ConstructorParameter): boolean {
  const a = unwrap(arg);
  if (a.type !== 'ObjectExpression' || getProperty(a, prop) || !contains(param.cls, a)) return false;
  if (a.properties.some((p) => p.type === 'Property' && p.computed)) return false;
  const spreads = a.properties.filter((p): p is TSESTree.SpreadElement => p.type === 'SpreadElement');
  if (spreads.length !== 1) return false;
  const s = unwrap((spreads[0] as TSESTree.SpreadElement).argument);
  return s.type === 'MemberExpression' && !s.computed && unwrap(s.object).type === 'ThisExpression' && propertyName(s) === param.field && enclosingClass(s) === param.cls;
}

/** `new Name(…)`, `new ns.Name(…)`, `new mod_1.default(…)` naming an export of the class's module. */
function namesClass(callee: Node, ctx: AnalysisContext, file: string, classFile: string, names: ReadonlySet<string>): boolean {
  const c = unwrap(callee);
  const root = c.type === 'MemberExpression' && !c.computed ? unwrap(c.object) : c;
  if (root.type !== 'Identifier') return false;
  const origin = importOf(root, ctx);
  if (!origin) return false;
  const name = c === root ? origin.imported : origin.imported === '*' || origin.imported === 'default' ? propertyName(c as TSESTree.MemberExpression) : undefined;
  return name !== undefined && names.has(name) && resolveModule(file, origin.module) === classFile;
}

const newExpressionsCache = new WeakMap<AnalysisContext, TSESTree.NewExpression[]>();

function newExpressions(ctx: AnalysisContext): readonly TSESTree.NewExpression[] {
  let found = newExpressionsCache.get(ctx);
  if (!found) {
    const list: TSESTree.NewExpression[] = [];
    walk(ctx.sourceCode.ast, ctx.keys, (node) => void (node.type === 'NewExpression' && list.push(node)));
    newExpressionsCache.set(ctx, list);
    found = list;
  }
  return found;
}

const exportNamesCache = new WeakMap<ClassNode, Set<string>>();

/** The names the class's module exports it by: `export class C`, `export { C as D }`, `export default C`, `exports.C = C`, `exports.default = C`. */
function exportNames(cls: ClassNode, ctx: AnalysisContext): Set<string> {
  const known = exportNamesCache.get(cls);
  if (known) return known;
  const names = new Set<string>();
  const isExports = (n: Node) =>
    (n.type === 'Identifier' && n.name === 'exports' && !ctx.variableOf(n)?.defs.length) ||
    (n.type === 'MemberExpression' && unwrap(n.object).type === 'Identifier' && (unwrap(n.object) as TSESTree.Identifier).name === 'module' && propertyName(n) === 'exports');
  for (const statement of ctx.sourceCode.ast.body) {
    if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
      if (statement.declaration === cls && cls.id) names.add(cls.id.name);
      for (const spec of statement.specifiers) {
        if (spec.type === 'ExportSpecifier' && spec.local.type === 'Identifier' && classIn(spec.local, ctx) === cls) names.add(spec.exported.type === 'Identifier' ? spec.exported.name : spec.exported.value);
      }
    } else if (statement.type === 'ExportDefaultDeclaration') {
      const d = statement.declaration as Node;
      if (d === cls || classIn(d, ctx) === cls) names.add('default');
    } else if (statement.type === 'ExpressionStatement') {
      const e = unwrap(statement.expression);
      if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression') continue;
      const name = propertyName(e.left);
      if (name !== undefined && isExports(unwrap(e.left.object)) && classIn(e.right, ctx) === cls) names.add(name);
      if (isExports(e.left) && classIn(e.right, ctx) === cls) names.add('default');
    }
  }
  exportNamesCache.set(cls, names);
  return names;
}

/** Drops the packages' indexes and parsed modules: files were added, removed or changed. */
export function forgetConstructions(): void {
  indexes.clear();
  roots.clear();
  parsedModules.clear();
}
