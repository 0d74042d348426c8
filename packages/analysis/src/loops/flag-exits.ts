import { isFunction, isLoop, loopTest, operands, unwrap, type LoopNode, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';

/**
 * `while (!failure) { try { return await op() } catch (err) { if (tries < limit) { … } else {
 * failure = err } } }`: a branch whose last step sets a flag the loop's condition needs unset
 * (`!failure`, or `running` set to false), with nothing after it in the turn, leaves the loop at
 * the next test as a `break` there would. The loop is the nearest one around the branch.
 */
export function endsLoopByFlag(branch: Node | null | undefined, ctx: AnalysisContext): boolean {
  if (!branch) return false;
  const last = branch.type === 'BlockStatement' ? branch.body[branch.body.length - 1] : branch;
  if (last?.type !== 'ExpressionStatement' || last.expression.type !== 'AssignmentExpression' || last.expression.operator !== '=') return false;
  const loop = turnEndingAt(branch);
  const test = loop && loopTest(loop);
  if (!test) return false;
  const write = last.expression;
  return operands(test, '&&').some((part) => {
    const negated = part.type === 'UnaryExpression' && part.operator === '!';
    const flag = negated ? unwrap(part.argument) : part;
    if (!sameTarget(write.left, flag, ctx)) return false;
    const falsy = isFalsyLiteral(unwrap(write.right), ctx);
    // `!failure` fails once anything but a falsy constant is written; `running` once a falsy one is.
    return negated ? falsy === false : falsy === true;
  });
}

/** The loop whose turn ends right after `branch`: every statement on the way up is the last of its block. */
function turnEndingAt(branch: Node): LoopNode | undefined {
  let child: Node = branch;
  for (let p = branch.parent; p && !isFunction(p); child = p, p = p.parent) {
    if (isLoop(p)) return p.body === child ? p : undefined;
    switch (p.type) {
      case 'BlockStatement':
        if (p.body[p.body.length - 1] !== child) return undefined;
        break;
      case 'IfStatement':
        if (child === p.test) return undefined;
        break;
      case 'TryStatement':
        // (A `finally` runs after either part, and may go on.)
        if (p.finalizer) return undefined;
        break;
      case 'CatchClause':
      case 'LabeledStatement':
        break;
      default:
        return undefined;
    }
  }
  return undefined;
}

/** `false`, `null`, `undefined`, `0`, `''`: true; another constant or a caught error: false; anything else: undefined. */
function isFalsyLiteral(value: Node, ctx: AnalysisContext): boolean | undefined {
  if (value.type === 'Literal') return !value.value;
  if (value.type === 'Identifier' && value.name === 'undefined' && !ctx.variableOf(value)?.defs.length) return true;
  if (value.type === 'Identifier' && ctx.variableOf(value)?.defs[0]?.type === 'CatchClause') return false;
  if (value.type === 'Identifier' || value.type === 'MemberExpression' || value.type === 'CallExpression') return undefined;
  return false;
}

/** The same variable (by scope) or the same member of the same object (`this.done`, `state.failed`). */
export function sameTarget(a: Node, b: Node, ctx: AnalysisContext): boolean {
  const x = unwrap(a);
  const y = unwrap(b);
  if (x.type === 'Identifier' && y.type === 'Identifier') {
    const [vx, vy] = [ctx.variableOf(x), ctx.variableOf(y)];
    return vx || vy ? vx === vy : x.name === y.name;
  }
  if (x.type === 'MemberExpression' && y.type === 'MemberExpression') {
    const a = unwrap(x.object);
    const b = unwrap(y.object);
    const sameObject = (a.type === 'ThisExpression' && b.type === 'ThisExpression') || sameTarget(a, b, ctx);
    return sameObject && !x.computed && !y.computed && x.property.type === y.property.type && (x.property.type === 'Identifier' || x.property.type === 'PrivateIdentifier') && x.property.name === (y.property as { name: string }).name;
  }
  return false;
}
