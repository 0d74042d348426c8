import type { TSESTree } from '@typescript-eslint/utils';
import { contains, dottedName, enclosingFunction, isAnyLoop, isFunction, propertyName, unwrap, walk, type Node } from '../ast.js';
import { isReassigned, onlyNormalised, writesWithin, type Env, type Variable } from '../context.js';
import { firstDefinition, soleDefinition } from '../definitions/bodies.js';

/**
 * Where, relative to a region, is a variable declared, written or read: declared outside it,
 * written after a test, stepped in a loop within it, kept as it was by a defaulting write.
 */

export function declaredOutside(variable: Variable, region: Node): boolean {
  // An enum, and a constant only declared (`declare const BASE_MS: number`), hold values set
  // before any code here runs, and no code assigns them.
  if (variable.defs.length > 0 && variable.defs.every((d) => d.type === 'TSEnumName' || (d.type === 'Variable' && d.parent?.type === 'VariableDeclaration' && d.parent.declare && d.parent.kind === 'const'))) return true;
  const def = soleDefinition(variable);
  if (!def) return false;
  // An import sits at the top of its module and this module cannot assign it: fixed before any retry starts.
  if (def.type === 'ImportBinding') return true;
  if (def.type !== 'Variable' && def.type !== 'Parameter') return false;
  const name = def.name as Node;
  // `for (let n = 0; …; n += 1)`: the head's declaration runs once, before the first attempt;
  // the value goes on from one turn to the next as one declared before the loop does.
  if (region.type === 'ForStatement' && region.init && region.init.range[0] <= name.range[0] && name.range[1] <= region.init.range[1]) return true;
  return !(region.range[0] <= name.range[0] && name.range[1] <= region.range[1]);
}

/**
 * `this.reconnectPeriod`, `options.retryDelay`: a property nobody writes after construction,
 * read through `this` or a binding fixed before the retry, is the same for every attempt.
 */
export function invariantMember(member: TSESTree.MemberExpression, env: Env): boolean {
  let n: Node = member;
  while (n.type === 'MemberExpression') {
    if (n.computed && unwrap(n.property).type !== 'Literal') return false;
    const prop = propertyName(n);
    if (prop === undefined || env.ctx.isMutableMember(prop)) return false;
    n = unwrap(n.object);
  }
  if (n.type === 'ThisExpression') return true;
  if (n.type !== 'Identifier') return false;
  const variable = env.ctx.variableOf(n);
  if (!variable) return false;
  // `var self = this` (never written again): `self.baseDelay` is `this.baseDelay`.
  if (holdsThis(variable)) return true;
  // `opts = opts || {}` and the like keep the caller's options: still fixed for the whole retry.
  if (onlyNormalised(variable)) return declaredOutside(variable, env.region);
  return writesWithin(variable, env.region).length === 0 && !isReassigned(variable) && declaredOutside(variable, env.region);
}

function holdsThis(variable: Variable): boolean {
  const def = soleDefinition(variable);
  return def?.type === 'Variable' && def.node.id === def.name && def.node.init?.type === 'ThisExpression' && !isReassigned(variable);
}

/** The `for … of` / `for … in` whose head declares this (a new value each turn), if any. */
export function iteratedBy(declarator: Node | undefined): TSESTree.ForOfStatement | TSESTree.ForInStatement | undefined {
  const declaration = declarator?.type === 'VariableDeclarator' ? declarator.parent : undefined;
  const loop = declaration?.parent;
  return (loop?.type === 'ForOfStatement' || loop?.type === 'ForInStatement') && loop.left === declaration ? loop : undefined;
}

/** `n = n || 0`, `config.tries = config.tries ?? 0`: a write that keeps the count it finds, if any. */
export function defaultsItself(write: Node, name: string): boolean {
  const parent = write.parent;
  if (parent?.type !== 'AssignmentExpression' || parent.left !== write) return false;
  return keepsValue(parent, name);
}

/** The assignment gives its target a start of 0 and leaves a value already there as it is (`n ||= 0`, `n = n ?? 0`). */
export function keepsValue(parent: TSESTree.AssignmentExpression, name = dottedName(parent.left) ?? ''): boolean {
  if (parent.operator === '||=' || parent.operator === '??=') {
    const right = unwrap(parent.right);
    return right.type === 'Literal' && right.value === 0;
  }
  return parent.operator === '=' && unwrap(parent.right).type === 'LogicalExpression' && isSelf(parent.right, name);
}

/** The test `child` is taken under, below its parent `p` (an if, a `?:`, a right side of `&&`/`||`), and on which outcome. */
export function branchOf(p: Node, child: Node): { test: Node; whenTrue: boolean } | undefined {
  if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) return { test: p.test, whenTrue: child === p.consequent };
  if (p.type === 'LogicalExpression' && child === p.right && p.operator !== '??') return { test: p.left, whenTrue: p.operator === '&&' };
  return undefined;
}

/**
 * A write that cannot reach the test: later in the text, to a variable declared afresh each
 * time the region runs, with no loop around the test inside the region.
 */
export function writtenAfter(write: Node, test: Node, variable: Variable, env: Env): boolean {
  if (write.range[0] < test.range[1] || declaredOutside(variable, env.region)) return false;
  for (let p = test.parent; p && p !== env.region; p = p.parent) {
    if (isAnyLoop(p) || isFunction(p)) return false;
  }
  return true;
}

/** A test that reads no variable or member written in the region (before it); calls only those readableCall allows, when asked. */
/** A variable declared in the region whose value comes from a call made there (`const res = await op()`). */
export function attemptResult(variable: Variable, region: Node): boolean {
  const def = firstDefinition(variable);
  if (def?.type !== 'Variable' || !def.node.init || !contains(region, def.node)) return false;
  let init = unwrap(def.node.init);
  if (init.type === 'AwaitExpression') init = unwrap(init.argument);
  return init.type === 'CallExpression' || init.type === 'NewExpression';
}

/** A loop between `node` and the region: the statement may run several times per attempt. */
export function inLoopWithin(node: Node, region: Node): boolean {
  for (let p = node.parent; p && p !== region; p = p.parent) {
    if (isAnyLoop(p) || isFunction(p)) return true;
  }
  return false;
}

/** The variable or member itself, or it with a zero default (`(n || 0)`, `(n ?? 0)`). */
export function isSelf(node: Node, name: string): boolean {
  let n = unwrap(node);
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) {
    const fallback = unwrap(n.right);
    if (fallback.type !== 'Literal' || fallback.value !== 0) return false;
    n = unwrap(n.left);
  }
  return (n.type === 'Identifier' || n.type === 'MemberExpression') && dottedName(n) === name;
}

export function mentions(node: Node, name: string, env: Env): boolean {
  let found = false;
  walk(node, env.ctx.keys, (n) => {
    if (found) return false;
    const parent = n.parent;
    // `x.delay` does not mention a variable named `delay`.
    const isPropertyKey = parent?.type === 'MemberExpression' && parent.property === n && !parent.computed;
    if (n.type === 'Identifier' && n.name === name && !isPropertyKey) found = true;
    // `this.wait = this.wait * 2`: a member target is mentioned by its dotted name.
    if (n.type === 'MemberExpression' && name.includes('.') && dottedName(n) === name) found = true;
    return undefined;
  });
  return found;
}

/** Whether `node` mentions `variable` (resolved through the scopes). */
export function readsVariable(node: Node, variable: Variable, env: Env): boolean {
  let reads = false;
  walk(node, env.ctx.keys, (n) => {
    if (reads) return false;
    if (n.type === 'Identifier' && env.ctx.variableOf(n) === variable) reads = true;
    return undefined;
  });
  return reads;
}

/**
 * `let delay = 1000; … setTimeout(() => connect(), delay); delay *= 2` in the function a
 * self-call runs afresh: a write after the read, in the same function and in no loop around
 * both, comes too late for that read, and the next attempt declares the variable again. Only
 * for a region that is a function's run (a loop's body goes round to the read).
 */
export function writtenAfterRead(write: Node, read: Node, variable: Variable, region: Node): boolean {
  if (isAnyLoop(region) || declaredOutside(variable, region) || write.range[0] < read.range[1]) return false;
  const home = enclosingFunction(read);
  if (!home || enclosingFunction(write) !== home) return false;
  for (let p = read.parent; p && p !== home; p = p.parent) if (isAnyLoop(p) && contains(p, write)) return false;
  return true;
}

