import { dottedName, isFunction, unwrap, walk, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { enclosingClass } from '../classes/class-members.js';

/** How far values are followed back to a clock read. */
const MAX_DEPTH = 3;

/**
 * `Date.now() > deadline` with `const deadline = Date.now() + budget`, `elapsed > max` with
 * `elapsed = performance.now() - started`, `this.expiresAt < now()`: the expression reads the
 * clock, or a value made from a clock read (a local's initialiser or writes, a field of the class
 * the class writes from one, what a function of the file returns). A name like `timeout` or
 * `deadline` is no evidence: `retriesOnTimeout > 0` counts attempts.
 */
export function readsClock(expr: Node, ctx: AnalysisContext, isClockRead: (node: Node) => boolean, depth = 0, seen: Set<Node> = new Set()): boolean {
  let found = false;
  walk(expr, ctx.keys, (node) => {
    if (found || (node !== expr && isFunction(node))) return false;
    if (isClockRead(node)) found = true;
    else if (depth < MAX_DEPTH) {
      const returned = node.type === 'CallExpression' ? calleeReturns(node, ctx) : undefined;
      const sources = node.type === 'Identifier' ? variableSources(node, ctx) : node.type === 'MemberExpression' && unwrap(node.object).type === 'ThisExpression' ? fieldSources(node, ctx) : (returned?.values ?? []);
      const sourceCtx = returned?.ctx ?? ctx;
      for (const source of sources) {
        if (seen.has(source)) continue;
        seen.add(source);
        if (readsClock(source, sourceCtx, isClockRead, depth + 1, seen)) found = true;
      }
    }
    return found ? false : undefined;
  });
  return found;
}

/** What a local is given: its initialiser (or its destructuring default) and the values written to it. */
function variableSources(id: Node, ctx: AnalysisContext): Node[] {
  const variable = id.type === 'Identifier' ? ctx.variableOf(id) : undefined;
  if (!variable) return [];
  const sources: Node[] = [];
  for (const def of variable.defs) {
    if (def.type === 'Variable' && def.node.init && def.node.id === def.name) sources.push(def.node.init as Node);
    const pattern = def.name.parent;
    if (pattern?.type === 'AssignmentPattern' && pattern.left === def.name) sources.push(pattern.right as Node);
  }
  for (const ref of variable.references) {
    const write = ref.identifier.parent;
    if (!ref.init && write?.type === 'AssignmentExpression' && write.left === ref.identifier) sources.push(write.right as Node);
  }
  return sources;
}

/** What the class writes to `this.x`, anywhere in it. */
function fieldSources(member: Node, ctx: AnalysisContext): Node[] {
  const name = dottedName(member);
  const cls = enclosingClass(member);
  if (!name || !cls) return [];
  const sources: Node[] = [];
  walk(cls.body, ctx.keys, (node) => {
    if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression' && dottedName(node.left) === name) sources.push(node.right);
    if (node.type === 'PropertyDefinition' && node.value && !node.computed && node.key.type === 'Identifier' && `this.${node.key.name}` === name) sources.push(node.value);
    return undefined;
  });
  return sources;
}

/**
 * What a function the call names returns (`remaining()` returning `deadline - Date.now()`, an
 * imported `processTimeMS()` returning `Math.floor(performance.now())`), read in its own module.
 */
function calleeReturns(call: Node, ctx: AnalysisContext): { values: Node[]; ctx: AnalysisContext } | undefined {
  if (call.type !== 'CallExpression') return undefined;
  const callee = unwrap(call.callee);
  const local = callee.type === 'Identifier' ? ctx.functionOf(callee) : undefined;
  const found = local ? { fn: local, ctx } : ctx.foreignFunction?.(call);
  if (!found) return undefined;
  const { fn } = found;
  if (fn.body.type !== 'BlockStatement') return { values: [fn.body], ctx: found.ctx };
  const values: Node[] = [];
  walk(fn.body, found.ctx.keys, (node) => {
    if (isFunction(node)) return false;
    if (node.type === 'ReturnStatement' && node.argument) values.push(node.argument);
    return undefined;
  });
  return { values, ctx: found.ctx };
}
