import type { TSESTree } from '@typescript-eslint/utils';
import { contains, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import type { AnalysisContext, Variable } from './context.js';
import { classIn } from './cross-file/exports.js';
import { importOf } from './imports.js';
import type { Reentry } from './recursion/reentry.js';
import { classMembers, constructorOf, firstDefinition, soleDefinition } from './definitions/bodies.js';

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/**
 * A failure handler handed to the code that fails, which puts the failed work back on a timer
 * with itself as the handler again: `const onCrash = (e) => { …; setTimeout(() => start(onCrash), wait) }`
 * with `start(onCrash)` handing `onCrash` on to code that calls it only from a failure path
 * (a catch, a `.catch()` callback) — in `start` itself, or in a class `start` constructs with it
 * (`new Runner({ onCrash })`, whose methods call `this.onCrash(e)` when they fail).
 *
 * A way back in through the handler: `start` is the retrying function, the place it hands the
 * handler on is where it reaches the handler (on failure only), and the timer's `start(onCrash)` is
 * the way back. Every use of the handler must be such a hand-over, and every use of `start`'s
 * parameter a call on failure or such a hand-over: a handler also called on success (a poller's
 * tick) is not a retry's.
 *
 * Cheap: only calls that pass a function of this file to another function of this file from
 * inside a timer callback in that function are read further.
 */
export function handedHandlers(calls: readonly TSESTree.CallExpression[], selfCalls: Map<FunctionNode, Node[]>, reentries: Map<Node, Reentry>, ctx: AnalysisContext, onFailure: (call: Node, fn: FunctionNode, ctx: AnalysisContext) => boolean): void {
  for (const call of calls) {
    if (call.callee.type !== 'Identifier' || call.arguments.length === 0 || !call.arguments.some((a) => a.type === 'Identifier')) continue;
    // Scope lookups below cost more than this walk up: most calls are in no timer callback.
    if (!inTimerCallback(call)) continue;
    // The argument naming a function that holds the call: the handler handing itself on.
    const index = call.arguments.findIndex((a) => {
      if (a.type !== 'Identifier') return false;
      const f = ctx.functionOf(a);
      return f !== undefined && contains(f, call);
    });
    const arg = call.arguments[index];
    if (!arg || arg.type !== 'Identifier' || call.arguments.filter((a) => a.type === 'Identifier' && a.name === arg.name).length !== 1) continue;
    const handler = ctx.functionOf(arg);
    if (!handler || !inTimerCallback(call, handler)) continue;
    const start = ctx.functionOf(call.callee);
    if (!start || start === handler || contains(start, handler) || contains(handler, start)) continue;
    if (reentries.has(call)) continue;
    // The handler is only ever handed to `start`, at the same place.
    const variable = ctx.variableOf(arg);
    if (!variable || !soleDefinition(variable) || !onlyHandedTo(variable, call.callee.name, index)) continue;
    const param = start.params[index];
    const paramVar = param?.type === 'Identifier' ? ctx.variableOf(param) : undefined;
    if (!paramVar) continue;
    const handing = handOvers(paramVar, start, ctx, onFailure);
    if (!handing) continue;
    const list = selfCalls.get(start) ?? [];
    list.push(handing);
    selfCalls.set(start, list);
    reentries.set(handing, { through: handler, backs: [call], others: [], handed: true });
  }
}

/** `setTimeout(() => start(onCrash), wait)`: the call sits in a callback handed to a timer, inside the handler. */
function inTimerCallback(call: Node, handler?: FunctionNode): boolean {
  for (let child: Node = call, p = call.parent; p && child !== handler; child = p, p = p.parent) {
    if (isFunction(child) && p.type === 'CallExpression' && p.arguments[0] === child && p.callee.type === 'Identifier' && /^(setTimeout)$/.test(p.callee.name)) return true;
  }
  return false;
}

function onlyHandedTo(variable: Variable, name: string, index: number): boolean {
  const refs = variable.references.filter((r) => !r.init);
  return (
    refs.length > 0 &&
    refs.every((r) => {
      const p = r.identifier.parent;
      return p?.type === 'CallExpression' && p.callee.type === 'Identifier' && p.callee.name === name && p.arguments[index] === r.identifier;
    })
  );
}

/**
 * Every use of `start`'s handler parameter is a call on a failure path or a hand-over to a class
 * that calls it only on failure; the first hand-over (or call) is returned as the place `start`
 * reaches the handler.
 */
function handOvers(param: Variable, start: FunctionNode, ctx: AnalysisContext, onFailure: (call: Node, fn: FunctionNode, ctx: AnalysisContext) => boolean): Node | undefined {
  const refs = param.references.filter((r) => !r.init);
  if (refs.length === 0 || param.references.some((r) => r.isWrite())) return undefined;
  let first: Node | undefined;
  for (const ref of refs) {
    const id = ref.identifier as Node;
    const p = id.parent;
    if (p?.type === 'CallExpression' && p.callee === id) {
      if (!onFailure(p, start, ctx) || !handsCaught(p, ctx)) return undefined;
    } else if (p?.type === 'Property' && p.value === id && !p.computed && p.kind === 'init') {
      const key = keyName(p);
      const object = p.parent;
      const made = object?.parent;
      if (!key || object?.type !== 'ObjectExpression' || made?.type !== 'NewExpression' || made.arguments[0] !== object || made.callee.type !== 'Identifier') return undefined;
      const local = classIn(made.callee, ctx);
      const cls = local ? { cls: local, ctx } : ctx.foreignClass?.(made.callee);
      if (!cls || !callsOnFailureOnly(cls.cls, key, cls.ctx, onFailure) || mentionsMember(start, key, ctx)) return undefined;
    } else return undefined;
    first ??= id;
  }
  return first;
}

/**
 * A class that keeps the option `key` of its constructor's options object (`constructor({ onCrash }) { this.onCrash = onCrash }`)
 * and calls `this.onCrash(…)` only from failure paths of its methods, using it nowhere else.
 */
function callsOnFailureOnly(cls: ClassNode, key: string, ctx: AnalysisContext, onFailure: (call: Node, fn: FunctionNode, ctx: AnalysisContext) => boolean): boolean {
  // A superclass's methods may call the field too: only Node's EventEmitter, which calls nothing of its subclass's own.
  if (cls.superClass && !fromEvents(cls.superClass, ctx)) return false;
  const ctor = constructorOf(cls);
  const options = ctor?.value.params[0];
  if (!ctor || options?.type !== 'ObjectPattern') return false;
  const prop = options.properties.find((p): p is TSESTree.Property => p.type === 'Property' && keyName(p) === key);
  const local = prop && unwrap(prop.value.type === 'AssignmentPattern' ? prop.value.left : prop.value);
  const variable = local?.type === 'Identifier' ? ctx.variableOf(local) : undefined;
  const refs = variable?.references.filter((r) => !r.init) ?? [];
  // Kept once, as `this.<field> = onCrash`.
  if (refs.length !== 1) return false;
  const assign = refs[0]?.identifier.parent;
  if (assign?.type !== 'AssignmentExpression' || assign.operator !== '=' || assign.right !== refs[0]?.identifier || assign.left.type !== 'MemberExpression' || assign.left.object.type !== 'ThisExpression') return false;
  const field = propertyName(assign.left);
  if (!field) return false;
  let calls = 0;
  let other = false;
  for (const element of classMembers(cls)) {
    // A field's arrow (`onEnd = () => this.onCrash(…)`) is read as a use elsewhere.
    if (element.type === 'PropertyDefinition' && element.value) {
      walk(element.value, ctx.keys, (node: Node) => {
        if (node.type === 'MemberExpression' && propertyName(node) === field) other = true;
        return undefined;
      });
      continue;
    }
    if (element.type !== 'MethodDefinition' || element.static) continue;
    const method = element.value;
    if (!method.body) continue;
    walk(method.body, ctx.keys, (node: Node) => {
      if (other || node.type !== 'MemberExpression' || node.object.type !== 'ThisExpression' || propertyName(node) !== field || node === assign.left) return;
      const p = node.parent;
      if (p?.type === 'CallExpression' && p.callee === node && element.kind !== 'constructor' && onFailure(p, method, ctx) && handsCaught(p, ctx)) calls++;
      else other = true;
      return undefined;
    });
  }
  return !other && calls > 0 && !mentionedOutside(cls, field);
}

/** The class gives the field a value of its own (`onCrash = noop`, a method or accessor of that name): not followed. */
function mentionedOutside(cls: ClassNode, field: string): boolean {
  // (A declaration without a value, `private readonly onCrash: Handler`, is only the field's type.)
  return classMembers(cls).some((e) => ((e.type === 'PropertyDefinition' && e.value !== null) || e.type === 'MethodDefinition') && !e.computed && e.key.type === 'Identifier' && e.key.name === field);
}

function keyName(p: TSESTree.Property): string | undefined {
  if (p.computed) return undefined;
  return p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' && typeof p.key.value === 'string' ? p.key.value : undefined;
}

/** `onCrash(e)` with the error a catch clause or a `.catch((e) => …)` callback caught: the handler is handed the failure. */
function handsCaught(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const arg = call.arguments[0];
  const def = arg?.type === 'Identifier' ? firstDefinition(ctx.variableOf(arg)) : undefined;
  if (def?.type === 'CatchClause') return true;
  if (def?.type !== 'Parameter' || !isFunction(def.node) || def.node.params[0] !== def.name) return false;
  const holder = def.node.parent;
  return holder?.type === 'CallExpression' && holder.callee.type === 'MemberExpression' && ((propertyName(holder.callee) === 'catch' && holder.arguments[0] === def.node) || (propertyName(holder.callee) === 'then' && holder.arguments[1] === def.node));
}

/** `runner.onCrash(…)` where the instance is made: the handler called from outside the class too. */
function mentionsMember(fn: FunctionNode, name: string, ctx: AnalysisContext): boolean {
  let found = false;
  walk(fn.body, ctx.keys, (node: Node) => {
    if (found) return false;
    if (node.type === 'MemberExpression' && propertyName(node) === name) found = true;
    return undefined;
  });
  return found;
}

/** `class Runner extends EventEmitter` with `EventEmitter` from Node's `events` module. */
function fromEvents(superClass: Node, ctx: AnalysisContext): boolean {
  const sup = unwrap(superClass);
  let id: Node = sup;
  // `require('events').EventEmitter`, `const { EventEmitter } = require('events')`.
  if (sup.type === 'MemberExpression' && propertyName(sup) === 'EventEmitter') id = unwrap(sup.object);
  if (id.type === 'CallExpression' && id.callee.type === 'Identifier' && id.callee.name === 'require') {
    const arg = id.arguments[0];
    return arg?.type === 'Literal' && (arg.value === 'events' || arg.value === 'node:events');
  }
  const origin = id.type === 'Identifier' ? importOf(id, ctx) : undefined;
  return origin !== undefined && (origin.module === 'events' || origin.module === 'node:events');
}
