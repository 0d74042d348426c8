import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, dottedName, isFunction, propertyName, removesListener, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { AnalysisContext } from '../context.js';
import type { Reentry } from '../recursion/reentry.js';
import type { MethodLookup } from '../prototype-methods.js';
import { prototypeSlot } from '../prototype-slots.js';
import type { Edge } from './self-calls.js';

/**
 * Which calls of a function go back into it through one or two other functions of the file
 * (`a` calls `b` on failure and `b` calls `a` again)?
 */

/**
 * Re-entry through a second function: `a()` calls `b()` on its failure path and `b()` calls
 * `a()` again (`#retry` catches and hands the error to `#retryFromError`, which waits and
 * calls `#retry`; `wrappedFetch` fails over to `retry()`, whose timer calls `wrappedFetch`).
 * One function in between, no more: each call `a` makes of `b` joins `a`'s self-calls, with the
 * way back kept beside it. Whether the call sits on `a`'s failure path is recursion.ts's
 * question, as for a direct self-call. Linear: one walk up from each call of another function.
 */
export function collectReentries(edges: readonly Edge[], selfCalls: Map<FunctionNode, Node[]>, ctx: AnalysisContext, lookup: MethodLookup): Map<Node, Reentry> {
  const reentries = new Map<Node, Reentry>();
  if (edges.length < 2) return reentries;
  // The calls each function makes of another, by the function they sit in (through the
  // callbacks they are handed to: `setTimeout(() => a())` inside `b`).
  const outgoing = new Map<FunctionNode, Edge[]>();
  const incoming = new Map<FunctionNode, Edge[]>();
  // A callback some edge leads into (`this.on('failed', (job) => …)` reached from `this.emit('failed')`) holds its own calls.
  const targets = new Set<Node>(edges.map((edge) => edge.target));
  for (const edge of edges) {
    const into = incoming.get(edge.target) ?? [];
    into.push(edge);
    incoming.set(edge.target, into);
    const holder = holdingFunction(edge.node, targets);
    if (!holder || holder === edge.target || contains(edge.target, holder) || contains(holder, edge.target)) continue;
    const list = outgoing.get(holder) ?? [];
    list.push(edge);
    outgoing.set(holder, list);
  }
  const elsewhere = elsewhereCounter(incoming);
  for (const edge of edges) {
    const through = edge.target;
    const backs = outgoing.get(through)?.filter((back) => contains(back.target, edge.node));
    if (!backs?.length) {
      twoHopReentry(edge, outgoing, incoming, selfCalls, reentries, ctx, lookup, elsewhere);
      continue;
    }
    // The innermost function that the way back reaches and that holds this call.
    const fn = backs.map((b) => b.target).reduce((a, b) => (contains(a, b) ? b : a));
    if (contains(through, fn) || contains(fn, through)) continue;
    // Every use of the second function must be seen (a call, or a hand-over to a timer or a
    // promise): one passed around (`this.b.bind(this)`) may run on success too.
    const uses = incoming.get(through) ?? [];
    // Uses through a name the caller bound count as that one mention (`this.run.bind(this, i)`).
    const seen = mentionsSeen(uses);
    const mentions = mentionsOf(through, ctx, lookup.mentions, elsewhere);
    if (mentions !== undefined && seen !== mentions && seen !== mentions - takenOff(through, ctx)) continue;
    const list = selfCalls.get(fn) ?? [];
    list.push(edge.node);
    selfCalls.set(fn, list);
    const others = uses.filter((use) => !contains(fn, use.node)).map((use) => ({ node: use.node, holder: holdingFunction(use.node) }));
    reentries.set(edge.node, { through, backs: backs.filter((b) => b.target === fn).map((b) => b.node), others });
  }
  return reentries;
}

/**
 * Re-entry through two functions of the file: `a()` calls `b()` on its failure path, `b` calls
 * `c()`, and `c` calls `a` again (`send` queues the envelope and calls `flushWithBackOff`, which
 * doubles the wait and calls `flushIn(wait)`, whose timer sends the queued envelope). Read only
 * for a call of `b` that has no way back of its own, over `b`'s own calls: linear as the one-hop
 * case. The way back is kept as through `c`, with the call `b` makes of `c` beside it; each of
 * `b` and `c` must be named only where the analysis sees it, as in one hop.
 */
function twoHopReentry(edge: Edge, outgoing: ReadonlyMap<FunctionNode, Edge[]>, incoming: ReadonlyMap<FunctionNode, Edge[]>, selfCalls: Map<FunctionNode, Node[]>, reentries: Map<Node, Reentry>, ctx: AnalysisContext, lookup: MethodLookup, elsewhere: (fn: FunctionNode, name: string) => number): void {
  // From a call made on the way (a function handed to a listener is events.ts's question).
  if (edge.node.type !== 'CallExpression') return;
  const middle = edge.target;
  for (const hop of outgoing.get(middle) ?? []) {
    const through = hop.target;
    if (through === middle || hop.alias || edge.alias) continue;
    // `c` calls `b` too (`_connect` fails → `_scheduleReconnect` → `_connect`): `b` and `c` are a
    // retry of their own, which `a` (a close listener's `_watch`) only enters; `a` is not retried.
    if (outgoing.get(through)?.some((back) => back.target === middle)) continue;
    // Only a way back a one-off timer holds: two calls that come straight back in are more often a
    // reset of state (`reset()` → `setFlag(false)` → a getter under `if (flag)`) than a retry, and a
    // setInterval there is a periodic schedule started over (a heartbeat), not one more attempt.
    // The timer may hold either hop: `c`'s call back in, or `b`'s call of `c` (`setTimeout(() => this.start())`).
    const timedHop = onTimer(hop.node, middle);
    const backs = outgoing.get(through)?.filter((back) => contains(back.target, edge.node) && (timedHop || onTimer(back.node, through)));
    if (!backs?.length) continue;
    const fn = backs.map((b) => b.target).reduce((a, b) => (contains(a, b) ? b : a));
    if ([middle, through].some((f) => contains(f, fn) || contains(fn, f))) continue;
    const seen = (f: FunctionNode) => {
      const uses = incoming.get(f) ?? [];
      return !uses.some((use) => use.alias) && uses.length === mentionsOf(f, ctx, lookup.mentions, elsewhere);
    };
    if (!seen(middle) || !seen(through)) continue;
    const list = selfCalls.get(fn) ?? [];
    list.push(edge.node);
    selfCalls.set(fn, list);
    // The other uses of either function: where they sit says whether the chain is a retry's alone.
    const others = [...(incoming.get(middle) ?? []).filter((use) => !contains(fn, use.node)), ...(incoming.get(through) ?? []).filter((use) => use !== hop)].map((use) => ({ node: use.node, holder: holdingFunction(use.node) }));
    reentries.set(edge.node, { through, backs: backs.filter((b) => b.target === fn).map((b) => b.node), others, via: { fn: middle, call: hop.node } });
    return;
  }
}

/** The name a function is a member by: a method or class field, or a prototype slot. */
function memberName(fn: FunctionNode): string | undefined {
  const parent = fn.parent;
  if ((parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') && !parent.computed && (parent.key.type === 'Identifier' || parent.key.type === 'PrivateIdentifier')) return parent.key.name;
  return prototypeSlot(fn)?.name;
}

/** Each use counted once, uses through one bound name as that one mention. */
function mentionsSeen(uses: readonly Edge[]): number {
  return uses.filter((use) => !use.alias).length + new Set(uses.filter((use) => use.alias).map((use) => use.alias)).size;
}

/**
 * How many mentions of `name` the edges lead into other functions of that name: `(fn, name)`
 * → the seen uses of every other member so named. Counted once per file's edges.
 */
function elsewhereCounter(incoming: ReadonlyMap<FunctionNode, Edge[]>): (fn: FunctionNode, name: string) => number {
  let byName: Map<string, Map<FunctionNode, number>> | undefined;
  return (fn, name) => {
    if (!byName) {
      byName = new Map();
      for (const [target, uses] of incoming) {
        const key = memberName(target);
        if (key === undefined) continue;
        const named = byName.get(key) ?? new Map<FunctionNode, number>();
        named.set(target, mentionsSeen(uses));
        byName.set(key, named);
      }
    }
    let elsewhere = 0;
    for (const [target, count] of byName.get(name) ?? []) if (target !== fn) elsewhere += count;
    return elsewhere;
  };
}

/** The call sits in a function handed to `setTimeout` inside `fn`. */
function onTimer(node: Node, fn: FunctionNode): boolean {
  for (let child = node, p = node.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type === 'CallExpression' && p.arguments[0] === child && isFunction(child) && calleeName(p) === 'setTimeout') return true;
  }
  return false;
}

/**
 * Mentions of a method or field of a class that take it off as a listener again
 * (`this.socket.removeEventListener('close', this.onClose)` before a new socket): they run nothing.
 */
function takenOff(fn: FunctionNode, ctx: AnalysisContext): number {
  let known = takenOffCounts.get(fn);
  if (known === undefined) takenOffCounts.set(fn, (known = countTakenOff(fn, ctx)));
  return known;
}

/** Once per member: every edge into it asks the same. */
const takenOffCounts = new WeakMap<FunctionNode, number>();

function countTakenOff(fn: FunctionNode, ctx: AnalysisContext): number {
  const member = fn.parent;
  if ((member?.type !== 'MethodDefinition' && member?.type !== 'PropertyDefinition') || member.computed) return 0;
  const name = member.key.type === 'Identifier' || member.key.type === 'PrivateIdentifier' ? member.key.name : undefined;
  let count = 0;
  walk(member.parent, ctx.keys, (node) => {
    if (!removesListener(node)) return undefined;
    const handed = node.arguments[1] && unwrap(node.arguments[1] as Node);
    if (handed?.type === 'MemberExpression' && unwrap(handed.object).type === 'ThisExpression' && propertyName(handed) === name) count++;
    return undefined;
  });
  return count;
}

/** How many times a function of this file is named: by its binding, or as a method of its class. */
function mentionsOf(fn: FunctionNode, ctx: AnalysisContext, memberMentions: (name: string) => number, resolvedElsewhere: (fn: FunctionNode, name: string) => number): number | undefined {
  const parent = fn.parent;
  // Mentions of the name that lead into another function of that name (the same method of
  // another class of the file, `this.rejoin()` there) are that function's, not this one's.
  if ((parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition') && !parent.computed && (parent.key.type === 'Identifier' || parent.key.type === 'PrivateIdentifier')) {
    return memberMentions(parent.key.name) - resolvedElsewhere(fn, parent.key.name);
  }
  // `F.prototype.b = function` is itself one mention of `b`.
  const slot = prototypeSlot(fn);
  if (slot) return memberMentions(slot.name) - 1 - resolvedElsewhere(fn, slot.name);
  const id = fn.type !== 'ArrowFunctionExpression' && fn.id ? fn.id : parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? parent.id : undefined;
  const variable = id && ctx.variableOf(id);
  // A listener written inline (`this.on('failed', (job) => …)`) has no name: it runs only through the edges that lead into it (undefined: none but those).
  if (!variable && parent?.type === 'CallExpression' && parent.arguments.includes(fn as TSESTree.CallExpressionArgument)) return undefined;
  // Unknown: counted as more than any list of calls.
  if (!variable) return Infinity;
  return variable.references.filter((ref) => !ref.init && !handedOutside(ref.identifier as Node)).length;
}

/**
 * A mention that hands the function to the module's users (`module.exports = { submit }`,
 * `exports.submit = submit`, `export { submit }`, `return { push }` from a factory): their calls
 * come from outside, never from the success path of a function of the file.
 */
function handedOutside(id: Node): boolean {
  const parent = id.parent;
  if (parent?.type === 'ExportSpecifier') return true;
  let value: Node = id;
  if (parent?.type === 'Property' && parent.value === id && !parent.computed) value = parent.parent as Node;
  const holder = value.parent;
  if (value !== id && holder?.type === 'ReturnStatement') return true;
  if (holder?.type === 'ExportDefaultDeclaration') return true;
  if (holder?.type !== 'AssignmentExpression' || holder.right !== value || holder.operator !== '=') return false;
  const text = holder.left.type === 'MemberExpression' ? dottedName(holder.left) : undefined;
  return text === 'module.exports' || text?.startsWith('module.exports.') === true || text?.startsWith('exports.') === true;
}

/** The function a call belongs to: the innermost one that is not a callback handed to a call (unless an edge leads into it). */
function holdingFunction(node: Node, targets?: ReadonlySet<Node>): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (!isFunction(p)) continue;
    const host = p.parent;
    // (Handed to a call or a constructor: `setTimeout(() => a())`, `new Promise((resolve) => setTimeout(…))`.)
    if ((host?.type === 'CallExpression' || host?.type === 'NewExpression') && host.arguments.includes(p as TSESTree.CallExpressionArgument) && !targets?.has(p)) continue;
    return p;
  }
  return undefined;
}
