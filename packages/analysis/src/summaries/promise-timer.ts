import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, unwrap, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { importOf } from '../imports.js';
import { firstDefinition } from '../definitions/bodies.js';

const TIMERS_PROMISES = /^(node:)?timers\/promises$/;

/**
 * A timer that is itself a promise of the wait: `setTimeout(ms)` from timers/promises (named,
 * or a member of the module), or a `promisify(setTimeout)`. Its first argument is the wait.
 */
export function isPromiseTimer(callee: Node, ctx: AnalysisContext): boolean {
  if (callee.type === 'MemberExpression') {
    const object = unwrap(callee.object);
    if (object.type !== 'Identifier') return false;
    return TIMERS_PROMISES.test(importOf(object, ctx)?.module ?? '');
  }
  if (callee.type !== 'Identifier') return false;
  const module = importOf(callee, ctx)?.module;
  if (module !== undefined) return TIMERS_PROMISES.test(module);
  const def = firstDefinition(ctx.variableOf(callee));
  const init = def?.type === 'Variable' ? def.node.init : undefined;
  if (init?.type === 'CallExpression' && calleeName(init) === 'promisify') {
    const arg = init.arguments[0];
    return arg?.type === 'Identifier' && arg.name === 'setTimeout';
  }
  return false;
}

/** `await setTimeout(1000 * s)` with a promise timer: the call, whose first argument is the wait. */
export function promiseTimerCall(node: Node, ctx: AnalysisContext): TSESTree.CallExpression | undefined {
  if (node.type !== 'CallExpression') return undefined;
  const callee = unwrap(node.callee);
  // Under any local name (`import { setTimeout as wait }`, `const later = promisify(setTimeout)`):
  // what the binding is, not what it is called; of timers/promises only its `setTimeout` is a wait.
  if (callee.type === 'Identifier') {
    const imported = importOf(callee, ctx);
    if (imported) return TIMERS_PROMISES.test(imported.module) && imported.imported === 'setTimeout' ? node : undefined;
    return isPromiseTimer(callee, ctx) ? node : undefined;
  }
  // `scheduler.wait(ms)`: the scheduling API's wait (a global of browsers and workers, or timers/promises' `scheduler`).
  if (calleeName(node) === 'wait' && callee.type === 'MemberExpression' && isScheduler(unwrap(callee.object), ctx)) return node;
  return calleeName(node) === 'setTimeout' && isPromiseTimer(callee, ctx) ? node : undefined;
}

function isScheduler(object: Node, ctx: AnalysisContext): boolean {
  if (object.type !== 'Identifier') return false;
  const imported = importOf(object, ctx);
  if (imported) return TIMERS_PROMISES.test(imported.module) && imported.imported === 'scheduler';
  // The global, unbound anywhere in the file (a local `scheduler` is whatever the code made it).
  return object.name === 'scheduler' && !ctx.variableOf(object)?.defs.length;
}
