import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, operands, unwrap, type Node } from '../ast.js';
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
  return parts.some((part) => {
    const flag = exitsOnTrue ? unwrap(part) : negated(part);
    return flag?.type === 'Identifier' && setOnlyTrue(flag, cycle, ctx);
  });
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
function setOnlyTrue(id: TSESTree.Identifier, cycle: Node, ctx: AnalysisContext): boolean {
  const variable = ctx.variableOf(id);
  const def = firstDefinition(variable);
  if (!variable || !def || contains(cycle, def.name)) return false;
  const writes = writesWithin(variable, cycle);
  return (
    writes.length > 0 &&
    writes.every((w) => {
      const assignment = w.parent;
      return assignment?.type === 'AssignmentExpression' && assignment.operator === '=' && assignment.left === w && unwrap(assignment.right).type === 'Literal' && (unwrap(assignment.right) as TSESTree.Literal).value === true;
    })
  );
}
