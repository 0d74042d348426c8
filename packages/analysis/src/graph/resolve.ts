import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, propertyName, unwrap, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/**
 * The function of this file an expression names, read from scopes and class bodies alone: a
 * local function (`send`), or a method of the class `this` is an instance of (`this.send`).
 */
export function localResolve(ctx: AnalysisContext): (expression: Node) => FunctionNode | undefined {
  return (expression) => {
    const e = unwrap(expression);
    if (e.type === 'Identifier') return ctx.functionOf(e);
    if (e.type === 'MemberExpression' && unwrap(e.object).type === 'ThisExpression') {
      const name = propertyName(e);
      const cls = thisClass(e);
      return name !== undefined && cls ? methodNamed(cls, name) : undefined;
    }
    return undefined;
  };
}

/** The class whose instance `this` is at `node`: through arrows, up to a method or field of a class. */
export function thisClass(node: Node): ClassNode | undefined {
  const method = thisMethod(node);
  const owner = method?.parent;
  if (owner?.type === 'MethodDefinition' || owner?.type === 'PropertyDefinition') {
    if (owner.static) return undefined;
    const body = owner.parent;
    const cls = body?.parent;
    if (cls?.type === 'ClassDeclaration' || cls?.type === 'ClassExpression') return cls;
  }
  return undefined;
}

/** The function that binds `this` at `node` (arrows do not). */
export function thisMethod(node: Node): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) if (isFunction(p) && p.type !== 'ArrowFunctionExpression') return p;
  return undefined;
}

/** The class's own instance method (or arrow field) of that name; a getter or setter is not one. */
export function methodNamed(cls: ClassNode, name: string): FunctionNode | undefined {
  for (const element of cls.body.body) {
    if (element.type !== 'MethodDefinition' && element.type !== 'PropertyDefinition') continue;
    if (element.static || element.computed) continue;
    const key = element.key.type === 'Identifier' || element.key.type === 'PrivateIdentifier' ? element.key.name : undefined;
    if (key !== name) continue;
    // (An overload signature has no body: the definition is the one that does.)
    if (element.type === 'MethodDefinition') {
      if (element.kind === 'method' && element.value.type === 'FunctionExpression') return element.value;
      continue;
    }
    const value = element.value && unwrap(element.value);
    return value && isFunction(value) ? value : undefined;
  }
  return undefined;
}

/** The class's instance methods with a body (not the constructor, accessors or static ones). */
export function instanceMethods(cls: ClassNode): FunctionNode[] {
  const result: FunctionNode[] = [];
  for (const element of cls.body.body) {
    if (element.type === 'MethodDefinition' && !element.static && element.kind === 'method' && element.value.type === 'FunctionExpression') result.push(element.value);
    else if (element.type === 'PropertyDefinition' && !element.static && element.value && isFunction(unwrap(element.value))) result.push(unwrap(element.value) as FunctionNode);
  }
  return result;
}
