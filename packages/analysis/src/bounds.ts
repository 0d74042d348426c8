import { alwaysExits, isFunction, operands, propertyName, unwrap, walk, type Node } from './ast.js';
import { oneShotGuard } from './exits/one-shot-flag.js';
import { predicateBound } from './exits/predicate-bound.js';
import { boundKind } from './checks.js';
import { givesUp } from './exits/gives-up.js';
import { isReassigned } from './context.js';
import type { Env } from './evaluate.js';
import { classGetter, enclosingClass } from './classes/class-members.js';
import { merge, type Bound } from './exits/bound.js';
import { isAbortCheck } from './exits/abort-check.js';
import { boundOf } from './exits/comparison-bound.js';
import { soleDefinition } from './definitions/bodies.js';
import { endsLoopByFlag } from './loops/flag-exits.js';


/**
 * Give-up guards inside the retried code: `if (++attempt >= 5) throw err`,
 * `if (Date.now() > deadline) break`, `signal.throwIfAborted()`.
 */
export function guardsIn(body: Node, env: Env, skip: (node: Node) => boolean, isRetry: (node: Node) => boolean): Bound | undefined {
  let bound: Bound | undefined;
  // A branch that leaves the retry: it exits, or ends the loop by the flag its condition tests.
  const leaves = (branch: Node | null | undefined) => alwaysExits(branch) || endsLoopByFlag(branch, env.ctx);
  walk(body, env.ctx.keys, (node) => {
    if (node !== body && (isFunction(node) || skip(node))) return false;
    if (isAbortCheck(node)) {
      bound = merge(bound, { deadline: false, abortAware: true });
    }
    if (node.type === 'IfStatement' || node.type === 'ConditionalExpression') {
      let test = namedCondition(node.test, env);
      let kind = boundKind(test, env);
      // `if (this.limitReached) throw e`: the condition the getter returns.
      const getter = kind ? undefined : getterCondition(test);
      if (getter && !getter.negated) {
        test = getter.condition;
        kind = boundKind(test, env);
      }
      // `if (aborted(e) || this.limitReached) throw e`: one of the parts is such a getter.
      if (!kind) kind = [...operands(test, '||'), ...operands(test, '&&')].map((part) => getterCondition(part)).map((g) => g && boundKind(g.condition, env)).find((k) => k !== undefined);
      if (!kind) {
        // `if (shouldRetry(res.status, attempt)) continue`: the limit a predicate of the file keeps.
        const sense = node.type === 'ConditionalExpression' || isRetry(node.consequent) || leaves(node.alternate) ? true : leaves(node.consequent) ? false : undefined;
        const kept = sense === undefined ? undefined : predicateBound(test, sense, env);
        if (kept) {
          bound = merge(bound, kept);
          return undefined;
        }
        // `if (!recovered && …) { …; recovered = true }`: one more way round (exits/one-shot-flag.ts).
        if (node.type === 'IfStatement' && oneShotGuard(node, env.region, env.ctx, isRetry)) bound = merge(bound, { attempts: 2, deadline: false, abortAware: false });
        return undefined;
      }
      // `if (n > 0) return retryLater()` limits by keeping going only while true;
      // `if (n >= 3) throw err` limits by leaving when true.
      const retriesOnTrue = node.type === 'IfStatement' ? isRetry(node.consequent) : true;
      const exitsOnTrue = node.type === 'IfStatement' && leaves(node.consequent) && !retriesOnTrue;
      const exitsOnFalse = node.type === 'IfStatement' && leaves(node.alternate);
      if (!retriesOnTrue && !exitsOnTrue && !exitsOnFalse) return undefined;
      // Both branches go round (`if (n < 10) setTimeout(connect, 1000) else setTimeout(connect, 5000)`): the count picks the wait, it stops nothing.
      if (retriesOnTrue && node.type === 'IfStatement' && node.alternate && isRetry(node.alternate) && !exitsOnFalse) return undefined;
      // `if (cached.expiresAt > Date.now()) return cached` is a cache check, not a deadline.
      if (kind === 'time' && node.type === 'IfStatement' && exitsOnTrue && !givesUp(node.consequent, env)) return undefined;
      // `if (!signal.aborted && retries < max) continue`: going on needs both, so each limits
      // (`if (aborted || n >= max) throw`: leaving takes either).
      const parts = operands(test, exitsOnTrue ? '||' : '&&');
      if (parts.length > 1) {
        for (const part of parts) {
          // `if (!shouldRetry || this.limitReached) throw e`: the getter's condition limits.
          const getter = boundKind(part, env) ? undefined : getterCondition(part);
          const [partTest, giveUp] = getter ? [getter.condition, getter.negated !== exitsOnTrue] : [part, exitsOnTrue];
          const partKind = boundKind(partTest, env);
          if (partKind) bound = merge(bound, boundOf(partKind, partTest, env, giveUp, true, part));
        }
        return undefined;
      }
      bound = merge(bound, boundOf(kind, test, env, exitsOnTrue, true, getter && !getter.negated ? node.test : undefined));
    }
    return undefined;
  });
  return bound;
}

/**
 * `if (shouldRetry)` where `const shouldRetry = retryCount < retries`: the condition the
 * const holds (also under `!`), read through its scope; the test itself otherwise.
 */
function namedCondition(test: Node, env: Env): Node {
  const n = unwrap(test);
  const negated = n.type === 'UnaryExpression' && n.operator === '!';
  const id = negated ? unwrap(n.argument) : n;
  if (id.type !== 'Identifier') return test;
  const variable = env.ctx.variableOf(id);
  const def = soleDefinition(variable);
  if (!variable || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init || isReassigned(variable)) return test;
  const init = unwrap(def.node.init);
  if (init.type !== 'BinaryExpression' || !/^[<>]=?$/.test(init.operator)) return test;
  // Negated, `!(n < max)` leaves when the count is reached: the comparison still limits.
  return negated ? test : init;
}

/**
 * `this.limitReached` (or `!this.limitReached`) where `limitReached` is a getter of the class
 * whose body only returns a condition (`return this.attempt >= this.max`): that condition, and
 * whether the test negates it. Undefined for anything else.
 */
export function getterCondition(test: Node): { condition: Node; negated: boolean } | undefined {
  const n = unwrap(test);
  const negated = n.type === 'UnaryExpression' && n.operator === '!';
  const read = negated ? unwrap(n.argument) : n;
  if (read.type !== 'MemberExpression' || read.computed || unwrap(read.object).type !== 'ThisExpression') return undefined;
  const name = propertyName(read);
  const cls = name === undefined ? undefined : enclosingClass(read);
  const getter = cls && name !== undefined ? classGetter(cls, name, read.property.type === 'PrivateIdentifier') : undefined;
  const body = getter?.body.type === 'BlockStatement' ? getter.body.body : undefined;
  const only = body?.length === 1 ? body[0] : undefined;
  return only?.type === 'ReturnStatement' && only.argument ? { condition: only.argument, negated } : undefined;
}
