import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, isFunction, propertyName, unwrap, walk, type Node } from '../ast.js';
import { evaluate, type Env } from '../evaluate.js';
import { enclosingClass, memberWritesWithin } from '../classes/class-members.js';
import { constructorOf, firstDefinition, soleDefinition } from '../definitions/bodies.js';

/**
 * The limit is Infinity, or an option that falls back to Infinity when not given
 * (`opts.max ?? Infinity`, `opts.max || Infinity`, `x !== undefined ? x : Infinity`):
 * a limit that is off unless someone sets it.
 */
export function defaultsToInfinity(node: Node, env: Env, depth = 0): boolean {
  const n = unwrap(node);
  const infinite = (x: Node) => {
    const v = evaluate(x, env);
    return v.t === 'num' && v.v === Infinity;
  };
  if (infinite(n)) return true;
  if (n.type === 'LogicalExpression' && (n.operator === '??' || n.operator === '||')) return infinite(n.right) && evaluate(n.left, env).t !== 'num';
  if (n.type === 'ConditionalExpression') return (infinite(n.alternate) && evaluate(n.consequent, env).t !== 'num') || (infinite(n.consequent) && evaluate(n.alternate, env).t !== 'num');
  if (n.type === 'Identifier' && depth < 2) {
    const variable = env.ctx.variableOf(n);
    const def = firstDefinition(variable);
    if (def?.type === 'Variable' && def.node.id === def.name && def.node.init && soleDefinition(variable) !== undefined) return defaultsToInfinity(def.node.init, env, depth + 1);
  }
  if (n.type === 'MemberExpression' && depth < 2) {
    // `this.options.maxAttempts` with the options the package's constructions hand the class.
    const prop = n.computed ? undefined : propertyName(n);
    const constructed = prop !== undefined && unwrap(n.object).type !== 'ThisExpression' ? env.ctx.constructedOption?.(n.object, prop, env) : undefined;
    if (constructed) return defaultsToInfinity(constructed.node, constructed.env, depth + 1);
    return memberDefaultsToInfinity(n, env, depth);
  }
  return false;
}

/**
 * `this.maxAttempts` where every write of the member in its class is `this.maxAttempts = v`
 * in a setter method of the class (`maxAttempts(v) { this.maxAttempts = v; return this }`)
 * or in the constructor, and the constructor sets it to a value that falls back to Infinity,
 * directly or through that setter (`this.maxAttempts(opts.maxAttempts || Infinity)`): a limit
 * that is off unless the caller sets it.
 */
function memberDefaultsToInfinity(member: TSESTree.MemberExpression, env: Env, depth: number): boolean {
  if (member.computed || unwrap(member.object).type !== 'ThisExpression') return false;
  const dotted = dottedName(member);
  const cls = enclosingClass(member);
  if (!dotted || !cls) return false;
  const ctor = constructorOf(cls);
  if (!ctor?.value.body) return false;
  const writes = memberWritesWithin(dotted, { ...env, region: cls.body });
  if (writes.length === 0) return false;
  let fromConstructor = false;
  for (const target of writes) {
    const write = target.parent as Node;
    if (write.type !== 'AssignmentExpression' || write.operator !== '=') return false;
    const method = enclosingMethod(write, cls.body);
    if (!method) return false;
    if (method === ctor) {
      if (!defaultsToInfinity(write.right, env, depth + 1)) return false;
      fromConstructor = true;
      continue;
    }
    // A setter: the value is one of its parameters; the constructor's call of it gives the default.
    const value = unwrap(write.right);
    const index = value.type === 'Identifier' ? method.value.params.findIndex((p) => p.type === 'Identifier' && p.name === value.name) : -1;
    if (index < 0 || method.static || method.key.type !== 'Identifier' || method.computed) return false;
    const name = method.key.name;
    let called = false;
    walk(ctor.value.body, env.ctx.keys, (node) => {
      if (node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && !node.callee.computed && unwrap(node.callee.object).type === 'ThisExpression' && propertyName(node.callee) === name) {
        const arg = node.arguments[index];
        if (arg && arg.type !== 'SpreadElement' && defaultsToInfinity(arg, env, depth + 1)) called = true;
      }
      return undefined;
    });
    if (called) fromConstructor = true;
  }
  return fromConstructor;
}

/** The method of the class body that holds `node` directly (not inside a nested function of it). */
function enclosingMethod(node: Node, classBody: Node): TSESTree.MethodDefinition | undefined {
  let fn: Node | undefined;
  for (let p = node.parent; p && p !== classBody; p = p.parent) {
    if (isFunction(p) && !fn) fn = p;
    if (p.type === 'MethodDefinition') return p.value === fn ? p : undefined;
  }
  return undefined;
}
