import type { TSESTree } from '@typescript-eslint/utils';
import { contains, isFunction, isLoop, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { AnalysisContext, isReassigned, type SourceCodeLike, type Variable } from '../context.js';
import type { ForeignRetry, ForeignTarget } from '../cross-file/shapes.js';
import { catchSentinelOf } from '../checks.js';
import { loopSite } from '../loops.js';
import { recursionSites } from '../recursion.js';
import type { RetrySite } from '../types.js';
import { bindArguments } from '../bind-arguments.js';
import { siteAtCall } from '../helpers/call-site.js';
import { collectSelfCall } from './self-calls.js';

/**
 * Does a call hand a poller of the project a function that swallows its failure into a falsy
 * value, so that the poller's loop or recursion retries it?
 */

/** The function a call hands over: inline, or a function of this file passed by name. */
export function operationOf(arg: Node, ctx: AnalysisContext): FunctionNode | undefined {
  return isFunction(arg) ? arg : arg.type === 'Identifier' ? ctx.functionOf(arg) : undefined;
}

/**
 * A poller of another module (it calls a function it is given again, after a wait, until that
 * returns a truthy value) handed a function of this file that catches its own failure and
 * returns a falsy value in its place (`catch { return false }`, `return null`): the poller
 * runs the failed call again after its wait, so the call retries. Found by reading the
 * poller with that parameter bound to the function handed over (ctx.paramFunctions): the
 * poller's own loop or recursion, whose result check then sees the failures, is the site.
 * Nothing is found for a poller that only ever sees successes (its callback lets failures out).
 */
export function pollRetry(target: ForeignTarget, call: TSESTree.CallExpression, ctx: AnalysisContext): ForeignRetry | undefined {
  const site = polledSite(target.fn, target.summary.ctx.sourceCode, call, ctx);
  return site && { ...target, role: 'helper', site };
}

/**
 * The site of a poller `fn` (in the file of `pollerCode`) as `call` runs it: a function handed
 * over that catches its own failure and returns a falsy value in its place, bound to its
 * parameter, and the poller's loop or recursion that runs that parameter again on a falsy result.
 */
function polledSite(fn: FunctionNode, pollerCode: SourceCodeLike, call: TSESTree.CallExpression, ctx: AnalysisContext): RetrySite | undefined {
  for (let index = 0; index < call.arguments.length && index < fn.params.length; index++) {
    const handed = operationOf(call.arguments[index] as Node, ctx);
    if (!handed || handed === fn || contains(handed, call) || !catchSentinelOf(handed, ctx)) continue;
    const param = fn.params[index];
    const variable = param?.type === 'Identifier' ? pollerCode.getScope(fn).set.get(param.name) : undefined;
    if (!variable || isReassigned(variable)) continue;
    const pollerCtx = new AnalysisContext(pollerCode);
    const { values, objects } = bindArguments(fn, call, ctx, pollerCtx);
    pollerCtx.paramValues = values;
    pollerCtx.paramObjects = objects;
    pollerCtx.paramFunctions = new Map([[variable, { fn: handed, ctx }]]);
    const site = pollingSites(fn, pollerCtx).find((s) => callsVariable(s.operation, variable, pollerCtx));
    if (site) return site;
  }
  return undefined;
}

/**
 * `waitUntil(check)` with `waitUntil` a function of this file that polls `check`, and `check`
 * a function that swallows its failure into a falsy value: a site at the call (pollRetry's
 * reading, in this file). Only calls handing over such a function are read.
 */
export function localPollSite(call: TSESTree.CallExpression, ctx: AnalysisContext): RetrySite | undefined {
  // Runs for every call of the file: the cheap tests first (a plain callee, a function or a name handed over).
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier' || !call.arguments.some((a) => isFunction(a as Node) || a.type === 'Identifier')) return undefined;
  const fn = ctx.functionOf(callee);
  if (!fn || contains(fn, call)) return undefined;
  if (!call.arguments.some((a) => {
    const handed = operationOf(a as Node, ctx);
    // Most functions handed over catch nothing: a look at the text before a walk.
    if (!handed || !ctx.sourceCode.text.slice(handed.range[0], handed.range[1]).includes('catch')) return false;
    return catchSentinelOf(handed, ctx) !== undefined;
  })) return undefined;
  const inner = polledSite(fn, ctx.sourceCode, call, ctx);
  if (!inner) return undefined;
  const handed = call.arguments.map((a) => operationOf(a as Node, ctx)).find((h) => h && catchSentinelOf(h, ctx));
  const site = siteAtCall(inner, `\`${(callee as TSESTree.Identifier).name}()\``, call);
  if (handed) site.operationScope = handed.body;
  return site;
}

/** The loops and self-recursions inside a function, read with the context given. */
function pollingSites(fn: FunctionNode, ctx: AnalysisContext): RetrySite[] {
  const sites: RetrySite[] = [];
  const selfCalls = new Map<FunctionNode, Node[]>();
  walk(fn.body, ctx.keys, (node) => {
    if (isLoop(node)) {
      const site = loopSite(node as Parameters<typeof loopSite>[0], ctx);
      if (site) sites.push(site);
    } else if (node.type === 'CallExpression') collectSelfCall(node, selfCalls, ctx);
    return undefined;
  });
  for (const [f, calls] of selfCalls) if (f === fn || contains(fn, f)) sites.push(...recursionSites(f, calls, ctx));
  return sites;
}

/** `fn(…)` (awaited or not) with `fn` the variable. */
function callsVariable(operation: Node | undefined, variable: Variable, ctx: AnalysisContext): boolean {
  let n = operation ? unwrap(operation) : undefined;
  if (n?.type === 'AwaitExpression') n = unwrap(n.argument);
  if (n?.type !== 'CallExpression') return false;
  const callee = unwrap(n.callee);
  return callee.type === 'Identifier' && ctx.variableOf(callee) === variable;
}
