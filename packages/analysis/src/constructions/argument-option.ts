import type { TSESTree } from '@typescript-eslint/utils';
import { contains, dottedName, enclosingFunction, getProperty, keyName, propertyName, unwrap, walk, type Node } from '../ast.js';
import { AnalysisContext, isReassigned, type Variable } from '../context.js';
import { classIn } from '../cross-file/exports.js';
import type { ClassNode } from '../cross-file/shapes.js';
import type { Env } from '../evaluate.js';
import { optionSource } from '../options/option-source.js';
import { resolveObject } from '../objects/resolve-object.js';
import { localFunction } from '../functions/local-function.js';
import { classFieldValue, enclosingClass } from '../classes/class-members.js';
import { classMembers, constructorOf, soleDefinition } from '../definitions/bodies.js';

/**
 * What value does a construction's argument give an option of the instance: passed through
 * the constructor, set on a field while constructing, or filled by a merge with defaults?
 */

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
export function argumentOption(arg: Node, prop: string, env: Env, steps: number): { node: Node; env: Env } | undefined {
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
export function memberWriteCounts(ctx: AnalysisContext): Map<string, TSESTree.AssignmentExpression[]> {
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
