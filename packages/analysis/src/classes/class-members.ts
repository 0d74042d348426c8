import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, isFunction, propertyName, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext, Env } from '../context.js';
import { filledDefault, writtenOtherwise } from '../filled-defaults.js';
import { classMembers, firstDefinition } from '../definitions/bodies.js';

/**
 * What does a class hold: the class around a node, a field's initial value, the writes to a
 * member (`this.x = …`) within a region, a getter's body.
 */

/** The getter `get name()` (or `get #name()`) of a class, not static. */
export function classGetter(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, name: string, isPrivate: boolean): FunctionNode | undefined {
  const keyType = isPrivate ? 'PrivateIdentifier' : 'Identifier';
  for (const element of classMembers(cls)) {
    if (element.type === 'MethodDefinition' && element.kind === 'get' && !element.static && !element.computed && element.key.type === keyType && element.key.name === name && isFunction(element.value)) return element.value;
  }
  return undefined;
}

export function enclosingClass(node: Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'ClassDeclaration' || p.type === 'ClassExpression') return p;
    // An arrow keeps `this`; a function does not.
    if (p.type === 'FunctionDeclaration') return undefined;
    if (p.type === 'FunctionExpression' && p.parent?.type !== 'MethodDefinition' && p.parent?.type !== 'Property') return undefined;
  }
  return undefined;
}

export function classOf(id: TSESTree.Identifier, env: Env): TSESTree.ClassDeclaration | undefined {
  const def = firstDefinition(env.ctx.variableOf(id));
  return def?.node.type === 'ClassDeclaration' ? def.node : undefined;
}

/**
 * A class field's value once constructed, when no code after the constructor writes it (the
 * callers ask isMutableMember): the constructor's own `this.x = …` (it runs after the
 * initialisers), else the initialiser. A write the constructor makes only on some paths (`if
 * (options.maxRetries != null) this.maxRetries = …`) leaves the value open: none.
 */
export function classFieldValue(
  cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression,
  prop: string,
  isStatic: boolean,
): Node | undefined {
  let value: Node | undefined;
  let constructorValue: Node | undefined;
  let conditional = false;
  for (const element of classMembers(cls)) {
    if (element.type === 'PropertyDefinition' && !element.computed && element.static === isStatic) {
      const key = element.key;
      if ((key.type === 'Identifier' || key.type === 'PrivateIdentifier') && key.name === prop && element.value) value = element.value;
    }
    if (element.type !== 'MethodDefinition' || element.kind !== 'constructor') continue;
    // `constructor(private readonly base = 100)`: the field is the parameter, its default or what a construction passes.
    for (const p of isStatic ? [] : element.value.params) {
      const param = p.type === 'TSParameterProperty' ? (p.parameter.type === 'AssignmentPattern' ? p.parameter.left : p.parameter) : undefined;
      if (param?.type === 'Identifier' && param.name === prop) constructorValue = param;
    }
    const body = element.value.body;
    if (!body || isStatic) continue;
    for (const write of constructorWrites(body, prop)) {
      const statement = write.parent;
      if (write.operator === '=' && statement?.type === 'ExpressionStatement' && statement.parent === body) constructorValue = write.right;
      else conditional = true;
    }
  }
  if (conditional) return undefined;
  return constructorValue ?? value;
}

/**
 * `this.prop = …` anywhere in a constructor's body, in source order (its nodes are read by their
 * own keys: no visitor keys here). A function the constructor makes runs later: not searched.
 */
function constructorWrites(body: TSESTree.BlockStatement, prop: string): TSESTree.AssignmentExpression[] {
  const writes: TSESTree.AssignmentExpression[] = [];
  const visit = (node: Node): void => {
    if (node !== body && isFunction(node)) return;
    if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression' && node.left.object.type === 'ThisExpression' && propertyName(node.left) === prop) writes.push(node);
    for (const [key, child] of Object.entries(node)) {
      if (key === 'parent' || key === 'loc' || key === 'range' || key === 'typeAnnotation' || key === 'returnType') continue;
      for (const item of Array.isArray(child) ? child : [child]) if (item && typeof item === 'object' && typeof (item as Node).type === 'string') visit(item as Node);
    }
  };
  visit(body);
  return writes;
}

/** Member writes of a region by dotted name, collected in one walk of the region. */
const memberWritesCache = new WeakMap<Node, Map<string, Node[]>>();

/** Assignments and updates of `this.delay`-style members inside a region. */
export function memberWritesWithin(dotted: string, env: Env): readonly Node[] {
  let byName = memberWritesCache.get(env.region);
  if (!byName) {
    const found = new Map<string, Node[]>();
    walk(env.region, env.ctx.keys, (node) => {
      if (node.type === 'AssignmentExpression' || node.type === 'UpdateExpression') {
        const target = node.type === 'AssignmentExpression' ? node.left : node.argument;
        const name = target.type === 'MemberExpression' ? dottedName(target) : undefined;
        if (name !== undefined) {
          const list = found.get(name);
          if (list) list.push(target);
          else found.set(name, [target]);
        }
      }
    });
    byName = found;
    memberWritesCache.set(env.region, byName);
  }
  return byName.get(dotted) ?? [];
}

/**
 * The write is a statement of the region itself, with nothing awaited before it: the attempt
 * starts by filling the option in. Written later (on the failure path, after the operation ran),
 * the option may have been set meanwhile: not read as its default.
 */
function fillsFirst(write: Node, region: Node, ctx: AnalysisContext): boolean {
  const statement = write.parent?.parent;
  if (statement?.type !== 'ExpressionStatement' || statement.parent !== region || region.type !== 'BlockStatement') return false;
  for (const before of region.body) {
    if (before === statement) return true;
    let awaits = false;
    walk(before, ctx.keys, (n) => {
      if (awaits || (n !== before && isFunction(n))) return false;
      if (n.type === 'AwaitExpression' || n.type === 'YieldExpression') awaits = true;
      return !awaits;
    });
    if (awaits) return false;
  }
  return false;
}

/** Every write fills the option's default in (filledDefault) at the start of the attempt: the defaults, else undefined. */
export function filledDefaults(writes: readonly Node[], prop: string | undefined, env: Env): Node[] | undefined {
  if (prop === undefined || writes.some((w) => !filledDefault(w) || !fillsFirst(w, env.region, env.ctx)) || writtenOtherwise(prop, env.ctx)) return undefined;
  const defaults: Node[] = [];
  for (const write of writes) {
    const fallback = filledDefault(write);
    if (!fallback) return undefined;
    defaults.push(fallback);
  }
  return defaults;
}
