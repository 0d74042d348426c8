import { unwrap, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';

/**
 * `let error; try { …; error = new HttpError(res.status) } catch (e) { error = e }`: a variable
 * that only ever holds a failure (the caught error, or an error made with `new`), so where it was
 * written it is one, truthy. It holds nothing but what it was given: left unset it is undefined.
 */
export function holdsFailure(id: Node, ctx: AnalysisContext): boolean {
  const n = unwrap(id);
  const variable = n.type === 'Identifier' ? ctx.variableOf(n) : undefined;
  if (!variable || variable.defs.length !== 1 || variable.defs[0]?.type !== 'Variable') return false;
  const def = variable.defs[0];
  if (def.node.init && def.node.id === def.name && !isFailure(def.node.init as Node, ctx)) return false;
  let writes = 0;
  for (const ref of variable.references) {
    if (ref.init || !ref.isWrite()) continue;
    const write = ref.identifier.parent;
    if (write?.type !== 'AssignmentExpression' || write.operator !== '=' || write.left !== ref.identifier || !isFailure(write.right, ctx)) return false;
    writes++;
  }
  return writes > 0;
}

/** The error a catch clause caught, or `new E(…)` of an error class. */
function isFailure(value: Node, ctx: AnalysisContext): boolean {
  const v = unwrap(value);
  if (v.type === 'NewExpression') return isErrorClass(v.callee, ctx);
  if (v.type !== 'Identifier') return false;
  return ctx.variableOf(v)?.defs[0]?.type === 'CatchClause';
}

/** `Error`, a built-in error, or a class of the file whose `extends` chain reaches one. */
export function isErrorClass(node: Node, ctx: AnalysisContext, depth = 0): boolean {
  const n = unwrap(node);
  if (n.type !== 'Identifier' || depth > 4) return false;
  const def = ctx.variableOf(n)?.defs[0];
  if (!def) return BUILT_IN_ERRORS.has(n.name);
  const cls = def.type === 'ClassName' ? def.node : undefined;
  return cls?.type === 'ClassDeclaration' && cls.superClass !== null && isErrorClass(cls.superClass, ctx, depth + 1);
}

const BUILT_IN_ERRORS = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError', 'DOMException']);
