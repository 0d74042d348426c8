import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';
import { constructorFunction } from '../definitions/bodies.js';
import { enclosingClass } from '../classes/class-members.js';
import { classIn } from '../classes/class-in.js';
import type { ClassNode } from '../definitions/bodies.js';
import { methodOf } from './instance-methods.js';

/**
 * Which bodies may `this.m()` run, and what do an instance's constructor parameters hold?
 * A method call on `this` runs the method of the object's class: the one the enclosing class
 * defines or inherits, or an override of a class of this file that extends it (an abstract
 * `delayFor` has only those). A construction's arguments are what its fields were set from.
 */

const MAX_DEPTH = 3;

/** The subclasses of each class of a file, by the class they extend (a class of the same file). */
const subclassCache = new WeakMap<AnalysisContext, Map<ClassNode, ClassNode[]>>();

function subclassesOf(cls: ClassNode, ctx: AnalysisContext): readonly ClassNode[] {
  let index = subclassCache.get(ctx);
  if (!index) {
    const found = new Map<ClassNode, ClassNode[]>();
    walk(ctx.sourceCode.ast as Node, ctx.keys, (node) => {
      if ((node.type !== 'ClassDeclaration' && node.type !== 'ClassExpression') || !node.superClass) return undefined;
      const parent = classIn(node.superClass, ctx);
      if (parent && parent !== node) {
        const list = found.get(parent);
        if (list) list.push(node);
        else found.set(parent, [node]);
      }
      return undefined;
    });
    subclassCache.set(ctx, (index = found));
  }
  return index.get(cls) ?? [];
}

/**
 * The bodies `this.name(…)` may run inside `cls`: its own or inherited method, and the methods
 * named so in the classes of this file that extend it, a few levels down. Empty when none has
 * a body (a method of a class of another module, an abstract one implemented nowhere here).
 */
export function dispatchedMethods(call: TSESTree.CallExpression, ctx: AnalysisContext): readonly FunctionNode[] {
  const callee = unwrap(call.callee);
  if (callee.type !== 'MemberExpression' || callee.computed || unwrap(callee.object).type !== 'ThisExpression' || callee.property.type !== 'Identifier') return [];
  const cls = enclosingClass(callee);
  const name = callee.property.name;
  if (!cls) return [];
  const found = new Set<FunctionNode>();
  const own = methodOf(cls, name, ctx);
  if (own) found.add(own);
  const visit = (parent: ClassNode, depth: number) => {
    if (depth > MAX_DEPTH) return;
    for (const sub of subclassesOf(parent, ctx)) {
      const fn = methodOf(sub, name);
      if (fn) found.add(fn);
      visit(sub, depth + 1);
    }
  };
  visit(cls, 1);
  return [...found];
}

/**
 * What the constructor's parameters of `made`'s class hold for this construction: each bound to
 * the value of its argument (a parameter property too), and up the classes of this file it
 * extends through `super(…)` (or the arguments themselves, when a class has no constructor).
 * Parameters given no argument keep their defaults, read where they are declared.
 */
export function constructionBindings<V>(made: TSESTree.NewExpression, ctx: AnalysisContext, valueOf: (arg: Node, bindings: ReadonlyMap<Variable, V>) => V): Map<Variable, V> {
  const bindings = new Map<Variable, V>();
  let cls = classIn(made.callee, ctx);
  let args: readonly Node[] = made.arguments;
  for (let depth = 0; cls && depth <= MAX_DEPTH; depth++) {
    if (args.some((a) => a.type === 'SpreadElement')) break;
    const ctor = constructorFunction(cls);
    if (!ctor) {
      // No constructor: the implicit one hands its arguments to the class it extends.
      cls = cls.superClass ? classIn(cls.superClass, ctx) : undefined;
      continue;
    }
    const scope = ctx.sourceCode.getScope(ctor);
    const given = args.map((a) => valueOf(a, bindings));
    ctor.params.forEach((p, i) => {
      const param = p.type === 'TSParameterProperty' ? p.parameter : p;
      const id = param.type === 'AssignmentPattern' ? param.left : param;
      const variable = id.type === 'Identifier' ? scope.set.get(id.name) : undefined;
      const value = given[i];
      if (variable && value !== undefined && i < args.length) bindings.set(variable, value);
    });
    const superCall = cls.superClass ? superCallOf(ctor, ctx) : undefined;
    if (!superCall) break;
    cls = classIn(cls.superClass as Node, ctx);
    args = superCall.arguments;
  }
  return bindings;
}

function superCallOf(ctor: FunctionNode, ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  let found: TSESTree.CallExpression | undefined;
  walk(ctor.body, ctx.keys, (node) => {
    if (found) return false;
    if (node.type === 'CallExpression' && node.callee.type === 'Super') found = node;
    return undefined;
  });
  return found;
}
