import type { TSESTree } from '@typescript-eslint/utils';
import { walk, type Node } from './ast.js';
import type { AnalysisContext, Variable } from './context.js';
import { enclosingClass } from './classes/class-members.js';
import { importOf } from './imports.js';
import { librarySite } from './libraries.js';
import type { RetrySite } from './types.js';

/**
 * Parameters and fields declared with the type of a catalogued client class whose requests
 * retry by themselves
 * (`r2: S3Client`, `constructor(private readonly redis: Redis)`, `private s3: S3Client`), where
 * the type is imported from the client's own module: they hold such a client, made elsewhere
 * (by a caller, or a dependency-injection container). The declared type is the evidence, not
 * the name. Whoever made the client may have configured its retries, so the count is not
 * known; that the client retries by itself is what its class does unless told otherwise. Seen
 * by nesting only: a retry around `r2.send()` retries a client that retries again.
 */
export interface TypedClients {
  /** Parameters (and the constructor's parameter of a parameter property). */
  variables: Map<Variable, RetrySite>;
  /** Fields, by `fieldKey(class, name)`. */
  fields: Map<string, RetrySite>;
  sites: RetrySite[];
}

export function fieldKey(cls: Node, name: string): string {
  return `${cls.range[0]}:${name}`;
}

export function typedClients(ast: Node, ctx: AnalysisContext, catalogued: (module: string) => boolean): TypedClients | undefined {
  let found: TypedClients | undefined;
  const add = (annotation: TSESTree.TSTypeAnnotation | undefined, holder: Node, variable: Variable | undefined, field: string | undefined, cls: Node | undefined) => {
    const type = annotation?.typeAnnotation;
    if (type?.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier' || type.typeArguments) return;
    const origin = importOf(type.typeName, ctx);
    if (!origin || origin.imported === '*' || !catalogued(origin.module.replace(/^node:/, ''))) return;
    const site = defaultClient(type.typeName, holder, ctx);
    if (!site) return;
    found ??= { variables: new Map(), fields: new Map(), sites: [] };
    found.sites.push(site);
    if (variable) found.variables.set(variable, site);
    if (field !== undefined && cls) found.fields.set(fieldKey(cls, field), site);
  };
  walk(ast, ctx.keys, (node) => {
    if (node.type === 'TSParameterProperty' && node.parameter.type === 'Identifier') {
      const cls = enclosingClass(node);
      add(node.parameter.typeAnnotation, node, ctx.variableOf(node.parameter), node.parameter.name, cls);
    } else if (node.type === 'Identifier' && node.typeAnnotation && isParameter(node)) {
      add(node.typeAnnotation, node, ctx.variableOf(node), undefined, undefined);
    } else if (node.type === 'PropertyDefinition' && !node.static && !node.computed && node.key.type === 'Identifier' && !node.value) {
      add(node.typeAnnotation, node, undefined, node.key.name, enclosingClass(node));
    }
    return undefined;
  });
  return found;
}

/** What the catalog reads of `new Client()` with no options: the class's own retries. */
function defaultClient(name: TSESTree.Identifier, holder: Node, ctx: AnalysisContext): RetrySite | undefined {
  const made = { type: 'NewExpression', callee: name, arguments: [], typeArguments: undefined, range: holder.range, loc: holder.loc, parent: holder.parent } as unknown as TSESTree.NewExpression;
  const finding = librarySite(made, ctx);
  if (!finding || finding.site.policy.maxAttempts === 1) return undefined;
  const site = finding.site;
  return { ...site, node: holder, loc: holder.loc, policy: { ...site.policy, maxAttempts: 'unknown' }, fromLibraryDefault: { delay: true, jitter: true, attempts: false } };
}

function isParameter(id: TSESTree.Identifier): boolean {
  const parent = id.parent;
  if (!parent) return false;
  if ((parent.type === 'FunctionDeclaration' || parent.type === 'FunctionExpression' || parent.type === 'ArrowFunctionExpression') && parent.params.includes(id)) return true;
  return parent.type === 'AssignmentPattern' && parent.left === id && (parent.parent?.type === 'FunctionDeclaration' || parent.parent?.type === 'FunctionExpression' || parent.parent?.type === 'ArrowFunctionExpression');
}
