import type { TSESTree } from '@typescript-eslint/utils';
import { keyName, unwrap, type FunctionNode, type Node } from './ast.js';
import type { AnalysisContext, Variable } from './context.js';
import { evaluate, type Env } from './evaluate.js';
import { resolveObject } from './objects/resolve-object.js';
import { defaultFunction } from './options/option-source.js';
import type { Value } from './value.js';
import { readProperty, UNSEEN, type ObjectArgument } from './object-argument.js';

export interface ArgumentBindings {
  /** A parameter (or a name destructured from one) bound to what the call passes. */
  values: Map<Variable, Value>;
  /** A parameter bound to an options object the call writes out. */
  objects: Map<Variable, ObjectArgument>;
}

/**
 * The helper's parameters bound to a call's arguments. A number the caller passes is known; any
 * other value passed is unknown but fixed for the whole retry, never the helper's default (the
 * call did not leave that parameter out). A parameter the call leaves out keeps its default.
 */
export function bindArguments(fn: FunctionNode, call: TSESTree.CallExpression | TSESTree.NewExpression, callerCtx: AnalysisContext, helperCtx: AnalysisContext, result: ArgumentBindings = { values: new Map(), objects: new Map() }, callerBindings?: Map<Variable, Value>): ArgumentBindings {
  // (`callerBindings`: the caller's own parameters, as its caller passed them.)
  const env: Env = { ctx: callerCtx, region: call, counters: new Set(), depth: 0, ...(callerBindings ? { bindings: callerBindings } : {}) };
  const scope = helperCtx.sourceCode.getScope(fn);
  const variableNamed = (id: TSESTree.Identifier) => scope.set.get(id.name);
  for (let i = 0; i < fn.params.length; i++) {
    const param = fn.params[i] as TSESTree.Parameter;
    const arg = call.arguments[i];
    // A spread hides which argument lands where from here on.
    if (!arg || arg.type === 'SpreadElement') break;
    if (isUndefined(arg)) continue;
    const target = param.type === 'AssignmentPattern' ? param.left : param;
    if (target.type === 'Identifier') {
      const variable = variableNamed(target);
      if (!variable) continue;
      const object = objectArgument(arg, env);
      if (object) result.objects.set(variable, object);
      else result.values.set(variable, passed(evaluate(arg, env)));
    } else if (target.type === 'ObjectPattern') {
      const object = objectArgument(arg, env);
      for (const property of target.properties) {
        if (property.type !== 'Property' || property.computed) continue;
        const key = keyName(property.key);
        const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
        const variable = key !== undefined && value.type === 'Identifier' ? variableNamed(value) : undefined;
        if (!variable) continue;
        const read = object ? readProperty(object, key as string) : UNSEEN;
        if (read !== 'absent') result.values.set(variable, read);
      }
    }
  }
  return result;
}

function passed(value: Value): Value {
  if (value.t === 'num') return value;
  // (`remote ? 3 : 1` passed keeps what it may be at most.)
  const atMost = value.t === 'invariant' ? value.atMost : undefined;
  return { t: 'invariant', random: value.random, ...(value.jitter ? { jitter: value.jitter } : {}), ...(atMost !== undefined ? { atMost } : {}) };
}

function isUndefined(arg: TSESTree.CallExpressionArgument): boolean {
  const n = unwrap(arg as Node);
  return (n.type === 'Identifier' && n.name === 'undefined') || (n.type === 'UnaryExpression' && n.operator === 'void');
}

/** The object literal an argument is (through `const` bindings), by key; undefined for anything else. */
export function objectArgument(arg: TSESTree.CallExpressionArgument, env: Env): ObjectArgument | undefined {
  const literal = resolveObject(arg as Node, env);
  if (!literal) return undefined;
  const props = new Map<string, Value>();
  let complete = true;
  for (const property of literal.properties) {
    if (property.type === 'SpreadElement') {
      // A key written before the spread may be overwritten by it.
      for (const key of props.keys()) props.set(key, UNSEEN);
      complete = false;
      continue;
    }
    const key = property.computed ? undefined : keyName(property.key);
    if (key === undefined) {
      complete = false;
      continue;
    }
    const value = property.value;
    // A function handed in: read where the code calls it, with the arguments it gets there.
    const fn = handedFunction(value as Node, env);
    props.set(key, fn ? { ...UNSEEN, kind: 'function', closure: { fn, scope: env.ctx } } : passed(evaluate(value as Node, env)));
  }
  return { props, complete };
}

/**
 * The function an option's value is: written there, a function of the file the name holds, or
 * the default the name falls back to when nothing says what callers pass
 * (`{ retryDelay = ({ count }) => 200 * 2 ** count }`), as a number default is read.
 */
function handedFunction(node: Node, env: Env): FunctionNode | undefined {
  const n = unwrap(node);
  if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression') return n;
  return n.type === 'Identifier' ? env.ctx.functionOf(n) ?? defaultFunction(n, env) : undefined;
}
