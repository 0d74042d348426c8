import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, contains, dottedName, isFunction, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { isDraw } from './alternatives.js';
import type { AnalysisContext } from './context.js';
import { soleDefinition } from './definitions/bodies.js';

/**
 * A failover walk that starts over once every alternative has failed: the function draws the
 * next alternative at its start (`const endpoint = this.hosts.next()`), goes to the next one
 * only from its failure path (`catch { return tryNext() }`), returns on success, and, when the
 * draw is exhausted (`if (endpoint.done) { … await sleep(wait); return tryNext() }`), calls
 * itself again from the top. The step to the next alternative is failover, not a retry; the
 * call in the exhausted branch retries the whole walk, which has failed.
 *
 * Returns that call, the exhausted branch (its failure path) and the attempt's first call on
 * the drawn alternative, or undefined for any other shape.
 */
export interface Restart {
  call: Node;
  branch: Node;
  operation?: TSESTree.CallExpression;
}

export function restartAfterExhaustion(fn: FunctionNode, selfCalls: readonly Node[], onFailure: (call: Node) => boolean, ctx: AnalysisContext): Restart | undefined {
  if (fn.body.type !== 'BlockStatement' || selfCalls.length < 2) return undefined;
  const statements = fn.body.body;
  for (let i = 0; i < statements.length; i++) {
    const drawn = drawnVariable(statements[i] as Node);
    if (!drawn) continue;
    // The exhaustion test comes straight after the draw (or after other declarations) at the top.
    const check = statements.slice(i + 1).find((s): s is TSESTree.IfStatement => s.type === 'IfStatement' && exhaustionTest(s.test, drawn, ctx));
    if (!check || !alwaysExits(check.consequent)) return undefined;
    const restarts = selfCalls.filter((c) => contains(check.consequent, c));
    const steps = selfCalls.filter((c) => !contains(check.consequent, c));
    if (restarts.length !== 1 || steps.length === 0) return undefined;
    // It starts the walk over (`this.hosts.reset()`, `it = hosts.values()`) rather than waiting for
    // more items to come (a worker polling its queue).
    if (!startsOver(check.consequent, drawSource(statements[i] as Node), restarts[0] as Node, ctx)) return undefined;
    // Every other way back in comes after the check, on the failure path of the attempt on the
    // drawn alternative: the walk moves on only when that attempt failed.
    const operation = attemptOn(drawn, statements.slice(statements.indexOf(check) + 1), ctx);
    if (!operation) return undefined;
    if (!steps.every((c) => c.range[0] > check.range[1] && (onFailure(c) || withoutResult(c, operation, ctx)))) return undefined;
    return { call: restarts[0] as Node, branch: check.consequent, operation };
  }
  return undefined;
}

/** `const endpoint = it.next()`: the variable a draw of the next alternative is held in. */
function drawnVariable(statement: Node): TSESTree.Identifier | undefined {
  if (statement.type !== 'VariableDeclaration' || statement.declarations.length !== 1) return undefined;
  const declarator = statement.declarations[0] as TSESTree.VariableDeclarator;
  if (declarator.id.type !== 'Identifier' || !declarator.init) return undefined;
  const init = unwrap(declarator.init);
  return init.type === 'CallExpression' && isDraw(init) ? declarator.id : undefined;
}

/** `endpoint.done`, `!server`, `server == null`, `server === undefined`: nothing left to draw. */
function exhaustionTest(test: Node, drawn: TSESTree.Identifier, ctx: AnalysisContext): boolean {
  const variable = ctx.variableOf(drawn);
  const isDrawn = (n: Node) => {
    const u = unwrap(n);
    return u.type === 'Identifier' && variable !== undefined && ctx.variableOf(u) === variable;
  };
  const t = unwrap(test);
  if (t.type === 'MemberExpression' && !t.computed && t.property.type === 'Identifier' && t.property.name === 'done') return isDrawn(t.object);
  if (t.type === 'UnaryExpression' && t.operator === '!') return isDrawn(t.argument);
  if (t.type === 'BinaryExpression' && /^[=]==?$/.test(t.operator) && t.left.type !== 'PrivateIdentifier') {
    const empty = (n: Node) => {
      const u = unwrap(n);
      return (u.type === 'Literal' && u.value === null) || (u.type === 'Identifier' && u.name === 'undefined');
    };
    return (isDrawn(t.left) && empty(t.right)) || (isDrawn(t.right) && empty(t.left));
  }
  return false;
}

/** The first call after the check that is handed the drawn alternative (`this.resolve(endpoint.value)`, `open(server)`). */
function attemptOn(drawn: TSESTree.Identifier, rest: readonly Node[], ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  const variable = ctx.variableOf(drawn);
  const usesDrawn = (n: Node): boolean => {
    let u = unwrap(n);
    while (u.type === 'MemberExpression') u = unwrap(u.object);
    return u.type === 'Identifier' && variable !== undefined && ctx.variableOf(u) === variable;
  };
  let found: TSESTree.CallExpression | undefined;
  for (const statement of rest) {
    walk(statement, ctx.keys, (node) => {
      if (isFunction(node)) return false;
      if (node.type === 'CallExpression' && node.arguments.some((a) => usesDrawn(a as Node)) && (!found || node.range[0] < found.range[0])) found = node;
      return undefined;
    });
    if (found) return found;
  }
  return undefined;
}

/**
 * `let resolved = null; try { resolved = await attempt(endpoint) } catch (e) { … }` and the call
 * sits where `resolved` is falsy (`if (resolved) { return … } else { return tryNext() }`): the
 * attempt threw or answered nothing, so the walk moves on after a failure.
 */
function withoutResult(call: Node, operation: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  let p: Node | undefined = operation.parent;
  if (p?.type === 'AwaitExpression') p = p.parent;
  if (p?.type !== 'AssignmentExpression' || p.operator !== '=' || p.left.type !== 'Identifier') return false;
  const variable = ctx.variableOf(p.left);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable') return false;
  const init = def.node.init ? unwrap(def.node.init) : undefined;
  if (init && !((init.type === 'Literal' && init.value === null) || (init.type === 'Identifier' && init.name === 'undefined'))) return false;
  // Written only by the declaration and by the attempt, inside a try block.
  const assignment = p;
  if (variable.references.some((ref) => ref.isWrite() && !ref.init && ref.identifier !== assignment.left)) return false;
  let inTry = false;
  for (let q: Node | undefined = assignment.parent; q && !isFunction(q); q = q.parent) if (q.type === 'BlockStatement' && q.parent?.type === 'TryStatement' && q.parent.block === q) inTry = true;
  if (!inTry) return false;
  const tests = (n: Node) => n.type === 'Identifier' && ctx.variableOf(n) === variable;
  for (let child: Node = call, q = call.parent; q && !isFunction(q); child = q, q = q.parent) {
    // `if (conn) return conn;` earlier in the block: what follows runs without a result.
    if (q.type === 'BlockStatement') {
      const earlier = q.body.slice(0, q.body.indexOf(child as TSESTree.Statement));
      if (earlier.some((st) => st.type === 'IfStatement' && st.range[0] > assignment.range[1] && tests(unwrap(st.test)) && alwaysExits(st.consequent))) return true;
    }
    if (q.type !== 'IfStatement' || child === q.test) continue;
    const t = unwrap(q.test);
    if (tests(t) && child === q.alternate) return q.range[0] > assignment.range[1];
    if (t.type === 'UnaryExpression' && t.operator === '!' && tests(unwrap(t.argument)) && child === q.consequent) return q.range[0] > assignment.range[1];
  }
  return false;
}

/** The receiver of the draw that fills the variable: `this.sentinelIterator` in `this.sentinelIterator.next()`. */
function drawSource(statement: Node): string | undefined {
  if (statement.type !== 'VariableDeclaration') return undefined;
  const init = statement.declarations[0]?.init;
  const call = init ? unwrap(init) : undefined;
  const callee = call?.type === 'CallExpression' ? unwrap(call.callee) : undefined;
  return callee?.type === 'MemberExpression' ? dottedName(callee.object) : undefined;
}

/** Before the restart, the exhausted branch resets the source it draws from (a call on it) or replaces it. */
function startsOver(branch: Node, source: string | undefined, restart: Node, ctx: AnalysisContext): boolean {
  if (source === undefined) return false;
  let found = false;
  walk(branch, ctx.keys, (node) => {
    if (found || isFunction(node) || node.range[0] >= restart.range[0]) return false;
    if (node.type === 'AssignmentExpression' && dottedName(node.left) === source) found = true;
    if (node.type === 'CallExpression') {
      const callee = unwrap(node.callee);
      if (callee.type === 'MemberExpression' && dottedName(callee.object) === source) found = true;
    }
    return undefined;
  });
  return found;
}
