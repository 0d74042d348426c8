import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, isFunction, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import type { Variable } from './context.js';
import { evaluate, type Env } from './evaluate.js';
import { helperEnv } from './evaluation/helper-calls.js';
import { delayAndJitter } from './policy.js';
import { asSleep } from './sleep.js';
import { sleepValue } from './sleep-value.js';
import type { RetryPolicy } from './types.js';
import { join, type Value } from './value.js';

/** What a delay or strategy callback handed to a library says about the retry. */
export interface StrategyReading {
  delay: RetryPolicy['delay'];
  jitter: RetryPolicy['jitter'];
  /**
   * Whether some path gives up: returns null/undefined/false/an Error, throws, or ends with
   * no value. A strategy that only ever returns a number never stops the library retrying.
   */
  canGiveUp: boolean;
  /** Some path compares or reads an error (`err.code`, `cause instanceof …`): failures are classified. */
  readsError: boolean;
}

/**
 * The function an option holds: an inline arrow/function, or a local function passed by name
 * (`retryStrategy: backoff`).
 */
export function strategyFunction(node: Node, env: Env): FunctionNode | undefined {
  return env.ctx.functionIn(node);
}

/**
 * Reads a strategy callback like a loop's delay expression: the parameter at `counterIndex`
 * (`times`, `retries`, `failureCount`) is the attempt counter; `counterPath` names a counter
 * destructured from another parameter (swr's `{ retryCount }`). The returned numbers are the
 * wait (`(times) => Math.min(times * 50, 2000)`: linear, capped, no jitter); with `sleeps`,
 * the wait is the sleep or setTimeout the body makes (`retryWait`, `onErrorRetry`).
 */
export function readStrategy(fn: FunctionNode, counterIndex: number, env: Env, options: { sleeps?: boolean; counterName?: string; zeroStops?: boolean } = {}): StrategyReading {
  const inner = helperEnv(fn, [], env);
  const counters = new Set<Variable>(inner.counters);
  const scope = env.ctx.sourceCode.getScope(fn);
  const param = fn.params[counterIndex];
  const counterId = param?.type === 'Identifier' ? param : param?.type === 'AssignmentPattern' && param.left.type === 'Identifier' ? param.left : undefined;
  if (counterId) {
    const variable = scope.set.get(counterId.name);
    if (variable) counters.add(variable);
  }
  if (options.counterName) {
    const variable = scope.set.get(options.counterName);
    if (variable) counters.add(variable);
  }
  const bodyEnv: Env = { ...inner, region: fn.body, counters, bindings: new Map([...(inner.bindings ?? [])].filter(([v]) => !counters.has(v))) };
  const errorNames = new Set(fn.params.flatMap((p, i) => (i !== counterIndex && p.type === 'Identifier' ? [p.name] : [])));

  let value: Value | undefined;
  let canGiveUp = false;
  let readsError = false;
  const add = (v: Value) => {
    value = value ? join(value, v) : v;
  };
  // A returned value: each branch of `t > 5 ? null : t * 100` either stops or is a wait.
  const returned = (expression: Node) => {
    for (const branch of branches(expression)) {
      // got's `calculateDelay` says "stop" with 0 (`zeroStops`).
      if (givesUp(branch) || (options.zeroStops && branch.type === 'Literal' && branch.value === 0)) canGiveUp = true;
      else add(evaluate(branch, bodyEnv));
    }
  };
  if (fn.body.type !== 'BlockStatement') {
    if (!options.sleeps) returned(fn.body);
    else collectSleeps(fn.body, bodyEnv, add);
  } else {
    // A strategy that ends with no value stops; a callback that schedules the next try
    // (`sleeps`) stops only by returning or throwing before it does.
    canGiveUp = !options.sleeps && !endsInReturnOrThrow(fn.body);
    walk(fn.body, env.ctx.keys, (node) => {
      if (node !== fn.body && isFunction(node)) return false;
      if (node.type === 'ThrowStatement') canGiveUp = true;
      if (node.type === 'ReturnStatement') {
        if (options.sleeps || !node.argument) canGiveUp = true;
        else returned(node.argument);
      }
      if (node.type === 'Identifier' && errorNames.has(node.name) && node.parent?.type !== 'ReturnStatement') readsError = true;
      return undefined;
    });
    if (options.sleeps) collectSleeps(fn.body, bodyEnv, add);
  }
  if (!value) return { delay: { kind: 'unknown' }, jitter: 'unknown', canGiveUp, readsError };
  return { ...delayAndJitter(value), canGiveUp, readsError };
}

/** The values an expression may have: both arms of a conditional (nested ones included). */
function branches(expression: Node): Node[] {
  const n = unwrap(expression);
  if (n.type === 'ConditionalExpression') return [...branches(n.consequent), ...branches(n.alternate)];
  return [n];
}

/** `null`, `undefined`, `false`, `new Error()`: a strategy's way of saying "stop". */
function givesUp(n: Node): boolean {
  if (n.type === 'Literal') return n.value === null || n.value === false;
  if (n.type === 'Identifier') return n.name === 'undefined';
  if (n.type === 'NewExpression') return /Error$/.test(calleeName(n) ?? '');
  if (n.type === 'UnaryExpression') return n.operator === 'void';
  return false;
}

function endsInReturnOrThrow(block: TSESTree.BlockStatement): boolean {
  const last = block.body[block.body.length - 1];
  return last?.type === 'ReturnStatement' || last?.type === 'ThrowStatement';
}

/** The waits a callback makes: a sleep form, or `setTimeout(revalidate, ms)` scheduling the next try. */
function collectSleeps(root: Node, env: Env, add: (v: Value) => void): void {
  walk(root, env.ctx.keys, (node) => {
    if (node.type !== 'CallExpression' && node.type !== 'NewExpression') return undefined;
    const sleep = asSleep(node, env.ctx);
    if (sleep) {
      add(sleepValue(sleep, env));
      return false;
    }
    if (node.type === 'CallExpression' && calleeName(node) === 'setTimeout' && node.arguments[1]) add(evaluate(node.arguments[1] as Node, env));
    return undefined;
  });
}
