import { dottedName, isFunction, propertyName, unwrap, type FunctionNode, type Node } from './ast.js';

/**
 * What a file's nodes are read from: the analysis context (its recorded traversal). Only this,
 * so that the context itself can ask which names are ES5 constructors.
 */
export interface FileNodes {
  nodesOfKind(type: 'AssignmentExpression'): readonly Node[];
}

/**
 * Methods written the ES5 way (`Queue.prototype.next = function () {…}`): the constructor's
 * name and the method's, for a function assigned so. Undefined for anything else.
 */
export function prototypeSlot(fn: FunctionNode): { owner: string; name: string } | undefined {
  const parent = fn.parent;
  if (parent?.type !== 'AssignmentExpression' || parent.operator !== '=' || parent.right !== fn) return undefined;
  const left = parent.left;
  if (left.type !== 'MemberExpression' || left.computed || left.property.type !== 'Identifier') return undefined;
  const proto = unwrap(left.object);
  if (proto.type !== 'MemberExpression' || proto.computed || propertyName(proto) !== 'prototype') return undefined;
  const owner = dottedName(proto.object);
  return owner === undefined ? undefined : { owner, name: left.property.name };
}

/** Per file: `Owner#name` to the one function assigned there (null where a name is assigned twice). */
const slots = new WeakMap<FileNodes, Map<string, FunctionNode | null>>();

function prototypeMethods(ctx: FileNodes): Map<string, FunctionNode | null> {
  let methods = slots.get(ctx);
  if (methods) return methods;
  const found = new Map<string, FunctionNode | null>();
  // The assignments ESLint's traversal recorded: no walk of the file, and once per file.
  for (const node of ctx.nodesOfKind('AssignmentExpression')) {
    if (node.type !== 'AssignmentExpression' || !isFunction(node.right)) continue;
    const slot = prototypeSlot(node.right as FunctionNode);
    if (!slot) continue;
    const key = `${slot.owner}#${slot.name}`;
    found.set(key, found.has(key) ? null : (node.right as FunctionNode));
  }
  slots.set(ctx, (methods = found));
  return methods;
}

/** The names whose prototypes this file assigns methods to (`Queue` of `Queue.prototype.run = function`): constructors. */
export function prototypeOwners(ctx: FileNodes): ReadonlySet<string> {
  let owners = ownerSets.get(ctx);
  if (!owners) {
    owners = new Set();
    for (const key of prototypeMethods(ctx).keys()) owners.add(key.slice(0, key.lastIndexOf('#')));
    ownerSets.set(ctx, owners);
  }
  return owners;
}

const ownerSets = new WeakMap<FileNodes, Set<string>>();

/**
 * `this.b` read inside `F.prototype.a = function () {…}`: the function assigned to
 * `F.prototype.b` in this file, when exactly one is.
 */
export function prototypeSibling(receiver: FunctionNode, name: string, ctx: FileNodes): FunctionNode | undefined {
  const slot = prototypeSlot(receiver);
  if (!slot) return undefined;
  return prototypeMethods(ctx).get(`${slot.owner}#${name}`) ?? undefined;
}

/** `Owner.prototype.name = function` of this file, when exactly one is assigned. */
export function prototypeMethod(ctx: FileNodes, owner: string, name: string): FunctionNode | undefined {
  return prototypeMethods(ctx).get(`${owner}#${name}`) ?? undefined;
}
