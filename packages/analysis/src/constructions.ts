import { basename, dirname, extname, join } from 'node:path';
import type { TSESTree } from '@typescript-eslint/utils';
import { contains, dottedName, enclosingFunction, getProperty, keyName, propertyName, unwrap, walk, type Node } from './ast.js';
import { AnalysisContext, isReassigned, type Variable } from './context.js';
import { resolveModule } from './cross-file.js';
import { importedFunction, importedObject } from './cross-file/imported-values.js';
import { classIn } from './cross-file/exports.js';
import type { Analyze, ClassNode, NestedHost } from './cross-file/shapes.js';
import { importOf } from './imports.js';
import type { Env } from './evaluate.js';
import { optionSource } from './options/option-source.js';
import { resolveObject } from './objects/resolve-object.js';
import { localFunction } from './functions/local-function.js';
import { classFieldValue, enclosingClass } from './classes/class-members.js';
import { isWithin, projectRootOf } from './files/project-root.js';
import { listFolder, readKnownFile, readText, statFile, statPath } from './files/read.js';
import { classMembers, constructorOf, soleDefinition } from './definitions/bodies.js';

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

/** How many steps a construction's argument is followed back (a field, a normaliser, a merge). */
const MAX_STEPS = 4;

/**
 * What a construction's argument gives `prop`: read as any options object is (a literal, defaults
 * merged in), or followed back through what made it: a field of the constructing class set
 * once while it is constructed (`this.options` set by `this.parseOptions(…)` in the constructor),
 * a normaliser that returns the options it is handed (`resolveTLSProfile(options)`), and an
 * object filled by merges (`const options = {}; defaults(options, arg); defaults(options,
 * Redis.defaultOptions)`) where one defaults object names `prop` and every other source is the
 * caller's or leaves it out.
 */
function argumentOption(arg: Node, prop: string, env: Env, steps: number): { node: Node; env: Env } | undefined {
  const direct = optionSource(arg, prop, env);
  if (direct || steps >= MAX_STEPS) return direct;
  const a = unwrap(arg);
  if (a.type === 'MemberExpression' && !a.computed && unwrap(a.object).type === 'ThisExpression') {
    const value = fieldSetWhileConstructing(a, env);
    return value && argumentOption(value, prop, env, steps + 1);
  }
  if (a.type === 'CallExpression') {
    const handed = passedThrough(a, prop, env);
    return handed && argumentOption(handed, prop, env, steps + 1);
  }
  if (a.type === 'Identifier') return filledByMerges(a, prop, env);
  return undefined;
}

/**
 * `this.options` read in a constructor (or at a construction it makes) where the class sets the
 * field in exactly one place: the constructor itself, or a method the constructor calls as a
 * statement of its own before the read (`this.parseOptions(arg1, arg2)`). The value written there.
 */
function fieldSetWhileConstructing(member: TSESTree.MemberExpression, env: Env): Node | undefined {
  const field = propertyName(member);
  const cls = enclosingClass(member);
  if (field === undefined || !cls) return undefined;
  const ctor = constructorOf(cls);
  if (!ctor?.value.body || !contains(ctor.value.body, member)) return undefined;
  const writes: TSESTree.AssignmentExpression[] = [];
  walk(cls.body, env.ctx.keys, (node) => {
    if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression' && !node.left.computed && unwrap(node.left.object).type === 'ThisExpression' && propertyName(node.left) === field) writes.push(node);
    return undefined;
  });
  const [write, ...more] = writes;
  if (!write || more.length > 0 || write.operator !== '=' || write.parent?.type !== 'ExpressionStatement' || write.range[0] > member.range[0] && contains(ctor.value.body, write)) return undefined;
  if (contains(ctor.value.body, write)) return write.parent.parent === ctor.value.body ? write.right : undefined;
  // Set by a method: its body's own statement, and the constructor calls it before the read.
  const method = classMembers(cls).find((e): e is TSESTree.MethodDefinition => e.type === 'MethodDefinition' && e.kind === 'method' && !e.static && contains(e.value, write));
  if (!method || method.computed || method.key.type !== 'Identifier' || write.parent.parent !== method.value.body) return undefined;
  const name = method.key.name;
  const called = ctor.value.body.body.some((st) => {
    const e = st.type === 'ExpressionStatement' ? unwrap(st.expression) : undefined;
    return e?.type === 'CallExpression' && e.callee.type === 'MemberExpression' && unwrap(e.callee.object).type === 'ThisExpression' && propertyName(e.callee) === name && st.range[1] <= member.range[0];
  });
  return called ? write.right : undefined;
}

/**
 * `resolveTLSProfile(options)`: a function (of this file or another module of the project) whose
 * every return is one of its parameters, reassigned at most to a copy of itself with other keys
 * (`options = Object.assign({}, options, { tls })`): for `prop`, the argument handed in that position.
 */
function passedThrough(call: TSESTree.CallExpression, prop: string, env: Env): Node | undefined {
  const local = localFunction(call, env);
  const target = local ? { fn: local, ctx: env.ctx } : env.ctx.foreignFunction?.(call);
  if (!target || target.fn.async || target.fn.generator) return undefined;
  const { fn, ctx } = target;
  const returned: Node[] = [];
  if (fn.body.type !== 'BlockStatement') returned.push(fn.body);
  else {
    let other = false;
    walk(fn.body, ctx.keys, (node) => {
      if (node !== fn.body && (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression')) return false;
      if (node.type === 'ReturnStatement') {
        if (node.argument) returned.push(node.argument);
        else other = true;
      }
      return undefined;
    });
    if (other) return undefined;
  }
  let index: number | undefined;
  for (const r of returned) {
    const id = unwrap(r);
    const variable = id.type === 'Identifier' ? ctx.variableOf(id) : undefined;
    const def = soleDefinition(variable);
    if (!variable || def?.type !== 'Parameter' || def.node !== fn) return undefined;
    const at = fn.params.findIndex((p) => p === def.name);
    if (at < 0 || (index !== undefined && index !== at)) return undefined;
    index = at;
    // Reassigned only to a copy of itself with keys of its own that leave `prop` out.
    for (const ref of variable.references) {
      if (!ref.isWrite()) continue;
      const write = ref.identifier.parent;
      if (write?.type !== 'AssignmentExpression' || write.operator !== '=' || !copiesWithout(write.right, variable, prop, ctx)) return undefined;
    }
  }
  const arg = index === undefined ? undefined : call.arguments[index];
  return arg && arg.type !== 'SpreadElement' && !call.arguments.slice(0, index).some((a) => a.type === 'SpreadElement') ? arg : undefined;
}

/** `Object.assign({}, options, { tls })` or `{ ...options, tls }`: a copy of the variable whose other keys are literal ones, none of them `prop`. */
function copiesWithout(node: Node, variable: Variable, prop: string, ctx: AnalysisContext): boolean {
  const n = unwrap(node);
  const isSelf = (x: Node) => x.type === 'Identifier' && ctx.variableOf(x) === variable;
  const literalWithout = (x: Node) => x.type === 'ObjectExpression' && x.properties.every((p) => p.type === 'Property' && !p.computed && keyName(p.key) !== prop);
  if (n.type === 'ObjectExpression') return n.properties.every((p) => (p.type === 'SpreadElement' ? isSelf(unwrap(p.argument)) : !p.computed && keyName(p.key) !== prop));
  if (n.type !== 'CallExpression' || dottedName(n.callee) !== 'Object.assign') return false;
  const [target, ...sources] = n.arguments.map((a) => unwrap(a as Node));
  return target?.type === 'ObjectExpression' && target.properties.length === 0 && sources.some(isSelf) && sources.every((x) => isSelf(x) || literalWithout(x));
}

/**
 * `const options = {}` filled by merge calls (`defaults(options, arg)`, `Object.assign(options,
 * DEFAULTS)`), read only otherwise (`options.port`, handed on): the one defaults object among the
 * sources that names `prop` gives it, whichever order the merges let win, when every other
 * source is the caller's (made of the function's parameters) or an object literal without `prop`.
 */
function filledByMerges(id: TSESTree.Identifier, prop: string, env: Env): { node: Node; env: Env } | undefined {
  const ctx = env.ctx;
  const variable = ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || isReassigned(variable)) return undefined;
  const init = def.node.init && unwrap(def.node.init);
  if (init?.type !== 'ObjectExpression' || init.properties.length > 0) return undefined;
  const fn = enclosingFunction(def.node);
  let found: { node: Node; env: Env } | undefined;
  for (const ref of variable.references) {
    const use = ref.identifier as Node;
    if (ref.init || use === id) continue;
    const parent = use.parent;
    if (parent?.type === 'MemberExpression' && parent.object === use) {
      // `options.port = …` sets another key; a write of `prop` itself is not a default.
      const write = parent.parent?.type === 'AssignmentExpression' && parent.parent.left === parent;
      if (write && (parent.computed || propertyName(parent) === prop)) return undefined;
      continue;
    }
    if (parent?.type !== 'CallExpression' || parent.arguments[0] !== use || parent.arguments.length < 2 || parent.parent?.type !== 'ExpressionStatement') return undefined;
    for (const source of parent.arguments.slice(1)) {
      if (source.type === 'SpreadElement') return undefined;
      const read = defaultsSource(source, prop, env);
      if (read === 'without' || (read === 'caller' && fn && callersValue(source, fn, ctx))) continue;
      if (read === 'caller' || read === undefined || found) return undefined;
      found = read;
    }
  }
  return found;
}

/** A merge source: the defaults it gives `prop`, 'without' (an object that leaves it out), 'caller' (to be checked), or undefined (unreadable). */
function defaultsSource(source: Node, prop: string, env: Env): { node: Node; env: Env } | 'without' | 'caller' | undefined {
  let s = unwrap(source);
  // `Redis.defaultOptions`: a static of a class of this file, set once.
  if (s.type === 'MemberExpression' && !s.computed && unwrap(s.object).type === 'Identifier') {
    const cls = classIn(unwrap(s.object), env.ctx);
    const name = propertyName(s);
    if (cls && name !== undefined) {
      const value = staticValue(cls, name, env.ctx);
      if (!value) return undefined;
      s = unwrap(value);
    }
  }
  const local = resolveObject(s, env);
  const imported = local ? { literal: local, ctx: env.ctx } : env.ctx.foreignObject?.(s);
  if (imported) {
    const property = getProperty(imported.literal, prop);
    if (!property) return imported.literal.properties.some((p) => p.type === 'SpreadElement' || p.computed) ? undefined : 'without';
    return { node: property.value as Node, env: { ctx: imported.ctx, region: imported.literal, counters: new Set(), depth: env.depth + 1 } };
  }
  return 'caller';
}

/** `C.defaults` set once in the file: a static field's initialiser, or one `C.defaults = v` statement of the module and no other write of that name. */
function staticValue(cls: ClassNode, name: string, ctx: AnalysisContext): Node | undefined {
  const field = classFieldValue(cls, name, true);
  const writes = memberWriteCounts(ctx).get(name) ?? [];
  if (field) return writes.length === 0 ? field : undefined;
  const [write, ...more] = writes;
  if (!write || more.length > 0 || write.parent?.type !== 'ExpressionStatement' || write.parent.parent?.type !== 'Program' || write.operator !== '=') return undefined;
  const object = unwrap((write.left as TSESTree.MemberExpression).object);
  return object.type === 'Identifier' && classIn(object, ctx) === cls ? write.right : undefined;
}

const memberWritesCache = new WeakMap<AnalysisContext, Map<string, TSESTree.AssignmentExpression[]>>();

/** Every `x.name = …` of the file by property name, found in one walk. */
function memberWriteCounts(ctx: AnalysisContext): Map<string, TSESTree.AssignmentExpression[]> {
  let byName = memberWritesCache.get(ctx);
  if (!byName) {
    const found = new Map<string, TSESTree.AssignmentExpression[]>();
    walk(ctx.sourceCode.ast, ctx.keys, (node) => {
      if (node.type !== 'AssignmentExpression' || node.left.type !== 'MemberExpression') return undefined;
      const name = propertyName(node.left);
      if (name !== undefined) found.set(name, [...(found.get(name) ?? []), node]);
      return undefined;
    });
    byName = found;
    memberWritesCache.set(ctx, byName);
  }
  return byName;
}

/**
 * The caller's data: an expression whose values all come from the function's parameters (`arg`
 * with `const arg = args[i]`, `parseURL(arg)`), names in callee position aside.
 */
function callersValue(node: Node, fn: Node, ctx: AnalysisContext, depth = 0): boolean {
  let fromParameters = true;
  let any = false;
  walk(node, ctx.keys, (n) => {
    if (!fromParameters) return false;
    if (n.type === 'MemberExpression') {
      // `a.b`: the root is what matters; a callee `(0, utils_1.parseURL)` is not data.
      return undefined;
    }
    if (n.type === 'Identifier') {
      const parent = n.parent;
      // `args[i]`: the index picks among the caller's values; it is not one.
      if (parent?.type === 'MemberExpression' && parent.property === n) return undefined;
      if (isCalleeRoot(n)) return undefined;
      const variable = ctx.variableOf(n);
      const def = soleDefinition(variable);
      if (!variable || !def) {
        fromParameters = false;
        return false;
      }
      if (def.type === 'Parameter' && def.node === fn) any = true;
      else if (def.type === 'Variable' && def.node.init && depth < 2 && contains(fn, def.node) && def.node.id === def.name && callersValue(def.node.init, fn, ctx, depth + 1)) any = true;
      else fromParameters = false;
    }
    return undefined;
  });
  return fromParameters && any;
}

/** `utils_1` in `(0, utils_1.parseURL)(arg)` or `utils.parseURL(arg)`: the root of a callee. */
function isCalleeRoot(id: TSESTree.Identifier): boolean {
  let n: Node = id;
  while (n.parent?.type === 'MemberExpression' && n.parent.object === n) n = n.parent;
  let p = n.parent;
  if (p?.type === 'SequenceExpression' && p.expressions[p.expressions.length - 1] === n) {
    n = p;
    p = p.parent;
  }
  return p?.type === 'CallExpression' && p.callee === n;
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

/**
 * Folders whose modules are not the package's own code: dependencies, and tests and examples
 * (a test that constructs the class with odd options documents no default).
 */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'test', 'tests', '__tests__', 'spec', '__mocks__', 'example', 'examples', 'fixtures', 'benchmark', 'benchmarks']);
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;
const EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);
/** A package bigger than this is not indexed: its classes' options stay unknown. */
const MAX_FILES = 3_000;
const MAX_BYTES = 1_000_000;
/** How long an index is believed before the disk is read again, for a long-lived host that is not told of changes (ESLint in an editor; the language server calls forgetProjectFiles). */
const INDEX_TTL_MS = 30_000;
const RELATIVE_SPECIFIERS = /\bfrom\s*['"](\.\.?\/[^'"]+)['"]|\brequire\(\s*['"](\.\.?\/[^'"]+)['"]\s*\)|\bimport\(\s*['"](\.\.?\/[^'"]+)['"]\s*\)/g;

interface PackageIndex {
  builtAt: number;
  /** Module → the modules that import it by a relative path. */
  importers: Map<string, string[]>;
  /** The modules that construct something (`new `). */
  constructing: Set<string>;
  /** Too big to index: no construction is known. */
  overflow: boolean;
}

const indexes = new Map<string, PackageIndex>();
const roots = new Map<string, string | null>();

/** Drops the packages' indexes and parsed modules: files were added, removed or changed. */
export function forgetConstructions(): void {
  indexes.clear();
  roots.clear();
  parsedModules.clear();
}

/** The modules of the class file's package that import it and construct something; none when the package cannot be indexed. */
function importersOf(file: string): readonly string[] {
  const index = packageIndex(file);
  return !index || index.overflow ? [] : (index.importers.get(file) ?? []).filter((f) => f !== file && index.constructing.has(f));
}

/** The modules of the file's package that import it by a relative path (tests and examples aside); none when the package cannot be indexed. */
export function dependentsOf(file: string): readonly string[] {
  const index = packageIndex(file);
  return !index || index.overflow ? [] : (index.importers.get(file) ?? []).filter((f) => f !== file);
}

function packageIndex(file: string): PackageIndex | undefined {
  const root = packageRoot(dirname(file));
  if (!root) return undefined;
  let index = indexes.get(root);
  if (!index || Date.now() - index.builtAt > INDEX_TTL_MS) {
    index = buildIndex(root);
    indexes.delete(root);
    indexes.set(root, index);
    if (indexes.size > 100) indexes.delete(indexes.keys().next().value as string);
  }
  return index;
}

/** The nearest folder above with a package.json, not past a node_modules folder nor the project root. */
function packageRoot(dir: string, root = projectRootOf(join(dir, 'package.json'))): string | undefined {
  const known = roots.get(dir);
  if (known !== undefined) return known ?? undefined;
  let found: string | undefined;
  if (statFile(join(dir, 'package.json'))) found = dir;
  else {
    const parent = dirname(dir);
    if (parent !== dir && isWithin(root, parent) && basename(dir) !== 'node_modules' && basename(parent) !== 'node_modules') found = packageRoot(parent, root);
  }
  if (roots.size > 10_000) roots.clear();
  roots.set(dir, found ?? null);
  return found;
}

function buildIndex(root: string): PackageIndex {
  const importers = new Map<string, string[]>();
  const constructing = new Set<string>();
  const files: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    // A folder the user cannot read (a database's data folder owned by another user) is left out.
    const entries = listFolder(dir);
    if (!entries) continue;
    for (const entry of entries) {
      if (entry.isDirectory()) {
        // A folder with its own package.json is another package.
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.') && !statPath(join(dir, entry.name, 'package.json'))) pending.push(join(dir, entry.name));
      } else if (entry.isFile() && EXTENSIONS.has(extname(entry.name)) && !entry.name.endsWith('.d.ts') && !TEST_FILE.test(entry.name)) {
        files.push(join(dir, entry.name));
        if (files.length > MAX_FILES) return { builtAt: Date.now(), importers, constructing, overflow: true };
      }
    }
  }
  for (const file of files) {
    const text = readText(file, MAX_BYTES);
    if (text === undefined) continue;
    if (/\bnew\s/.test(text)) constructing.add(file);
    for (const m of text.matchAll(RELATIVE_SPECIFIERS)) {
      const target = resolveModule(file, (m[1] ?? m[2] ?? m[3]) as string);
      if (!target) continue;
      const list = importers.get(target);
      if (!list) importers.set(target, [file]);
      else if (!list.includes(file)) list.push(file);
    }
  }
  return { builtAt: Date.now(), importers, constructing, overflow: false };
}
