import type { TSESLint, TSESTree } from '@typescript-eslint/utils';

/**
 * Which declaration of a name, a class member or a constructor is its definition: the one
 * whose code runs. TypeScript lets a name be declared several times without code (overload
 * signatures, `declare` and abstract members, an interface merged with a class); those say
 * what callers may pass, never what happens, so every look-up of a definition goes through
 * here and never reads one of them.
 */

export type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;
type Definition = TSESLint.Scope.Definition;
type Variable = TSESLint.Scope.Variable;

/** A declaration that gives no code: an overload signature, an ambient or abstract member, a type. */
export function isBodiless(node: TSESTree.Node): boolean {
  switch (node.type) {
    case 'TSDeclareFunction':
    case 'TSEmptyBodyFunctionExpression':
    case 'TSAbstractMethodDefinition':
    case 'TSAbstractPropertyDefinition':
    case 'TSAbstractAccessorProperty':
    case 'TSIndexSignature':
    case 'TSInterfaceDeclaration':
    case 'TSTypeAliasDeclaration':
      return true;
    case 'MethodDefinition':
      return node.value.type === 'TSEmptyBodyFunctionExpression' || !node.value.body;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
      return !node.body;
    case 'ClassDeclaration':
    case 'VariableDeclaration':
      return node.declare === true;
    default:
      return false;
  }
}

const definitionsCache = new WeakMap<Variable, readonly Definition[]>();

/** The declarations of a variable that define its value (see isBodiless). */
export function definitionsOf(variable: Variable): readonly Definition[] {
  let found = definitionsCache.get(variable);
  if (!found) {
    found = variable.defs.some(declaresOnly) ? variable.defs.filter((def) => !declaresOnly(def)) : variable.defs;
    definitionsCache.set(variable, found);
  }
  return found;
}

/** The one definition of a variable, when it has exactly one (a name defined twice has no single value). */
export function soleDefinition(variable: Variable | null | undefined): Definition | undefined {
  if (!variable) return undefined;
  const defs = definitionsOf(variable);
  return defs.length === 1 ? defs[0] : undefined;
}

/** The first definition of a variable (a parameter redeclared by `var` has two; the first is the parameter). */
export function firstDefinition(variable: Variable | null | undefined): Definition | undefined {
  return variable ? definitionsOf(variable)[0] : undefined;
}

function declaresOnly(def: Definition): boolean {
  if (def.type === 'Type') return true;
  // `declare const x: T` is a Variable def whose node is the declarator; the `declare` is on its parent.
  if (def.type === 'Variable') return def.parent?.type === 'VariableDeclaration' && def.parent.declare === true;
  return isBodiless(def.node as TSESTree.Node);
}

type Member = TSESTree.ClassElement;
const membersCache = new WeakMap<TSESTree.ClassBody, readonly Member[]>();

/** The members of a class body that define something: overload signatures and abstract or ambient members left out. */
export function classMembers(cls: ClassNode | TSESTree.ClassBody): readonly Member[] {
  const body = cls.type === 'ClassBody' ? cls : cls.body;
  let found = membersCache.get(body);
  if (!found) {
    found = body.body.some(isBodiless) ? body.body.filter((e) => !isBodiless(e)) : body.body;
    membersCache.set(body, found);
  }
  return found;
}

/** The constructor whose code runs (`constructor(url: string);` overloads are not it). */
export function constructorOf(cls: ClassNode): TSESTree.MethodDefinition | undefined {
  return classMembers(cls).find((e): e is TSESTree.MethodDefinition => e.type === 'MethodDefinition' && e.kind === 'constructor');
}

/** The constructor's function, when the class has one with code. */
export function constructorFunction(cls: ClassNode): TSESTree.FunctionExpression | undefined {
  const ctor = constructorOf(cls);
  return ctor?.value.type === 'FunctionExpression' ? ctor.value : undefined;
}
