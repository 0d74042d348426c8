import type { TSESTree } from '@typescript-eslint/utils';
import { enclosingFunction, functionName, unwrap, type FunctionNode, type Node } from '../ast.js';
import { AnalysisContext, type Variable } from '../context.js';
import { objectArgument } from '../bind-arguments.js';
import { exported } from '../cross-file/imported-values.js';
import type { Analyze, ModuleSummary, NestedHost } from '../cross-file/shapes.js';
import type { HelperReader } from '../helpers/call-site.js';
import { importOf } from '../imports.js';
import { loopSite } from '../loops.js';
import { UNREAD_OPTION } from '../options/callers.js';
import { isProjectSpecifier } from '../specifiers/project.js';
import { resolveModule } from '../specifiers/resolve-module.js';
import type { RetryLoopNode } from '../ast.js';
import type { RetrySite } from '../types.js';

/**
 * Which retry does an object literal configure where it is written, with no call in sight?
 * `export const config: client.RetryConfig = { retries: 3, retryDelay: (n) => n * 1000 }`: its
 * declared type is one that a retry loop of the project reads its policy from, through a
 * variable of the loop's function declared with that type (a parameter `retry: RetryConfig`) or
 * made from a field its class declares so (`const retry = this.retry` with `retry?:
 * RetryConfig`). The loop read again with the literal in that variable's place gives the policy
 * the literal sets, reported where the literal is written: the strategy is defined here and
 * used elsewhere, and only here does the code say what it is. The type says where it goes, as a
 * call says it for the options written at the call.
 */
export function typedStrategySites(program: TSESTree.Program, ctx: AnalysisContext, host: NestedHost, analyze: Analyze, reader: HelperReader): RetrySite[] {
  const sites: RetrySite[] = [];
  for (const { literal, at, type } of typedLiterals(program)) {
    const target = declaredType(type, ctx, host, analyze);
    if (!target) continue;
    for (const loop of target.summary.sites) {
      if (loop.kind !== 'loop') continue;
      const holder = typedHolder(loop.node, target.declaration, target.summary.ctx);
      const object = holder && objectArgument(literal, { ctx, region: literal, counters: new Set(), depth: 0 });
      if (!holder || !object) continue;
      const loopCtx = new AnalysisContext(target.summary.ctx.sourceCode);
      reader.prepare(loopCtx, target.summary.file);
      loopCtx.paramObjects = new Map([[holder, object]]);
      loopCtx.paramValues = new Map([[holder, UNREAD_OPTION]]);
      const read = loopSite(loop.node as RetryLoopNode, loopCtx);
      if (!read) continue;
      sites.push({
        kind: 'library',
        library: target.module,
        node: literal,
        loc: at.loc,
        policy: read.policy,
        fromLibraryDefault: { delay: false, jitter: false, attempts: false },
        classifiesErrors: read.classifiesErrors,
        abortAware: read.abortAware,
        deadlineBound: read.deadlineBound,
        nested: [],
        declared: { noun: `retry setting read by the retry loop of ${loopOwner(loop.node)}from '${target.module}'`, jitterFix: 'Make the wait it computes random (between 0 and that wait)', edits: { options: 0 } },
        ...(read.withoutServerWait ? { withoutServerWait: true as const } : {}),
      });
      break;
    }
  }
  return sites;
}

/** `\`request()\` ` for the loop's function, when it has a name. */
function loopOwner(loop: Node): string {
  const fn = enclosingFunction(loop);
  const name = fn && functionName(fn);
  return name ? `\`${name}()\` ` : '';
}

interface TypedLiteral {
  literal: TSESTree.ObjectExpression;
  /** Where it is reported: the name it is declared under. */
  at: Node;
  type: TSESTree.TSTypeReference;
}

/** `const x: T = { … }` and `const x = { … } satisfies T` at the top of the module, exported or not. */
function typedLiterals(program: TSESTree.Program): TypedLiteral[] {
  const found: TypedLiteral[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== 'Identifier' || !declarator.init) continue;
      const init = declarator.init;
      const annotated = declarator.id.typeAnnotation?.typeAnnotation;
      const satisfied = init.type === 'TSSatisfiesExpression' || init.type === 'TSAsExpression' ? init.typeAnnotation : undefined;
      const type = annotated ?? satisfied;
      const literal = unwrap(init as Node);
      if (type?.type === 'TSTypeReference' && literal.type === 'ObjectExpression') found.push({ literal, at: declarator.id, type });
    }
  }
  return found;
}

/** The module a type imported from the project is declared in, by the name it has there. */
function declaredType(type: TSESTree.TSTypeReference, ctx: AnalysisContext, host: NestedHost, analyze: Analyze): { module: string; declaration: Node; summary: ModuleSummary } | undefined {
  const typeName = type.typeName;
  // `client.RetryConfig` with `import * as client`, or `RetryConfig` imported by name.
  const root = typeName.type === 'TSQualifiedName' ? typeName.left : typeName;
  if (root.type !== 'Identifier') return undefined;
  const origin = importOf(root, ctx);
  if (!origin || !isProjectSpecifier(host.filename, origin.module)) return undefined;
  const name = typeName.type === 'TSQualifiedName' ? (origin.imported === '*' ? typeName.right.name : undefined) : origin.imported;
  if (name === undefined || name === '*' || name === 'default') return undefined;
  const file = resolveModule(host.filename, origin.module);
  const found = file ? exported(file, name, host, analyze, 'retry', typeDeclaredIn) : undefined;
  return found && { module: origin.module, declaration: found.found, summary: found.summary };
}

/** `export type T = …` or `export interface T` in the module: its declaration. */
function typeDeclaredIn(summary: ModuleSummary, name: string): Node | undefined {
  for (const statement of summary.ctx.sourceCode.ast.body) {
    const d = statement.type === 'ExportNamedDeclaration' ? statement.declaration : undefined;
    if ((d?.type === 'TSTypeAliasDeclaration' || d?.type === 'TSInterfaceDeclaration') && d.id.name === name) return d;
  }
  return undefined;
}

/**
 * The variable of the loop's function the loop reads the type's values through: a parameter
 * declared with it, or a `const` made from a field of `this` its class declares with it.
 */
function typedHolder(loop: Node, declaration: Node, ctx: AnalysisContext): Variable | undefined {
  const fn = enclosingFunction(loop);
  if (!fn) return undefined;
  for (const param of fn.params) {
    const id = param.type === 'AssignmentPattern' ? param.left : param;
    if (id.type === 'Identifier' && namesType(id.typeAnnotation?.typeAnnotation, declaration, ctx)) return ctx.variableOf(id);
  }
  if (fn.body.type !== 'BlockStatement') return undefined;
  for (const statement of fn.body.body) {
    if (statement.type !== 'VariableDeclaration' || statement.kind !== 'const') continue;
    for (const declarator of statement.declarations) {
      const init = declarator.init && unwrap(declarator.init);
      if (declarator.id.type !== 'Identifier' || init?.type !== 'MemberExpression' || init.computed || unwrap(init.object).type !== 'ThisExpression' || init.property.type !== 'Identifier') continue;
      if (fieldType(fn, init.property.name, declaration, ctx)) return ctx.variableOf(declarator.id);
    }
  }
  return undefined;
}

/** The class around `fn` declares the field with the type (`retry?: RetryConfig`). */
function fieldType(fn: FunctionNode, field: string, declaration: Node, ctx: AnalysisContext): boolean {
  let cls: Node | undefined = fn.parent;
  while (cls && cls.type !== 'ClassBody') cls = cls.parent;
  if (cls?.type !== 'ClassBody') return false;
  return cls.body.some((member) => member.type === 'PropertyDefinition' && !member.computed && member.key.type === 'Identifier' && member.key.name === field && namesType(member.typeAnnotation?.typeAnnotation, declaration, ctx));
}

/** The annotation refers to the declaration (`RetryConfig`, `RetryConfig | undefined`), as the module's scope resolves it. */
function namesType(type: TSESTree.TypeNode | undefined, declaration: Node, ctx: AnalysisContext): boolean {
  if (!type) return false;
  if (type.type === 'TSUnionType') return type.types.some((t) => namesType(t, declaration, ctx));
  if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') return false;
  return ctx.variableOf(type.typeName)?.defs.some((def) => def.node === declaration) === true;
}
