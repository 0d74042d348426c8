import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, isFunction, operands, unwrap, type Node } from '../ast.js';
import { writesWithin, type AnalysisContext } from '../context.js';
import { firstDefinition } from '../definitions/bodies.js';

/**
 * Does this guard let the way back through once only? A flag the guard requires false to go
 * on (`if (!recovered && …) { repair(); recovered = true }`, or `if (recovered) throw e;
 * recovered = true`) that the retried code only ever sets to `true`, kept outside it (so a new
 * attempt does not start it over): after the one way round that sets it, the guard gives up.
 * One more attempt, whatever the flag is called.
 */
export function oneShotGuard(statement: TSESTree.IfStatement, cycle: Node, ctx: AnalysisContext, isRetry: (node: Node) => boolean): boolean {
  const retriesOnTrue = isRetry(statement.consequent);
  const exitsOnTrue = alwaysExits(statement.consequent) && !retriesOnTrue;
  const goesOnWhenTrue = retriesOnTrue || alwaysExits(statement.alternate);
  if (!exitsOnTrue && !goesOnWhenTrue) return false;
  // Giving up takes any one part (`if (recovered || fatal) throw`); going on takes all (`if (!recovered && canRepair)`).
  const parts = operands(statement.test, exitsOnTrue ? '||' : '&&');
  // The flag is set on the way this guard lets through: in the branch that goes round, or
  // after the guard. (`if (complete) break` with `complete = true` on a finished stream is the
  // success, set where the guard does not lead: no one-shot.)
  // (Gathered only for a part that is a flag: most guards test none.)
  let wayThrough: Node[] | undefined;
  const through = () => (wayThrough ??= exitsOnTrue ? statementsAfter(statement) : retriesOnTrue ? [statement.consequent] : [statement.consequent, ...statementsAfter(statement)]);
  return parts.some((part) => {
    const flag = exitsOnTrue ? unwrap(part) : negated(part);
    return flag?.type === 'Identifier' && setOnlyTrue(flag, cycle, ctx, through);
  });
}

/**
 * The statements that run after `statement` on the way it lets through: the rest of its block,
 * and of each block around it up to the function, until one of them always leaves (a
 * `continue` or `return` ends the way there).
 */
function statementsAfter(statement: Node): Node[] {
  const after: Node[] = [];
  let child: Node = statement;
  for (let p = statement.parent; p && !isFunction(p); child = p, p = p.parent) {
    if (p.type !== 'BlockStatement' && p.type !== 'Program') continue;
    const body = p.body as Node[];
    for (const next of body.slice(body.indexOf(child) + 1)) {
      after.push(next);
      if (alwaysExits(next)) return after;
    }
  }
  return after;
}

function negated(part: Node): Node | undefined {
  const n = unwrap(part);
  return n.type === 'UnaryExpression' && n.operator === '!' ? unwrap(n.argument) : undefined;
}

/**
 * Declared outside the code that runs again (the loop; the whole retrying function, whose
 * listener may hold the guard: a flag each call declares anew is one per round), written
 * inside it, and only ever `= true` there.
 */
function setOnlyTrue(id: TSESTree.Identifier, cycle: Node, ctx: AnalysisContext, wayThrough: () => readonly Node[]): boolean {
  const variable = ctx.variableOf(id);
  const def = firstDefinition(variable);
  if (!variable || !def || contains(cycle, def.name)) return false;
  const writes = writesWithin(variable, cycle);
  return (
    writes.some((w) => wayThrough().some((node) => contains(node, w))) &&
    writes.every((w) => {
      const assignment = w.parent;
      return assignment?.type === 'AssignmentExpression' && assignment.operator === '=' && assignment.left === w && unwrap(assignment.right).type === 'Literal' && (unwrap(assignment.right) as TSESTree.Literal).value === true;
    })
  );
}
