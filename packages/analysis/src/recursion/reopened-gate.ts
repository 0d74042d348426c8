import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { Env } from '../evaluate.js';

/**
 * Does a write on the failure path close the way back, or leave it open? A write that gives a
 * field the value the tests on the way to the self-call ask for does not make the next call
 * take another way: `provider.ws = null` in the close handler before `setTimeout(setupWS, …)`,
 * under `if (provider.shouldConnect && provider.ws === null)`, clears the field the attempt set
 * so that the next attempt runs again. (`this.fallback = null; return this.send(req)` under
 * `if (this.fallback)` closes it: at most once more.)
 */

type Truth = boolean | undefined;

/**
 * The write gives a literal (or `delete` gives `undefined`), and every test on the way to the
 * call that reads the field still takes the way with that value, with the parts it does not
 * read as they were when the way was first taken.
 */
export function keepsWayOpen(write: TSESTree.AssignmentExpression | TSESTree.UnaryExpression, call: Node, fn: FunctionNode, env: Env): boolean {
  const target = write.type === 'AssignmentExpression' ? write.left : write.argument;
  const name = dottedName(target);
  if (!name) return false;
  let value: unknown;
  if (write.type === 'UnaryExpression') value = undefined;
  else if (write.operator !== '=') return false;
  else {
    const known = literalValue(write.right);
    if (!known) return false;
    value = known.value;
  }
  let readingTests = 0;
  let child: Node = call;
  for (let p = call.parent; p && child !== fn; child = p, p = p.parent) {
    let test: Node | undefined;
    let wanted: boolean | undefined;
    if ((p.type === 'IfStatement' || p.type === 'ConditionalExpression') && child !== p.test) {
      test = p.test;
      wanted = child === p.consequent;
    } else if (p.type === 'LogicalExpression' && child === p.right && p.operator !== '??') {
      test = p.left;
      wanted = p.operator === '&&';
    }
    if (!test || wanted === undefined || !reads(test, name, env)) continue;
    readingTests++;
    if (truthWith(test, name, value, wanted, env) !== wanted) return false;
  }
  return readingTests > 0;
}

function literalValue(node: Node): { value: unknown } | undefined {
  const n = unwrap(node);
  if (n.type === 'Literal' && !('regex' in n && n.regex) && !('bigint' in n && n.bigint)) return { value: n.value };
  if (n.type === 'Identifier' && n.name === 'undefined') return { value: undefined };
  if (n.type === 'UnaryExpression' && n.operator === 'void') return { value: undefined };
  return undefined;
}

function reads(node: Node, name: string, env: Env): boolean {
  let found = false;
  walk(node, env.ctx.keys, (n) => {
    if (found) return false;
    if ((n.type === 'MemberExpression' || n.type === 'Identifier') && dottedName(n) === name) found = true;
    return undefined;
  });
  return found;
}

/**
 * The test's truth with the field holding `value`. A part that does not read the field takes
 * the value that let the way be taken where that is certain (each part of an `&&` that was
 * true, each part of an `||` that was false), else is unknown.
 */
function truthWith(node: Node, name: string, value: unknown, wanted: Truth, env: Env): Truth {
  const n = unwrap(node);
  if (!reads(n, name, env)) return wanted;
  if ((n.type === 'MemberExpression' || n.type === 'Identifier') && dottedName(n) === name) return Boolean(value);
  if (n.type === 'UnaryExpression' && n.operator === '!') {
    const inner = truthWith(n.argument, name, value, wanted === undefined ? undefined : !wanted, env);
    return inner === undefined ? undefined : !inner;
  }
  if (n.type === 'LogicalExpression' && n.operator !== '??') {
    // Only an `&&` that was true (or an `||` that was false) had every part so.
    const sure = n.operator === '&&' ? (wanted === true ? true : undefined) : wanted === false ? false : undefined;
    const left = truthWith(n.left, name, value, sure, env);
    const right = truthWith(n.right, name, value, sure, env);
    if (n.operator === '&&') return left === false || right === false ? false : left === true && right === true ? true : undefined;
    return left === true || right === true ? true : left === false && right === false ? false : undefined;
  }
  if (n.type === 'BinaryExpression' && /^[!=]==?$/.test(n.operator)) {
    const [field, other] = dottedName(unwrap(n.left as Node)) === name ? [n.left, n.right] : dottedName(unwrap(n.right)) === name ? [n.right, n.left] : [];
    const known = other && literalValue(other);
    if (!field || !known) return undefined;
    const strict = n.operator.length === 3;
    const equal = strict ? value === known.value : value == known.value; // eslint-disable-line eqeqeq
    return n.operator.startsWith('!') ? !equal : equal;
  }
  return undefined;
}
