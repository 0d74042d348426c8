import type { TSESTree } from '@typescript-eslint/utils';
import { keyName, propertyName, unwrap, type FunctionNode, type Node } from '../ast.js';
import { AnalysisContext } from '../context.js';
import { importOf, type ImportedName } from '../imports.js';
import { mayNameProjectModule } from '../specifiers/project.js';
import type { ClassNode, ModuleSummary } from './shapes.js';
import { classIn } from '../classes/class-in.js';

export { classIn };

/**
 * What does a module export, and under which names: ES exports, re-exports, CommonJS
 * `module.exports`, compiled `export *`, and the class a node belongs to.
 */

/**
 * Exported functions by export name: ES `export function f`, `export const f = () => …`,
 * `export { f as g }`, `export default function`; CommonJS `exports.f = f`,
 * `module.exports = { f }`, `module.exports = f` (as 'default'). Re-exports are kept apart,
 * to be followed on demand: `export { f } from './x'`, `export * from './x'`, an imported
 * binding exported again, and what TypeScript compiles them to (`__exportStar(require('./x'), exports)`).
 */
/** The names the module exports a function of its own by (`exports.f = f`, `export function f`, `module.exports = { f }`). */
export function exportedFunctionNames(fn: FunctionNode, ctx: AnalysisContext): string[] {
  return [...moduleExports(ctx).exports].flatMap(([name, f]) => (f === fn ? [name] : []));
}

export function moduleExports(ctx: AnalysisContext): Pick<ModuleSummary, 'exports' | 'reexports' | 'stars' | 'classes' | 'instances'> {
  const exports = new Map<string, FunctionNode>();
  const reexports = new Map<string, ImportedName>();
  const classes = new Map<string, ClassNode>();
  const instances = new Map<string, { cls: ClassNode; node: TSESTree.NewExpression }>();
  const stars: string[] = [];
  const add = (name: string, node: Node | null | undefined) => {
    if (!node || exports.has(name) || reexports.has(name) || classes.has(name) || instances.has(name)) return;
    const fn = ctx.functionIn(node);
    const cls = fn ? undefined : classIn(node, ctx);
    const made = fn || cls ? undefined : instanceOf(node, ctx);
    const origin = fn || cls || made ? undefined : reexported(node, ctx);
    if (fn) exports.set(name, fn);
    else if (cls) classes.set(name, cls);
    else if (made) instances.set(name, made);
    else if (origin) reexports.set(name, origin);
  };
  for (const statement of ctx.sourceCode.ast.body) {
    if (statement.type === 'ExportNamedDeclaration') {
      const d = statement.declaration;
      if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') && d.id) add(d.id.name, d);
      if (d?.type === 'VariableDeclaration') for (const v of d.declarations) if (v.id.type === 'Identifier') add(v.id.name, v.init);
      if (d?.type === 'TSModuleDeclaration') namespaceExports(d, add);
      const from = statement.source?.value;
      for (const spec of statement.specifiers) {
        if (spec.type !== 'ExportSpecifier') continue;
        const exported = exportName(spec.exported);
        if (from === undefined && spec.local.type === 'Identifier') add(exported, spec.local);
        else if (mayNameProjectModule(from) && !reexports.has(exported)) reexports.set(exported, { module: from, imported: exportName(spec.local) });
      }
    } else if (statement.type === 'ExportAllDeclaration') {
      // `export * as ns from` names a namespace, not functions of this module.
      if (!statement.exported && mayNameProjectModule(statement.source.value)) stars.push(statement.source.value);
    } else if (statement.type === 'ExportDefaultDeclaration') {
      // `export default { sleep, retry }` read as `utils.sleep()`: each property is the default's member, as `module.exports = { … }` is.
      const declaration = unwrap(statement.declaration as Node);
      if (declaration.type === 'ObjectExpression') {
        for (const p of declaration.properties) {
          const key = p.type === 'Property' && !p.computed ? keyName(p.key) : undefined;
          if (key !== undefined) add(key, (p as TSESTree.Property).value as Node);
        }
      }
      add('default', statement.declaration as Node);
    } else if (statement.type === 'ExpressionStatement') {
      const star = compiledExportStar(statement.expression, ctx);
      if (star) stars.push(star);
      else commonJsExport(statement.expression, ctx, add, stars);
    }
  }
  return { exports, reexports, stars, classes, instances };
}


/**
 * `export namespace Wait { export const until = … }`: the namespace's own functions and
 * classes, under `Wait.until` (what `Wait.until()` names where `Wait` is imported).
 */
function namespaceExports(declaration: TSESTree.TSModuleDeclaration, add: (name: string, node: Node | null | undefined) => void): void {
  if (declaration.id.type !== 'Identifier' || declaration.body?.type !== 'TSModuleBlock') return;
  const path = `${declaration.id.name}.`;
  for (const statement of declaration.body.body) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const d = statement.declaration;
    if ((d?.type === 'FunctionDeclaration' || d?.type === 'ClassDeclaration') && d.id) add(path + d.id.name, d);
    if (d?.type === 'VariableDeclaration') for (const v of d.declarations) if (v.id.type === 'Identifier') add(path + v.id.name, v.init);
  }
}

/** `new Retrier(…)` of a class of this module: the class and the expression. */
function instanceOf(node: Node, ctx: AnalysisContext): { cls: ClassNode; node: TSESTree.NewExpression } | undefined {
  const n = unwrap(node);
  const cls = n.type === 'NewExpression' ? classIn(n.callee, ctx) : undefined;
  return cls && n.type === 'NewExpression' ? { cls, node: n } : undefined;
}

export function exportName(node: TSESTree.Identifier | TSESTree.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

/** An export that names an import of a project module (`import { f } from './x'; export { f }`, `exports.f = require('./x').f`). */
function reexported(node: Node, ctx: AnalysisContext): ImportedName | undefined {
  const n = unwrap(node);
  let origin: ImportedName | undefined;
  if (n.type === 'Identifier') origin = importOf(n, ctx);
  else if (n.type === 'MemberExpression') {
    const module = requiredModule(n.object, ctx);
    const name = propertyName(n);
    if (module !== undefined && name !== undefined) origin = { module, imported: name };
  }
  return origin && mayNameProjectModule(origin.module) && origin.imported !== '*' ? origin : undefined;
}

/** `require('./x')`, with `require` the CommonJS global (not a local of that name). */
function requiredModule(node: Node, ctx: AnalysisContext): string | undefined {
  const n = unwrap(node);
  if (n.type !== 'CallExpression' || n.callee.type !== 'Identifier' || n.callee.name !== 'require' || ctx.variableOf(n.callee)?.defs.length) return undefined;
  const arg = n.arguments[0];
  return arg?.type === 'Literal' && typeof arg.value === 'string' ? arg.value : undefined;
}

/**
 * What compilers emit for `export * from './x'` in CommonJS: a call handed this module's
 * `exports` and another module's (`__exportStar(require("./x"), exports)` from TypeScript and
 * tslib, `__reExport(exports, require("./x"))` from esbuild). Known by those two arguments,
 * the CommonJS global and a required project module, whatever the helper is called.
 */
function compiledExportStar(expression: Node, ctx: AnalysisContext): string | undefined {
  const e = unwrap(expression);
  if (e.type !== 'CallExpression' || e.arguments.length !== 2) return undefined;
  const [a, b] = e.arguments as [Node, Node];
  const isExports = (n: Node) => n.type === 'Identifier' && n.name === 'exports' && !ctx.variableOf(n)?.defs.length;
  const module = isExports(b) ? requiredModule(a, ctx) : isExports(a) ? requiredModule(b, ctx) : undefined;
  return mayNameProjectModule(module) ? module : undefined;
}

function commonJsExport(expression: Node, ctx: AnalysisContext, add: (name: string, node: Node) => void, stars: string[]): void {
  const e = unwrap(expression);
  if (e.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'MemberExpression') return;
  const left = e.left;
  const object = unwrap(left.object);
  const name = propertyName(left);
  const isGlobal = (n: Node, global: string) => n.type === 'Identifier' && n.name === global && !ctx.variableOf(n)?.defs.length;
  const isModuleExports = (n: Node) => n.type === 'MemberExpression' && isGlobal(unwrap(n.object), 'module') && propertyName(n) === 'exports';
  // exports.f = …, module.exports.f = …
  if (name !== undefined && (isGlobal(object, 'exports') || isModuleExports(object))) {
    if (name !== 'exports') add(name, e.right);
    return;
  }
  if (!isModuleExports(left)) return;
  const right = unwrap(e.right);
  const whole = requiredModule(right, ctx);
  if (mayNameProjectModule(whole)) stars.push(whole);
  else if (right.type === 'ObjectExpression') {
    for (const p of right.properties) {
      if (p.type !== 'Property' || p.computed) continue;
      const key = keyName(p.key);
      if (key !== undefined) add(key, p.value as Node);
    }
  } else {
    add('default', right);
  }
}
