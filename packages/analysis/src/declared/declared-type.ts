import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { constructorFunction, soleDefinition } from '../definitions/bodies.js';
import { enclosingClass } from '../classes/class-members.js';

/**
 * The type the code declares for a value, read without a type checker: a parameter's or a
 * variable's annotation (a property of a destructured parameter takes its member of the
 * pattern's annotation), a field's of the enclosing class, and a member of any of these
 * through an object type written in the file (`deps: { http: Http }`, an interface or a
 * type alias of the file; type arguments are not applied). A declared type is the author's
 * statement of what every value the compiler lets through is, as `new` is of what one value is.
 * Anything else (a type imported from elsewhere, a union, a mapped type) gives nothing.
 */
export function declaredType(node: Node, ctx: AnalysisContext, depth = 0): TSESTree.TypeNode | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const n = unwrap(node);
  if (n.type === 'Identifier') return bindingType(n, ctx, depth);
  if (n.type !== 'MemberExpression' || n.computed) return undefined;
  const prop = propertyName(n);
  if (prop === undefined) return undefined;
  const object = unwrap(n.object);
  if (object.type === 'ThisExpression') return fieldType(n, prop);
  const type = declaredType(object, ctx, depth + 1);
  return type && memberType(type, prop, ctx, depth + 1);
}

const MAX_DEPTH = 4;

/** The annotation of the name a reference binds to: `client: Http`, `{ http }: { http: Http }`, `const c: Http = …`. */
function bindingType(id: TSESTree.Identifier, ctx: AnalysisContext, depth: number): TSESTree.TypeNode | undefined {
  const name = boundName(id, ctx);
  if (!name) return undefined;
  const own = name.typeAnnotation?.typeAnnotation;
  if (own) return own;
  const taken = patternMember(name);
  return taken && memberType(taken.type, taken.key, ctx, depth + 1);
}

/** The name a parameter or variable declares, when it is declared once. */
function boundName(id: TSESTree.Identifier, ctx: AnalysisContext): TSESTree.Identifier | undefined {
  const def = soleDefinition(ctx.variableOf(id));
  return def && (def.type === 'Parameter' || def.type === 'Variable') && def.name.type === 'Identifier' ? def.name : undefined;
}

/** `({ http }: Deps)`: the declared type of the pattern a name is taken from, and its key there. */
export function patternMember(name: TSESTree.Identifier): { type: TSESTree.TypeNode; key: string } | undefined {
  const property = name.parent;
  if (property?.type !== 'Property' || property.value !== name || property.computed || property.key.type !== 'Identifier') return undefined;
  const pattern = property.parent;
  const type = pattern?.type === 'ObjectPattern' ? pattern.typeAnnotation?.typeAnnotation : undefined;
  return type && { type, key: property.key.name };
}

/** `this.deps`: the annotation of the field the class declares, or of its parameter property. */
function fieldType(member: TSESTree.MemberExpression, prop: string): TSESTree.TypeNode | undefined {
  const cls = enclosingClass(member);
  if (!cls) return undefined;
  const isPrivate = member.property.type === 'PrivateIdentifier';
  for (const element of cls.body.body) {
    if (element.type !== 'PropertyDefinition' || element.static || element.computed) continue;
    if (element.key.type !== (isPrivate ? 'PrivateIdentifier' : 'Identifier') || element.key.name !== prop) continue;
    return element.typeAnnotation?.typeAnnotation;
  }
  if (isPrivate) return undefined;
  for (const p of constructorFunction(cls)?.params ?? []) {
    if (p.type !== 'TSParameterProperty') continue;
    const param = p.parameter.type === 'AssignmentPattern' ? p.parameter.left : p.parameter;
    if (param.type === 'Identifier' && param.name === prop) return param.typeAnnotation?.typeAnnotation;
  }
  return undefined;
}

/** The declared type of member `prop` of an object type: a type literal, or an interface or type alias of the file. */
export function memberType(type: TSESTree.TypeNode, prop: string, ctx: AnalysisContext, depth = 0): TSESTree.TypeNode | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const members = objectMembers(type, ctx, depth);
  for (const member of members ?? []) {
    if (member.type === 'TSPropertySignature' && memberKey(member) === prop) return member.typeAnnotation?.typeAnnotation;
  }
  return undefined;
}

/**
 * The parameters a called value is declared to take: `getSocket: (h: Handlers) => …` as a
 * parameter or a property of a destructured one, `source.watch(h)` with `watch(h: Handlers)` a
 * method of the declared type of `source`.
 */
export function declaredParameters(callee: Node, ctx: AnalysisContext): TSESTree.Parameter[] | undefined {
  const n = unwrap(callee);
  if (n.type === 'Identifier') {
    const name = boundName(n, ctx);
    const own = name?.typeAnnotation?.typeAnnotation;
    if (own) return own.type === 'TSFunctionType' ? own.params : undefined;
    const taken = name && patternMember(name);
    return taken && memberParameters(taken.type, taken.key, ctx);
  }
  if (n.type !== 'MemberExpression' || n.computed) return undefined;
  const prop = propertyName(n);
  const type = prop === undefined ? undefined : declaredType(n.object, ctx);
  return type && prop !== undefined ? memberParameters(type, prop, ctx) : undefined;
}

/** The parameters of member `prop` of an object type: a method signature, or a property declared a function type. */
export function memberParameters(type: TSESTree.TypeNode, prop: string, ctx: AnalysisContext): TSESTree.Parameter[] | undefined {
  for (const member of objectMembers(type, ctx, 0) ?? []) {
    if ((member.type !== 'TSMethodSignature' && member.type !== 'TSPropertySignature') || memberKey(member) !== prop) continue;
    if (member.type === 'TSMethodSignature') return member.params;
    const annotation = member.typeAnnotation?.typeAnnotation;
    return annotation?.type === 'TSFunctionType' ? annotation.params : undefined;
  }
  return undefined;
}

/** `http: Http`, `'http': Http`, `send(x): void`: the member's name (none when computed). */
function memberKey(member: TSESTree.TSPropertySignature | TSESTree.TSMethodSignature): string | undefined {
  if (member.computed) return undefined;
  return member.key.type === 'Identifier' ? member.key.name : member.key.type === 'Literal' && typeof member.key.value === 'string' ? member.key.value : undefined;
}

function objectMembers(type: TSESTree.TypeNode, ctx: AnalysisContext, depth: number): TSESTree.TypeElement[] | undefined {
  if (type.type === 'TSTypeLiteral') return type.members;
  // (Type arguments are not applied: a member declared with a type parameter names no class nor function type.)
  if (type.type !== 'TSTypeReference' || type.typeName.type !== 'Identifier') return undefined;
  // (A type's definitions are read as they are: definitionsOf leaves declarations without a value out.)
  const defs = ctx.variableOf(type.typeName)?.defs.filter((d) => d.type === 'Type') ?? [];
  const declaration = defs.length === 1 ? (defs[0]?.node as Node) : undefined;
  // (An interface's own members: one it inherits is not looked for.)
  if (declaration?.type === 'TSInterfaceDeclaration') return declaration.body.body;
  if (declaration?.type === 'TSTypeAliasDeclaration' && depth < MAX_DEPTH) return objectMembers(declaration.typeAnnotation, ctx, depth + 1);
  return undefined;
}
