import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, calleeName, contains, dottedName, isFunction, propertyName, unwrap, walk, type Node } from './ast.js';
import type { AnalysisContext, Variable } from './context.js';
import { firstDefinition } from './definitions/bodies.js';
import { putBackBeforeReentry } from './requeue.js';
import { localFunction } from './functions/local-function.js';

/**
 * Failover and iteration look like retries but move on to another alternative each time:
 * the next address of a query plan, the next item of an iterator, the rest of a list.
 * The evidence is structural: what the attempt works on is drawn afresh from a source that
 * advances (`it.next()`, `list.shift()`, a `getNext…()` look-up, `addrs.slice(1)` passed on),
 * or the attempt stops when a list it consumes is exhausted (`if (!keys.length) return reject(err)`
 * with `keys.shift()`).
 */
export function movesToNextAlternative(region: Node, operations: readonly Node[], ctx: AnalysisContext, selfCalls: readonly Node[] = []): boolean {
  if (operations.some((operation) => (isDraw(operation) && !cyclesBack(operation, ctx)) || drawnInputs(operation, region, ctx, selfCalls))) return true;
  if (selfCalls.some((call) => passesRest(call))) return true;
  return handsOnIteratorOrConsumes(region, ctx);
}

/** `it.next()`, `queue.shift()`, `hosts.pop()`, `getNextHost()`, `plan.nextConnection()`. */
export function isDraw(node: Node): boolean {
  const n = unwrap(node);
  if (n.type === 'MemberExpression') return isDraw(n.object);
  if (n.type !== 'CallExpression') return false;
  const name = calleeName(n) ?? '';
  if (name === 'nextTick') return false;
  // `pending.keys().next()`: an iterator made here, read from its start every time; nothing advances.
  const callee = unwrap(n.callee);
  if (name === 'next' && callee.type === 'MemberExpression' && unwrap(callee.object).type === 'CallExpression') return false;
  return name === 'next' || name === 'shift' || name === 'pop' || /^(get|pick|choose|select)?Next[A-Z_]?|^next[A-Z_]/.test(name);
}

/**
 * `this.getNextNode()` whose body steps an index modulo the list's length
 * (`this.current = (this.current + 1) % this.nodes.length`): a round robin, read from its code.
 * It comes back to the alternatives already tried, so an attempt after it is the same request
 * again (the only one, with one node), not a move down a list that runs out.
 */
function cyclesBack(node: Node, ctx: AnalysisContext): boolean {
  let n = unwrap(node);
  while (n.type === 'MemberExpression') n = unwrap(n.object);
  if (n.type !== 'CallExpression') return false;
  const fn = localFunction(n, { ctx, region: n, counters: new Set(), depth: 0 });
  if (!fn) return false;
  let cycles = false;
  walk(fn.body, ctx.keys, (inner) => {
    if (cycles || (inner !== fn.body && isFunction(inner))) return false;
    const modulus = inner.type === 'BinaryExpression' && inner.operator === '%' ? unwrap(inner.right) : undefined;
    if (modulus?.type === 'MemberExpression' && /^(length|size)$/.test(propertyName(modulus) ?? '')) cycles = true;
    return undefined;
  });
  return cycles;
}

/**
 * The operation's receiver or arguments come from a draw in this attempt, directly or
 * through locals (`const item = it.next(); const host = item.value; connect(host)`), or are
 * assigned from one (`({ host, connection } = this.getNextConnection())`).
 */
function drawnInputs(operation: Node, region: Node, ctx: AnalysisContext, selfCalls: readonly Node[]): boolean {
  const seen = new Set<Variable>();
  let drawn = false;
  const follow = (root: Node, depth: number): void => {
    walk(root, ctx.keys, (node) => {
      if (drawn || isFunction(node)) return false;
      if (node !== root && isDraw(node) && !cyclesBack(node, ctx)) {
        drawn = true;
        return false;
      }
      if (node.type !== 'Identifier' || depth > 3) return undefined;
      const variable = ctx.variableOf(node);
      if (!variable || seen.has(variable)) return undefined;
      seen.add(variable);
      // An iterator handed to the operation is advanced by it: `borrowFirst(contactPointsIterator)`.
      const def = firstDefinition(variable);
      if (def?.type === 'Variable' && def.node.init && makesIterator(def.node.init)) {
        drawn = true;
        return false;
      }
      for (const ref of variable.references) {
        const write = ref.writeExpr as Node | null | undefined;
        if (!ref.isWrite() || !write || !contains(region, ref.identifier as Node)) continue;
        // `const job = queue.shift()` put back (`queue.unshift(job)`) before the way back in: the failed item again.
        if (isDraw(write) && putBackBeforeReentry(variable, write, selfCalls, ctx)) continue;
        if ((isDraw(write) && !cyclesBack(write, ctx)) || (unwrap(write).type === 'CallExpression' && givesUpWhenAbsent(variable, region, ctx, selfCalls))) drawn = true;
        else follow(write, depth + 1);
      }
      return undefined;
    });
  };
  const n = unwrap(operation);
  if (n.type === 'CallExpression') {
    for (const arg of n.arguments) follow(arg, 0);
    const callee = unwrap(n.callee);
    if (callee.type === 'MemberExpression') follow(callee.object, 0);
  }
  return drawn;
}

/**
 * A call of the attempt is given an iterator made before it (each attempt takes the next
 * item), or `if (!keys.length) return reject(err)` (or `=== 0`) and `keys.shift()`: a list
 * consumed to its end. One walk of the region answers both (it runs for every loop).
 */
function handsOnIteratorOrConsumes(region: Node, ctx: AnalysisContext): boolean {
  // Neither can hold when the file never names an iterator maker and the region never calls
  // shift, pop or splice (`\u` is an escaped identifier the text would not show).
  if (!mayMakeIterators(ctx) && !/shift|pop|splice|\\u/.test(ctx.sourceCode.text.slice(region.range[0], region.range[1]))) return false;
  let iterator = false;
  const exhausted = new Set<string>();
  const consumed = new Set<string>();
  walk(region, ctx.keys, (node) => {
    if (iterator || (node !== region && isFunction(node))) return false;
    if (node.type === 'IfStatement' && alwaysExits(node.consequent)) {
      const list = emptinessTest(node.test);
      if (list) exhausted.add(list);
    }
    if (node.type !== 'CallExpression') return undefined;
    for (const arg of node.arguments) {
      const a = unwrap(arg);
      if (a.type !== 'Identifier') continue;
      const def = firstDefinition(ctx.variableOf(a));
      if (def?.type === 'Variable' && def.node.init && !contains(region, def.node) && makesIterator(def.node.init)) iterator = true;
    }
    const callee = unwrap(node.callee);
    if (callee.type === 'MemberExpression' && /^(shift|pop|splice)$/.test(propertyName(callee) ?? '')) {
      const list = dottedName(callee.object);
      if (list) consumed.add(list);
    }
    return undefined;
  });
  if (iterator) return true;
  for (const list of exhausted) if (consumed.has(list)) return true;
  return false;
}

const iteratorWords = new WeakMap<AnalysisContext, boolean>();

/** The file's text names what makesIterator looks for (`values`, `entries`, `keys`, `iterator`): read once per file. */
function mayMakeIterators(ctx: AnalysisContext): boolean {
  let known = iteratorWords.get(ctx);
  if (known === undefined) iteratorWords.set(ctx, (known = /values|entries|keys|iterator|\\u/i.test(ctx.sourceCode.text)));
  return known;
}

/** `xs[Symbol.iterator]()`, `map.values()`, `set.entries()`. */
function makesIterator(node: Node): boolean {
  const n = unwrap(node);
  if (n.type !== 'CallExpression' || n.arguments.length > 0) return false;
  const callee = unwrap(n.callee);
  if (callee.type !== 'MemberExpression') return false;
  if (callee.computed) return dottedName(callee.property) === 'Symbol.iterator' || dottedName(callee.property) === 'Symbol.asyncIterator';
  return /^(values|entries|keys)$/.test(propertyName(callee) ?? '');
}

/**
 * `const server = pick(); if (!server) throw lastError`: the attempt takes a value that runs
 * out, and gives up when there is none left. That is a walk through alternatives.
 */
function givesUpWhenAbsent(variable: Variable, region: Node, ctx: AnalysisContext, selfCalls: readonly Node[]): boolean {
  let found = false;
  walk(region, ctx.keys, (node) => {
    if (found || (node !== region && isFunction(node))) return false;
    if (node.type !== 'IfStatement' || !alwaysExits(node.consequent) || !/Throw|Return/.test(firstExit(node.consequent) ?? '')) return undefined;
    // `if (res === null) return retry(…)` goes round again: that is the retry, not giving up.
    if (selfCalls.some((call) => contains(node.consequent, call))) return undefined;
    const test = unwrap(node.test);
    const tested = (n: Node) => n.type === 'Identifier' && ctx.variableOf(n) === variable;
    if (test.type === 'UnaryExpression' && test.operator === '!' && tested(unwrap(test.argument))) found = true;
    if (test.type === 'BinaryExpression' && /^[!=]==?$/.test(test.operator) && !test.operator.startsWith('!') && test.left.type !== 'PrivateIdentifier') {
      const [a, b] = [unwrap(test.left), unwrap(test.right)];
      const empty = (n: Node) => (n.type === 'Literal' && n.value === null) || (n.type === 'Identifier' && n.name === 'undefined');
      if ((tested(a) && empty(b)) || (tested(b) && empty(a))) found = true;
    }
    return undefined;
  });
  return found;
}

function firstExit(node: Node): string | undefined {
  if (node.type === 'ThrowStatement') return 'Throw';
  if (node.type === 'ReturnStatement') return 'Return';
  if (node.type === 'BlockStatement') for (const s of node.body) { const e = firstExit(s); if (e) return e; }
  return undefined;
}

/** `bind(addrs.slice(1))`, `tryNext(rest)`: the self-call goes on with the rest of a list. */
function passesRest(call: Node): boolean {
  if (call.type !== 'CallExpression') return false;
  return call.arguments.some((arg) => {
    const a = unwrap(arg);
    return a.type === 'CallExpression' && calleeName(a) === 'slice' && a.arguments.length >= 1;
  });
}

/** The list whose emptiness a test checks: `!xs.length`, `xs.length === 0`, `xs.length < 1`. */
function emptinessTest(test: Node): string | undefined {
  const n = unwrap(test);
  const lengthOf = (node: Node): string | undefined => {
    const m = unwrap(node);
    return m.type === 'MemberExpression' && propertyName(m) === 'length' ? dottedName(m.object) : undefined;
  };
  if (n.type === 'UnaryExpression' && n.operator === '!') return lengthOf(n.argument);
  if (n.type === 'BinaryExpression' && n.left.type !== 'PrivateIdentifier') {
    const right = unwrap(n.right) as TSESTree.Node;
    if (right.type === 'Literal' && (right.value === 0 || (right.value === 1 && n.operator === '<'))) return lengthOf(n.left);
  }
  if (n.type === 'LogicalExpression') return emptinessTest(n.left) ?? emptinessTest(n.right);
  return undefined;
}
