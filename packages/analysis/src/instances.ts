import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { isReassigned, type AnalysisContext, type Variable } from './context.js';
import { isProjectSpecifier, resolveModule } from './cross-file.js';
import { calleeRootIdentifier, exported, importedFunction } from './cross-file/imported-values.js';
import { classIn } from './cross-file/exports.js';
import type { Analyze, ClassNode, ForeignTarget, ModuleSummary, NestedHost } from './cross-file/shapes.js';
import { classFieldValue, classGetter, enclosingClass } from './classes/class-members.js';
import { importOf, importOfReference } from './imports.js';
import { constructorFunction, firstDefinition, soleDefinition } from './definitions/bodies.js';
import { methodOf } from './functions/instance-methods.js';
import { localFunction } from './functions/local-function.js';
import { declaredType } from './declared/declared-type.js';

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
  const owner = method === undefined ? undefined : castClass(callee.object, ctx, host, analyze) ?? instanceClass(unwrap(callee.object), ctx, host, analyze);
  if (!owner) return undefined;
  const label = `\`${owner.name}.${method}()\` from '${owner.module}'`;
  const fn = methodOf(owner.cls, method as string);
  if (!fn) {
    // `cursor.hasNext()` that the class inherits: the method of the class it extends.
    const inherited = inheritedFrom(owner.cls, owner.summary, method as string, host, analyze);
    return inherited && { fn: inherited.fn, summary: inherited.summary, label };
  }
  const ctor = constructorFunction(owner.cls);
  const construction = ctor && owner.made ? { ctor, ...owner.made } : undefined;
  return { fn, summary: owner.summary, label, ...(construction ? { construction } : {}) };
}

/** How many classes up an inherited method is looked for. */
const MAX_SUPERCLASSES = 3;

/**
 * The method `name` a class of another module inherits: from the class it extends, a class of
 * that module (through its scopes) or one it imports from a module of the project (resolved from
 * its own path), a few classes up. Only plain instance methods; a class that does not define the
 * method nor extends a class the project defines gives nothing.
 */
function inheritedFrom(cls: ClassNode, summary: ModuleSummary, name: string, host: NestedHost, analyze: Analyze, depth = 0): { fn: FunctionNode; summary: ModuleSummary } | undefined {
  const sup = cls.superClass ? unwrap(cls.superClass) : undefined;
  if (!sup || sup.type !== 'Identifier' || depth >= MAX_SUPERCLASSES) return undefined;
  let parent: { cls: ClassNode; summary: ModuleSummary } | undefined;
  const local = classIn(sup, summary.ctx);
  if (local) parent = { cls: local, summary };
  else {
    const origin = importOf(sup, summary.ctx);
    const file = origin && isProjectSpecifier(summary.file, origin.module) ? resolveModule(summary.file, origin.module) : undefined;
    const found = file && origin ? exported(file, exportOf(origin.imported), host, analyze, 'retry', (s, n) => s.classes.get(n)) : undefined;
    if (found) parent = { cls: found.found, summary: found.summary };
  }
  if (!parent) return undefined;
  const fn = methodOf(parent.cls, name);
  return fn ? { fn, summary: parent.summary } : inheritedFrom(parent.cls, parent.summary, name, host, analyze, depth + 1);
}

function instanceClass(holder: Node, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  if (holder.type === 'Identifier') {
    const origin = importOf(holder, ctx);
    if (origin) {
      if (!isProjectSpecifier(host.filename, origin.module)) return undefined;
      const file = resolveModule(host.filename, origin.module);
      const found = file ? exported(file, exportOf(origin.imported), host, analyze, 'retry', (summary, name) => summary.instances.get(name)) : undefined;
      if (!found) return undefined;
      const { cls, node } = found.found;
      return { cls, summary: found.summary, name: cls.id?.name ?? holder.name, module: origin.module, made: { node, ctx: found.summary.ctx } };
    }
    const variable = ctx.variableOf(holder);
    const def = soleDefinition(variable);
    // `client: ApiClient` with the class imported from a module of the project: the declared type is what it holds.
    if (variable && def?.type === 'Parameter' && def.name.type === 'Identifier' && !isReassigned(variable)) return declaredClass(holder, ctx, host, analyze);
    if (!variable || def?.type !== 'Variable' || def.node.id !== def.name) return undefined;
    let owner = variableOwners.get(variable);
    if (owner === undefined) {
      const made = def.node.init && !isReassigned(variable) ? constructed(def.node.init, ctx, host, analyze) : assignedClass(variable, ctx, host, analyze);
      // `const client: ApiClient = registry.get('api')`: the declared type holds for every write.
      owner = made ?? declaredClass(holder, ctx, host, analyze) ?? null;
      variableOwners.set(variable, owner);
    }
    return owner ?? undefined;
  }
  // `makeClient().send()`, `this.client().send()`: a function of the file that gives an instance.
  if (holder.type === 'CallExpression') {
    const fn = localFunction(holder, { ctx, region: holder, counters: NO_COUNTERS, depth: 0 });
    return fn && returnedClass(fn, ctx, host, analyze);
  }
  if (holder.type === 'MemberExpression' && unwrap(holder.object).type === 'ThisExpression') {
    const field = propertyName(holder);
    const cls = field === undefined ? undefined : enclosingClass(holder);
    if (!cls || field === undefined) return undefined;
    // Once per class and field: a class may call `this.retrier.run(…)` in every method.
    const known = fieldOwners.get(cls) ?? new Map<string, Owner | null>();
    fieldOwners.set(cls, known);
    let owner = known.get(field);
    if (owner === undefined) {
      if (!ctx.isMutableMember(field)) {
        // What the constructor or the field's initialiser puts there (with the `new`, whose arguments bind).
        const value = classFieldValue(cls, field, false) ?? parameterProperty(cls, field);
        owner = value && (constructed(value, ctx, host, analyze) ?? declared(value, cls, ctx, host, analyze));
      }
      // `private cursor: Cursor`, `constructor(private cursor: Cursor)`: every write the compiler
      // lets through holds one, however often it (or a member of that name elsewhere) is written.
      owner ??= declaredClass(holder, ctx, host, analyze);
      // `get client(): ApiClient { return (this.cached ??= new ApiClient()) }`: what the getter gives.
      const getter = owner ? undefined : classGetter(cls, field, holder.property.type === 'PrivateIdentifier');
      owner ??= (getter && returnedClass(getter, ctx, host, analyze)) ?? null;
      known.set(field, owner);
    }
    return owner ?? undefined;
  }
  // `deps.http.send()` with `deps: { http: ApiClient }`: the member's declared type.
  if (holder.type === 'MemberExpression') return declaredClass(holder, ctx, host, analyze);
  return undefined;
}

/** `(registry.get('api') as ApiClient).send()`: the type the code states the value has. */
function castClass(holder: Node, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  const type = holder.type === 'TSAsExpression' || holder.type === 'TSTypeAssertion' ? holder.typeAnnotation : undefined;
  return type?.type === 'TSTypeReference' ? importedClass(type.typeName, ctx, host, analyze) : undefined;
}

const variableOwners = new WeakMap<Variable, Owner | null>();
const NO_COUNTERS: ReadonlySet<Variable> = new Set();

/**
 * A value declared an instance of a class imported from a module of the project: a parameter or
 * a variable (`client: ApiClient`, type arguments or not), a field or a parameter property
 * (`private cursor: Cursor`: the declared type is the author's statement of what every write puts
 * there), a member of one's declared object type (`deps.http` with `deps: { http: ApiClient }`).
 * Only a plain type reference: a union, or an interface or type of a package, is not followed.
 */
function declaredClass(holder: Node, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  const annotation = declaredType(holder, ctx);
  if (annotation?.type !== 'TSTypeReference') return undefined;
  return importedClass(annotation.typeName, ctx, host, analyze);
}

/** TypeScript's `constructor(private readonly pool: Pool)`: the field is the parameter. */
function parameterProperty(cls: ClassNode, field: string): Node | undefined {
  for (const p of constructorFunction(cls)?.params ?? []) {
    // (`private pool: Pool = defaultPool`: the declared type holds for the default too.)
    const param = p.type === 'TSParameterProperty' ? (p.parameter.type === 'AssignmentPattern' ? p.parameter.left : p.parameter) : undefined;
    if (param?.type === 'Identifier' && param.name === field) return param;
  }
  return undefined;
}

/**
 * `let file; if (dest instanceof File) file = dest; else file = this.file(dest)`: a variable
 * every write of which gives it an instance of one imported class — `new File(…)`, a method of
 * the enclosing class that only returns `new File(…)`, or the very expression an enclosing
 * `if (… instanceof File)` tested. One write of anything else and the class is not known.
 */
function assignedClass(variable: Variable, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  let owner: Owner | undefined;
  for (const ref of variable.references) {
    if (!ref.isWrite()) continue;
    const id = ref.identifier as Node;
    const parent = id.parent;
    const value = ref.writeExpr as Node | null | undefined;
    const plain = (parent?.type === 'VariableDeclarator' && parent.id === id) || (parent?.type === 'AssignmentExpression' && parent.operator === '=' && parent.left === id);
    if (!plain || !value) return undefined;
    // `let runner = null`, `runner = null` when stopped: no instance, and a method call on it
    // would throw; every call that runs is made on what the other writes construct.
    if (holdsNothing(value)) continue;
    const found = writtenClass(value, parent as Node, ctx, host, analyze);
    if (!found || (owner && owner.cls !== found.cls)) return undefined;
    owner ??= found;
  }
  return owner && { cls: owner.cls, summary: owner.summary, name: owner.name, module: owner.module };
}

/** `null`, `undefined`, `void 0`: a write that leaves the variable without an instance. */
function holdsNothing(value: Node): boolean {
  const v = unwrap(value);
  return (v.type === 'Literal' && v.value === null && !('regex' in v)) || (v.type === 'Identifier' && v.name === 'undefined') || (v.type === 'UnaryExpression' && v.operator === 'void' && unwrap(v.argument).type === 'Literal');
}

function writtenClass(value: Node, write: Node, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  const made = constructed(value, ctx, host, analyze);
  if (made) return made;
  const v = unwrap(value);
  if (v.type === 'CallExpression') {
    const callee = unwrap(v.callee);
    if (callee.type !== 'MemberExpression' || unwrap(callee.object).type !== 'ThisExpression') return undefined;
    const name = propertyName(callee);
    const cls = enclosingClass(callee);
    const method = cls && name !== undefined ? methodOf(cls, name) : undefined;
    return method && returnedClass(method, ctx, host, analyze);
  }
  // `x = dest` under `if (dest instanceof File)`: the test is the evidence.
  if (v.type !== 'Identifier' && v.type !== 'MemberExpression') return undefined;
  const statement = write.parent;
  const block = statement?.type === 'ExpressionStatement' ? statement.parent : undefined;
  const guard = block?.type === 'BlockStatement' ? block.parent : block;
  if (guard?.type !== 'IfStatement' || (guard.consequent !== block && guard.consequent !== statement)) return undefined;
  const test = unwrap(guard.test);
  if (test.type !== 'BinaryExpression' || test.operator !== 'instanceof') return undefined;
  const text = (n: Node) => ctx.sourceCode.text.slice(n.range[0], n.range[1]);
  if (text(unwrap(test.left as Node)) !== text(v)) return undefined;
  return importedClass(test.right, ctx, host, analyze);
}

/**
 * The instance a function of the file gives: its declared return type (`(): ApiClient`, not a
 * promise: an async function's result is awaited first), or `new C(…)` at every `return`.
 */
function returnedClass(fn: FunctionNode, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  // Once per function: every `client().send()` of the file asks again.
  let owner = functionOwners.get(fn);
  if (owner === undefined) {
    const declaredType = fn.async || fn.generator ? undefined : fn.returnType?.typeAnnotation;
    const typed = declaredType?.type === 'TSTypeReference' ? importedClass(declaredType.typeName, ctx, host, analyze) : undefined;
    owner = typed ?? onlyReturnsNew(fn, ctx, host, analyze) ?? null;
    functionOwners.set(fn, owner);
  }
  return owner ?? undefined;
}

const functionOwners = new WeakMap<FunctionNode, Owner | null>();

/**
 * A method every `return` of which gives `new C(…)` of one imported class, made there or kept
 * once made (`this.cached ??= new C()`, `this.cached || (this.cached = new C())`).
 */
function onlyReturnsNew(method: FunctionNode, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  if (method.body.type !== 'BlockStatement') return constructed(cachedConstruction(method.body), ctx, host, analyze);
  let owner: Owner | undefined;
  let ok = true;
  walk(method.body, ctx.keys, (node) => {
    if (!ok || (node !== method.body && isFunction(node))) return false;
    if (node.type !== 'ReturnStatement') return undefined;
    const made = node.argument ? constructed(cachedConstruction(node.argument), ctx, host, analyze) : undefined;
    if (!made || (owner && owner.cls !== made.cls)) ok = false;
    owner ??= made;
    return undefined;
  });
  return ok ? owner : undefined;
}

/** `this.c ??= new C()`, `this.c || (this.c = new C())`, `this.c = new C()`: the construction. */
function cachedConstruction(value: Node): Node {
  const v = unwrap(value);
  if (v.type === 'AssignmentExpression' && (v.operator === '=' || v.operator === '??=' || v.operator === '||=')) return cachedConstruction(v.right);
  if (v.type === 'LogicalExpression' && (v.operator === '??' || v.operator === '||')) return cachedConstruction(v.right);
  return v;
}

/** What each field of a class of the linted file was made of (its AST lives as long as the lint). */
const fieldOwners = new WeakMap<ClassNode, Map<string, Owner | null>>();

/** `Client`, `ns.Client` (a value or a type) of a class imported from a module of the project. */
function importedClass(reference: Node, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  const origin = importOfReference(reference, ctx);
  return origin && classOwner(origin.module, exportOf(origin.imported), origin.local, host, analyze);
}

/** `new Retrier(…)` of a class imported from a module of the project. */
function constructed(init: Node, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  const n = unwrap(init);
  if (n.type === 'CallExpression') return madeByFactory(n, ctx, host, analyze);
  // `new Client()`, `new ns.Client()` of a namespace import.
  const origin = n.type === 'NewExpression' ? importOfReference(n.callee, ctx) : undefined;
  if (!origin || !isProjectSpecifier(host.filename, origin.module)) return undefined;
  const file = resolveModule(host.filename, origin.module);
  const name = exportOf(origin.imported);
  const found = file ? exported(file, name, host, analyze, 'retry', (summary, n) => summary.classes.get(n)) : undefined;
  return found && { cls: found.found, summary: found.summary, name: name === 'default' ? origin.local : name, module: origin.module, made: { node: n as TSESTree.NewExpression, ctx } };
}

/**
 * `createClient(config)`, a function another module of the project exports that makes an
 * instance of one class: declared to return it (`(): ApiClient`), or returning `new ApiClient()`
 * wherever it returns. The class is that module's own or one it imports from the project.
 */
function madeByFactory(call: TSESTree.CallExpression, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  const target = importedFunction(call, ctx, host, analyze, 'retry');
  const name = target && returnedClassName(target.fn, target.summary.ctx);
  if (!target || !name) return undefined;
  const { summary } = target;
  const module = importOf(calleeRootIdentifier(call) as TSESTree.Identifier, ctx)?.module ?? '';
  const local = classIn(name, summary.ctx);
  if (local) return { cls: local, summary, name: name.name, module };
  const origin = importOf(name, summary.ctx);
  const file = origin && isProjectSpecifier(summary.file, origin.module) ? resolveModule(summary.file, origin.module) : undefined;
  const found = file && origin ? exported(file, exportOf(origin.imported), host, analyze, 'retry', (s, n) => s.classes.get(n)) : undefined;
  return found && { cls: found.found, summary: found.summary, name: found.found.id?.name ?? name.name, module };
}

/** The class a function makes: its declared return type, or the class of the `new` every return gives. */
function returnedClassName(fn: FunctionNode, ctx: AnalysisContext): TSESTree.Identifier | undefined {
  const annotation = fn.returnType?.typeAnnotation;
  if (annotation?.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier') return annotation.typeName;
  const made = (value: Node | null | undefined) => {
    const v = value && unwrap(value);
    return v?.type === 'NewExpression' && v.callee.type === 'Identifier' ? v.callee : undefined;
  };
  if (fn.body.type !== 'BlockStatement') return made(fn.body);
  let name: TSESTree.Identifier | undefined;
  let ok = true;
  walk(fn.body, ctx.keys, (node) => {
    if (!ok || (node !== fn.body && isFunction(node))) return false;
    if (node.type !== 'ReturnStatement') return undefined;
    const id = made(node.argument);
    if (!id || (name && name.name !== id.name)) ok = false;
    name ??= id;
    return undefined;
  });
  return ok ? name : undefined;
}

/**
 * `this.pool = pool` in the constructor, with the parameter declared an instance of a class of
 * the project: `constructor(pool: Pool)` with `Pool` imported from './pool', or in JavaScript the
 * constructor's JSDoc `@param {import("./pool")} pool` (`options.pool` for a property of a
 * destructured options parameter, `import("./pool").Pool` for a named export). A declared type
 * is the author's statement of what the field holds, as a `new` is; a type the project does
 * not define as a class (an interface in a .d.ts) resolves to nothing and is not followed.
 */
function declared(value: Node, cls: ClassNode, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): Owner | undefined {
  const v = unwrap(value);
  if (v.type !== 'Identifier') return undefined;
  const variable = ctx.variableOf(v);
  const def = firstDefinition(variable);
  const ctor = constructorFunction(cls);
  if (!variable || !ctor || !soleDefinition(variable) || def?.type !== 'Parameter' || def.node !== ctor || isReassigned(variable)) return undefined;
  const id = def.name as TSESTree.Identifier;
  // TypeScript: `constructor(pool: Pool)`, `constructor(pool: Pool<Conn>)`.
  const annotation = id.typeAnnotation?.typeAnnotation;
  if (annotation?.type === 'TSTypeReference') return importedClass(annotation.typeName, ctx, host, analyze);
  // JavaScript: the JSDoc of the constructor names the parameter's type.
  const names = jsDocNames(id, ctor);
  const doc = names && leadingBlockComment(ctor.parent as Node, ctx);
  if (!names || !doc) return undefined;
  for (const m of doc.matchAll(JSDOC_IMPORT_PARAM)) {
    if (!names.test(m[4] as string)) continue;
    const name = m[3] ?? 'default';
    return classOwner(m[2] as string, name, name === 'default' ? id.name : name, host, analyze);
  }
  return undefined;
}

/** `@param {import("./pool")} options.pool`, `@param {import('./pool').Pool} [pool]`. */
const JSDOC_IMPORT_PARAM = /@param\s*\{\s*import\(\s*(['"])(\.\.?\/[^'"]+)\1\s*\)(?:\.([\w$]+))?\s*\}\s*\[?\s*([\w$.]+)/g;

/** The names JSDoc gives a parameter: its own (`pool`), or `<options>.pool` for a property of a destructured first parameter. */
function jsDocNames(id: TSESTree.Identifier, ctor: FunctionNode): RegExp | undefined {
  const escaped = id.name.replace(/\$/g, '\\$');
  const own = (p: Node | undefined) => (p?.type === 'AssignmentPattern' ? p.left : p) === id;
  if (ctor.params.some((p) => own(p))) return new RegExp(`^${escaped}$`);
  let first: Node | undefined = ctor.params[0];
  if (first?.type === 'AssignmentPattern') first = first.left;
  if (first?.type !== 'ObjectPattern') return undefined;
  const shorthand = first.properties.some((p) => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === id.name && own(p.value as Node));
  return shorthand ? new RegExp(`^[\\w$]+\\.${escaped}$`) : undefined;
}

/** The block comment right before a node (only blank space between): its JSDoc. */
function leadingBlockComment(node: Node, ctx: AnalysisContext): string | undefined {
  const comments = ctx.sourceCode.ast.comments ?? [];
  let lo = 0;
  let hi = comments.length;
  // The last comment that ends before the node starts.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((comments[mid] as TSESTree.Comment).range[1] <= node.range[0]) lo = mid + 1;
    else hi = mid;
  }
  const comment = comments[lo - 1];
  if (!comment || comment.type !== 'Block' || /\S/.test(ctx.sourceCode.text.slice(comment.range[1], node.range[0]))) return undefined;
  return comment.value;
}

/** An exported class of a relative module, by export name. */
function classOwner(module: string, name: string, label: string, host: NestedHost, analyze: Analyze): Owner | undefined {
  if (!isProjectSpecifier(host.filename, module)) return undefined;
  const file = resolveModule(host.filename, module);
  const found = file ? exported(file, name, host, analyze, 'retry', (summary, n) => summary.classes.get(n)) : undefined;
  return found && { cls: found.found, summary: found.summary, name: found.found.id?.name ?? label, module };
}

/**
 * The export an import names. A whole module (`const Pool = require('./pool')`) used as a class
 * or an instance is what `module.exports = …` holds, which the summary keeps as 'default'; an
 * ES namespace import is never one, so the lookup finds nothing.
 */
function exportOf(imported: string): string {
  return imported === '*' ? 'default' : imported;
}
