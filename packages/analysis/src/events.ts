import type { TSESTree } from '@typescript-eslint/utils';
import { alwaysExits, calleeName, contains, dottedName, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { guardsIn } from './bounds.js';
import { merge, type Bound } from './exits/bound.js';
import type { AnalysisContext } from './context.js';
import { evaluate, type Env } from './evaluate.js';
import { mayStopBefore } from './exits.js';
import { timedReentrySite } from './policy.js';
import { prototypeSlot } from './prototype-slots.js';
import { FAILURE_EVENT } from './recursion/failure-path.js';
import type { RetrySite } from './types.js';
import { num } from './value.js';
import { classMembers, firstDefinition } from './definitions/bodies.js';

/**
 * A connect re-entered through an event (the failed connection's listener puts the connect
 * back on a timer): `connect()` opens a source (`this.stream = this.open()`) and listens for
 * its failure (`this.stream.on('close', …)`); the listener — directly, or by emitting the
 * event again on the instance (`this.emit('close')`) to a listener the instance set on itself
 * (`this.on('close', () => this.scheduleReconnect())`), then through methods of the same
 * class — calls `connect()` again under a timer. Each connect's failure sets up the next one.
 *
 * Not a retry: a listener that only reports (nothing reaches the connect again), one that goes
 * again at once (no timer on the way: not claimed), one behind a flag the way sets and that the
 * connect never clears (`if (this.retried) return; this.retried = true; …`: at most once),
 * a source the connect did not open (a listener on a stream it was handed).
 */

/** What the caller resolves of the file: `this.m` to the method, `this` to the function it binds. */
export interface EventTools {
  resolve: (expression: Node) => FunctionNode | undefined;
  thisOwner: (node: Node) => FunctionNode | undefined;
}

export const LISTEN = /^(on|once|addListener|prependListener|prependOnceListener)$/;
const TIMER = /^(setTimeout|setInterval)$/;
const MAX_HOPS = 4;

interface Hop {
  fn: FunctionNode;
  /** The call in `fn` that goes on to the next hop (or reaches the connect). */
  at: Node;
}

/** Sites of connects re-entered through a failure listener; `calls` are every call of the file (read once). */
export function eventReentrySites(calls: readonly TSESTree.CallExpression[], ctx: AnalysisContext, tools: EventTools, taken: ReadonlySet<Node>): RetrySite[] {
  // One pass: failure listeners on the instance itself (by owner and event), and on other sources.
  let own: Map<string, Node[]> | undefined;
  const sources: TSESTree.CallExpression[] = [];
  for (const call of calls) {
    const callee = unwrap(call.callee);
    if (callee.type !== 'MemberExpression' || !LISTEN.test(propertyName(callee) ?? '')) continue;
    const event = failureEvent(call.arguments[0]);
    if (event === undefined || !call.arguments[1]) continue;
    const receiver = unwrap(callee.object);
    const owner = ownerKey(receiver, tools);
    if (owner !== undefined) {
      own ??= new Map();
      const key = `${owner}|${event}`;
      const list = own.get(key) ?? [];
      list.push(call.arguments[1] as Node);
      own.set(key, list);
    } else sources.push(call);
  }
  if (sources.length === 0) return [];
  const sites: RetrySite[] = [];
  for (const registration of sources) {
    const connect = methodAround(registration);
    if (!connect || taken.has(connect) || sites.some((s) => s.node === connect)) continue;
    if (!openedBy(unwrap((unwrap(registration.callee) as TSESTree.MemberExpression).object), connect, ctx)) continue;
    const handler = handlerOf(registration.arguments[1] as Node, tools);
    // A method handed over here may be handed elsewhere too (`emitter.on('kick', this.onClose.bind(this))`): every other mention a call.
    if (!handler || (!isFunction(unwrap(registration.arguments[1] as Node)) && !onlyCalled(handler, ctx, 1))) continue;
    const site = followListener(handler, connect, own, ctx, tools);
    if (site) sites.push(site);
  }
  return sites;
}

export function failureEvent(node: Node | undefined): string | undefined {
  const n = node && unwrap(node);
  return n?.type === 'Literal' && typeof n.value === 'string' && FAILURE_EVENT.test(n.value) ? n.value.toLowerCase() : undefined;
}

/** The owner of `this` (or `self`): a class body or a prototype's owner, as a key; undefined for other receivers. */
function ownerKey(receiver: Node, tools: EventTools): string | undefined {
  if (receiver.type !== 'ThisExpression' && receiver.type !== 'Identifier') return undefined;
  const fn = tools.thisOwner(receiver);
  return fn && ownerOf(fn);
}

function ownerOf(fn: FunctionNode): string | undefined {
  const parent = fn.parent;
  if (parent?.type === 'MethodDefinition' && parent.parent?.type === 'ClassBody') return `class@${parent.parent.range[0]}`;
  const slot = prototypeSlot(fn);
  return slot && `proto@${slot.owner}`;
}

/** The method (or prototype function) the registration is written in, through the callbacks around it. */
function methodAround(node: Node): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (!isFunction(p) || p.type === 'ArrowFunctionExpression') continue;
    return ownerOf(p) ? p : undefined;
  }
  return undefined;
}

/** The source is one the connect opens: a local of it (or of a callback in it), or `this.x` it assigns. */
export function openedBy(receiver: Node, connect: FunctionNode, ctx: AnalysisContext): boolean {
  if (receiver.type === 'Identifier') {
    const def = firstDefinition(ctx.variableOf(receiver));
    // (A parameter of the connect itself is a source it was handed; one of a callback in it, what it opened.)
    return def !== undefined && contains(connect, def.name as Node) && (def.type === 'Variable' || (def.type === 'Parameter' && def.node !== connect));
  }
  if (receiver.type !== 'MemberExpression' || unwrap(receiver.object).type !== 'ThisExpression') return false;
  const name = dottedName(receiver);
  let assigned = false;
  walk(connect.body, ctx.keys, (node) => {
    if (assigned) return false;
    if (node.type === 'AssignmentExpression' && node.operator === '=' && dottedName(node.left) === name) assigned = true;
    return undefined;
  });
  return assigned;
}

/** An inline function, or a method handed over (`this.onClose`, `this.onClose.bind(this)`). */
function handlerOf(node: Node, tools: EventTools): FunctionNode | undefined {
  let n = unwrap(node);
  if (isFunction(n)) return n;
  if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && propertyName(n.callee) === 'bind') n = unwrap(n.callee.object);
  return n.type === 'MemberExpression' ? tools.resolve(n) : undefined;
}

/**
 * From the listener, the calls that reach the connect again: methods of the same owner, and
 * the instance's own listeners of a failure event it emits, up to MAX_HOPS functions. A timer
 * must hold the way somewhere; the site is reported at it.
 */
function followListener(handler: FunctionNode, connect: FunctionNode, own: Map<string, Node[]> | undefined, ctx: AnalysisContext, tools: EventTools): RetrySite | undefined {
  const owner = ownerOf(connect);
  const seen = new Set<FunctionNode>([connect]);
  let frontier: { fn: FunctionNode; hops: Hop[] }[] = [{ fn: handler, hops: [] }];
  for (let depth = 0; depth < MAX_HOPS && frontier.length > 0; depth++) {
    const next: typeof frontier = [];
    for (const { fn, hops } of frontier) {
      if (seen.has(fn)) continue;
      seen.add(fn);
      const steps: { call: Node; to: FunctionNode | 'connect' }[] = [];
      walk(fn.body, ctx.keys, (node) => {
        if (node.type !== 'CallExpression') return undefined;
        const callee = unwrap(node.callee);
        if (callee.type !== 'MemberExpression') return undefined;
        const name = propertyName(callee);
        if (name === 'emit' && own && ownerKey(unwrap(callee.object), tools) === owner) {
          const event = failureEvent(node.arguments[0]);
          for (const listener of event ? (own.get(`${owner}|${event}`) ?? []) : []) {
            const target = handlerOf(listener, tools);
            if (target) steps.push({ call: node, to: target });
          }
          return undefined;
        }
        // A method handed to a timer (`setTimeout(this.connect.bind(this), ms)`) is followed as a call.
        const target = tools.resolve(callee);
        if (!target || contains(target, node)) return undefined;
        if (target === connect) steps.push({ call: node, to: 'connect' });
        else if (ownerOf(target) === owner) steps.push({ call: node, to: target });
        return undefined;
      });
      for (const step of steps) {
        const path = [...hops, { fn, at: step.call }];
        if (step.to === 'connect') {
          const site = siteOf(path, connect, ctx);
          if (site) return site;
        } else if (onlyCalled(step.to, ctx)) next.push({ fn: step.to, hops: path });
      }
    }
    frontier = next;
  }
  return undefined;
}

/**
 * A method of the way is only ever called by name (`this.retry()`), but for `handed` mentions the
 * way itself makes: one handed over (`later = this.retry.bind(this)`) may run where nothing failed.
 * Inline functions are where they are written. Read on the text, once per method on an event's way.
 */
function onlyCalled(fn: FunctionNode, ctx: AnalysisContext, handed = 0): boolean {
  const parent = fn.parent;
  const name = parent?.type === 'MethodDefinition' && !parent.computed && parent.key.type === 'Identifier' ? parent.key.name : prototypeSlot(fn)?.name;
  if (name === undefined) return fn.parent?.type !== 'MethodDefinition';
  const escaped = name.replace(/[$]/g, '\\$');
  const all = ctx.sourceCode.text.match(new RegExp(`\\.${escaped}\\b`, 'g'))?.length ?? 0;
  const calls = ctx.sourceCode.text.match(new RegExp(`\\.${escaped}\\s*\\(`, 'g'))?.length ?? 0;
  return all - calls <= handed + (prototypeSlot(fn) ? 1 : 0);
}

/** The timer around a call within its function (`setTimeout(() => this.connect(), ms)`). */
function timerAround(call: Node, fn: FunctionNode): TSESTree.CallExpression | undefined {
  for (let child: Node = call, p = call.parent; p && child !== fn; child = p, p = p.parent) {
    if (p.type === 'CallExpression' && p.arguments[0] === child && unwrap(p.callee).type === 'Identifier' && TIMER.test(calleeName(p) ?? '')) return p;
  }
  return undefined;
}

function siteOf(path: readonly Hop[], connect: FunctionNode, ctx: AnalysisContext): RetrySite | undefined {
  // The last timer on the way is the wait before the connect goes again.
  let timed: { hop: Hop; timer: TSESTree.CallExpression } | undefined;
  for (const hop of path) {
    const timer = timerAround(hop.at, hop.fn);
    if (timer) timed = { hop, timer };
  }
  if (!timed) return undefined;
  let bound: Bound | undefined;
  let mayStop = false;
  for (const hop of path) {
    const env: Env = { ctx, region: hop.fn.body, counters: new Set(), depth: 0 };
    const found = guardsIn(hop.fn.body, env, () => false, (node) => contains(node, hop.at));
    if (found) bound = merge(bound, found);
    if (!mayStop && ((mayStopBefore(hop.at, hop.fn, env) && !onlyStateTests(hop, ctx)) || countTested(hop, ctx))) mayStop = true;
    // A flag the way sets and tests, which the connect never clears: it goes again at most once.
    if (onceFlag(hop, path, connect, ctx)) return undefined;
  }
  const env: Env = { ctx, region: timed.hop.fn.body, counters: new Set(), depth: 0 };
  const ms = timed.timer.arguments[1] as Node | undefined;
  const value = ms ? evaluate(ms, env) : num(0);
  const site: RetrySite = {
    ...timedReentrySite({ node: connect, loc: timed.timer.loc, operationScope: connect.body, delay: value, bound, mayStop }),
    sleep: timed.timer,
    through: timed.hop.fn,
  };
  if (ms) site.delayExpression = ms;
  return site;
}

/**
 * Every test in the hop's function up to its call reads only the instance's state: flags
 * (`!this.disconnecting`), and members no code of the file changes after construction compared
 * with literals (`this.options.reconnectPeriod > 0`): nothing there counts or measures, so the
 * way stops only when the owner's state says so, not when the retry gives up.
 */
function onlyStateTests(hop: Hop, ctx: AnalysisContext): boolean {
  let only = true;
  walk(hop.fn.body, ctx.keys, (node) => {
    if (!only || (node !== hop.fn.body && isFunction(node) && !contains(node, hop.at))) return false;
    if (node.range[0] > hop.at.range[0]) return false;
    const test = node.type === 'IfStatement' || node.type === 'ConditionalExpression' ? node.test : node.type === 'LogicalExpression' ? node.left : undefined;
    if (test && !stateTest(test, ctx)) only = false;
    return undefined;
  });
  return only;
}

/** A test up to the hop's call reads a member the file steps (`if (!this.retriesLeft) return`): a count the analysis does not read. */
function countTested(hop: Hop, ctx: AnalysisContext): boolean {
  let found = false;
  walk(hop.fn.body, ctx.keys, (node) => {
    if (found || (node !== hop.fn.body && isFunction(node) && !contains(node, hop.at))) return false;
    if (node.range[0] > hop.at.range[0]) return false;
    const test = node.type === 'IfStatement' || node.type === 'ConditionalExpression' ? node.test : node.type === 'LogicalExpression' ? node.left : undefined;
    if (test)
      walk(test, ctx.keys, (n) => {
        if (n.type === 'MemberExpression' && thisMember(n) && counted(propertyName(n), ctx)) found = true;
        return !found;
      });
    return undefined;
  });
  return found;
}

function stateTest(test: Node, ctx: AnalysisContext): boolean {
  const n = unwrap(test);
  if (n.type === 'UnaryExpression' && n.operator === '!') return stateTest(n.argument, ctx);
  if (n.type === 'LogicalExpression') return stateTest(n.left, ctx) && stateTest(n.right, ctx);
  // A flag, not a count kept on the instance (`if (this.retriesLeft)` with `this.retriesLeft--` elsewhere).
  if (n.type === 'MemberExpression') return thisMember(n) && !counted(propertyName(n), ctx);
  if (n.type === 'BinaryExpression' && n.left.type !== 'PrivateIdentifier' && /^(<|>|<=|>=|===|!==|==|!=)$/.test(n.operator)) {
    const [a, b] = [unwrap(n.left), unwrap(n.right)];
    const member = a.type === 'MemberExpression' ? a : b.type === 'MemberExpression' ? b : undefined;
    const other = member === a ? b : a;
    const name = member && propertyName(member);
    return member !== undefined && thisMember(member) && other.type === 'Literal' && name !== undefined && !ctx.isSteppedMember(name) && !ctx.isMutableMember(name);
  }
  return false;
}

/** The file steps the member somewhere (`this.left--`, `++this.tries`, `this.left -= 1`): read once per test on an event's way, which few files have. */
function counted(name: string | undefined, ctx: AnalysisContext): boolean {
  if (name === undefined) return true;
  const escaped = name.replace(/[$]/g, '\\$');
  // (Also `this.left = this.left - 1`.)
  return new RegExp(`\\.${escaped}\\s*(?:--|\\+\\+|[-+*]=)|(?:--|\\+\\+)\\s*[\\w$.]*\\.${escaped}\\b|\\.${escaped}\\s*=\\s*[\\w$.]*\\.${escaped}\\s*[-+]`).test(ctx.sourceCode.text);
}

/** `this.x`, `this.options.x`: a member read off the instance. */
function thisMember(node: Node): boolean {
  let n = unwrap(node);
  while (n.type === 'MemberExpression' && !n.computed) n = unwrap(n.object);
  return n.type === 'ThisExpression';
}

/**
 * A member of the instance tested on the way to a hop's call (`if (!this.retried)`) and set
 * on the way, where neither the connect nor a method it calls directly sets it again.
 */
function onceFlag(hop: Hop, path: readonly Hop[], connect: FunctionNode, ctx: AnalysisContext): boolean {
  const tested = new Set<string>();
  let child: Node = hop.at;
  for (let p = hop.at.parent; p && child !== hop.fn; child = p, p = p.parent) {
    const test = p.type === 'IfStatement' || p.type === 'ConditionalExpression' ? (child !== p.test ? p.test : undefined) : p.type === 'LogicalExpression' && p.right === child ? p.left : undefined;
    if (!test) continue;
    // Both branches go on the same way (`if (this.connected) this.end(() => this.connect()); else this.connect()`): no latch.
    const other = p.type === 'IfStatement' || p.type === 'ConditionalExpression' ? (child === p.consequent ? p.alternate : p.consequent) : undefined;
    if (other && callsLike(other, hop.at, ctx)) continue;
    walk(test, ctx.keys, (n) => {
      if (n.type === 'MemberExpression' && unwrap(n.object).type === 'ThisExpression') {
        const name = dottedName(n);
        if (name) tested.add(name);
      }
      return undefined;
    });
  }
  // `if (this.scheduled) return;` before the call in a block around it: an early way out.
  for (let c: Node = hop.at, p = hop.at.parent; p && c !== hop.fn; c = p, p = p.parent) {
    if (p.type !== 'BlockStatement') continue;
    for (const statement of p.body.slice(0, p.body.indexOf(c as TSESTree.Statement))) {
      if (statement.type === 'IfStatement' && alwaysExits(statement.consequent)) {
        walk(statement.test, ctx.keys, (n) => {
          if (n.type === 'MemberExpression' && unwrap(n.object).type === 'ThisExpression') {
            const name = dottedName(n);
            if (name) tested.add(name);
          }
          return undefined;
        });
      }
    }
  }
  if (tested.size === 0) return false;
  const setOnTheWay = path.some((h) => assigns(h.fn.body, tested, ctx, true));
  if (!setOnTheWay) return false;
  return !resetByConnect(connect, tested, ctx);
}

/** Some call in `root` with the callee text of `call`'s. */
function callsLike(root: Node, call: Node, ctx: AnalysisContext): boolean {
  if (call.type !== 'CallExpression') return false;
  const text = dottedName(call.callee);
  let found = false;
  walk(root, ctx.keys, (n) => {
    if (found) return false;
    if (n.type === 'CallExpression' && text !== undefined && dottedName(n.callee) === text) found = true;
    return undefined;
  });
  return found;
}

/** An assignment of one of the members in `root`; with `latching`, only of a value that is not false, null, undefined or 0. */
function assigns(root: Node, names: ReadonlySet<string>, ctx: AnalysisContext, latching = false): boolean {
  let found = false;
  walk(root, ctx.keys, (n) => {
    if (found) return false;
    if (n.type === 'AssignmentExpression' && names.has(dottedName(n.left) ?? '') && !(latching && unset(n.right))) found = true;
    return undefined;
  });
  return found;
}

function unset(value: Node): boolean {
  const v = unwrap(value);
  if (v.type === 'Literal') return v.value === false || v.value === null || v.value === 0 || v.value === '';
  return (v.type === 'Identifier' && v.name === 'undefined') || (v.type === 'UnaryExpression' && v.operator === 'void');
}

/** The connect, or a method of its owner it calls in its own body, assigns one of the members. */
function resetByConnect(connect: FunctionNode, names: ReadonlySet<string>, ctx: AnalysisContext): boolean {
  if (assigns(connect.body, names, ctx)) return true;
  const cls = connect.parent?.type === 'MethodDefinition' ? connect.parent.parent : undefined;
  if (cls?.type !== 'ClassBody') return false;
  const called = new Set<string>();
  walk(connect.body, ctx.keys, (n) => {
    if (n !== connect.body && isFunction(n)) return false;
    if (n.type === 'CallExpression' && n.callee.type === 'MemberExpression' && unwrap(n.callee.object).type === 'ThisExpression') {
      const name = propertyName(n.callee);
      if (name) called.add(name);
    }
    return undefined;
  });
  return classMembers(cls).some((m) => m.type === 'MethodDefinition' && m.key.type === 'Identifier' && called.has(m.key.name) && assigns(m.value.body as Node, names, ctx));
}
