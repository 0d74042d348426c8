import type { TSESTree } from '@typescript-eslint/utils';
import { contains, isFunction, unbound, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import { AnalysisContext } from '../context.js';
import type { ForeignRetry } from '../cross-file/shapes.js';
import { bindArguments, type ArgumentBindings } from '../bind-arguments.js';
import { librarySite } from '../libraries.js';
import { loopSite } from '../loops.js';
import { recursionSites } from '../recursion.js';
import { repeatedCall, repeatedCallSite } from '../repeats/repeated-call.js';
import type { RetryPolicy, RetrySite } from '../types.js';
import type { Value } from '../value.js';

/**
 * A call of a function that retries with a policy its caller chooses (a helper handed the
 * operation, or a loop whose attempts and wait its parameters set): the site the call is,
 * with the helper's policy read again with what the call passes. The same reading for a
 * helper of this file and one another module of the project exports.
 */

/** How the helper's module is read from here: its imports, and the calls of itself a recursion makes. */
export interface HelperReader {
  /** Makes a fresh context of the helper's module (`file`) read what that module imports. */
  prepare(helperCtx: AnalysisContext, file: string): void;
  collectSelfCall(call: TSESTree.CallExpression, selfCalls: Map<FunctionNode, Node[]>, ctx: AnalysisContext): void;
}

/**
 * A call of an imported helper as a site of this file: the helper's policy, reported at the
 * call; what it retries is the function handed to it.
 */
export function helperCallSite(foreign: ForeignRetry, call: TSESTree.CallExpression, ctx: AnalysisContext, reader: HelperReader): RetrySite | undefined {
  const inner = foreign.site;
  const site = siteAtCall(inner, foreign.label, call);
  if (foreign.role === 'helper') {
    site.helper = { site: inner, fn: foreign.fn, file: foreign.summary.file, sourceCode: foreign.summary.ctx.sourceCode };
    const bound = boundPolicy(foreign, call, ctx, reader);
    // A retry only by the helper's option defaults, called with options that (may) set them: the caller's predicate decides.
    if (bound === null) return undefined;
    if (bound) {
      site.policy = bound.policy;
      site.fromLibraryDefault = { ...bound.fromLibraryDefault };
      site.deadlineBound = bound.deadlineBound;
      site.abortAware = bound.abortAware;
    }
    for (const a of call.arguments) {
      const callback = ctx.functionIn(unbound(a as Node));
      if (callback) {
        site.operationScope = callback.body;
        break;
      }
    }
  }
  return site;
}


/** A site at `call` that retries as `inner` does (a helper's or a poller's retry, seen where it is called). */
export function siteAtCall(inner: RetrySite, library: string, call: TSESTree.CallExpression): RetrySite {
  return {
    kind: 'library',
    library,
    node: call,
    loc: call.loc,
    policy: { ...inner.policy, delay: { ...inner.policy.delay } },
    fromLibraryDefault: { ...inner.fromLibraryDefault },
    classifiesErrors: inner.classifiesErrors,
    abortAware: inner.abortAware,
    deadlineBound: inner.deadlineBound,
    nested: [],
    ...(inner.withoutServerWait ? { withoutServerWait: true as const } : {}),
  };
}


/**
 * The helper's site analysed again with what this call passes bound to its parameters
 * (`retryable(op, 2)`: 3 attempts, not the default's 6; `withRetry(op, { retries: 2 })`
 * read as `opts.retries` or `{ retries = 5 }`). A parameter the call leaves out keeps the
 * helper's default.
 */
function boundPolicy(foreign: ForeignRetry, call: TSESTree.CallExpression, ctx: AnalysisContext, reader: HelperReader): RetrySite | undefined | null {
  const site = reboundSite(foreign, call, ctx, reader);
  if (!foreign.site.byDefaults || !passedAnything(foreign, call, ctx)) return site;
  // Read again with what the call passes, a retry found only by the defaults is no longer one;
  // nor is one in a function the helper hands its arguments on to (read without them).
  const inHelper = foreign.site.node === foreign.fn || contains(foreign.fn, foreign.site.node);
  return site && inHelper ? site : null;
}

/** The call binds something to the helper's parameters (or its instance's constructor's). */
function passedAnything(foreign: ForeignRetry, call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const helperCtx = new AnalysisContext(foreign.summary.ctx.sourceCode);
  const bindings = bindArguments(foreign.fn, call, ctx, helperCtx);
  const made = foreign.construction;
  if (made) bindArguments(made.ctor, made.node, made.ctx, helperCtx, bindings);
  return bindings.values.size > 0 || bindings.objects.size > 0;
}

/**
 * Every argument of a retrier's invocation is a function, a literal or a template: nothing
 * that may carry options (an object, a variable) is handed over.
 */
export function passesNoOptions(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  return call.arguments.every((a) => {
    const n = unwrap(a as Node);
    return n.type === 'Literal' || n.type === 'TemplateLiteral' || isFunction(n) || (n.type === 'Identifier' && ctx.functionOf(n) !== undefined);
  });
}

function reboundSite(foreign: ForeignRetry, call: TSESTree.CallExpression, ctx: AnalysisContext, reader: HelperReader): RetrySite | undefined {
  const helperCtx = helperContext(foreign, reader);
  const bindings = bindArguments(foreign.fn, call, ctx, helperCtx);
  // A method reads what its instance was made with through `this` (`this.retries = retries`).
  const made = foreign.construction;
  if (made) bindArguments(made.ctor, made.node, made.ctx, helperCtx, bindings);
  return siteWith(foreign, bindings, helperCtx, reader);
}

/** A fresh context of the helper's module that reads what the module imports (its sleep), from where it is. */
function helperContext(foreign: ForeignRetry, reader: HelperReader): AnalysisContext {
  const helperCtx = new AnalysisContext(foreign.summary.ctx.sourceCode);
  reader.prepare(helperCtx, foreign.summary.file);
  return helperCtx;
}

/** The helper's site read again with its parameters bound as given; undefined when nothing is bound. */
function siteWith(foreign: ForeignRetry, bindings: ArgumentBindings, helperCtx: AnalysisContext, reader: HelperReader): RetrySite | undefined {
  const { values, objects } = bindings;
  if (values.size === 0 && objects.size === 0) return undefined;
  helperCtx.paramValues = values;
  helperCtx.paramObjects = objects;
  const node = foreign.site.node;
  if (foreign.site.kind === 'loop') return loopSite(node as Parameters<typeof loopSite>[0], helperCtx);
  if (foreign.site.kind === 'library' && (node.type === 'CallExpression' || node.type === 'NewExpression')) return librarySite(node, helperCtx)?.site;
  if (foreign.site.kind === 'repeat' && node.type === 'TryStatement') {
    const repeat = repeatedCall(node, helperCtx);
    return repeat && repeatedCallSite(repeat, helperCtx);
  }
  if (foreign.site.kind === 'recursion' && isFunction(node)) {
    // The function's calls of itself, found again in the helper's module, then its site with the bindings.
    const selfCalls = new Map<FunctionNode, Node[]>();
    walk(node, helperCtx.keys, (n) => {
      if (n.type === 'CallExpression') reader.collectSelfCall(n, selfCalls, helperCtx);
      return undefined;
    });
    const calls = selfCalls.get(node);
    const loc = foreign.site.loc.start;
    return calls && recursionSites(node, calls, helperCtx).find((s) => s.loc.start.line === loc.line && s.loc.start.column === loc.column);
  }
  return undefined;
}

/**
 * A loop of a function that retries its own work with a policy its parameters set
 * (`fetchWithConnectRetry(url, init, { maxAttempts = 5, baseDelayMs = 25 } = {})`): each
 * caller chooses the policy, as with a helper handed the operation, so each call is a site.
 * Asked of what the code does: with every parameter bound to a value the caller passes but
 * the analysis does not know, the attempts or the wait no longer read as they did.
 * A recursion's parameters carry its count from one attempt to the next, not a caller's choice.
 */
export function policyFromParameters(foreign: ForeignRetry, reader: HelperReader): boolean {
  const site = foreign.site;
  if (site.kind !== 'loop' || !(site.node === foreign.fn || contains(foreign.fn, site.node))) return false;
  const known = fromParameters.get(site.node);
  if (known !== undefined) return known;
  // Parameters the loop reads only in the call it retries (`step(input)`) set no policy: no second
  // reading. One it writes is its own counter, which a caller only starts.
  const params = foreign.summary.ctx.sourceCode.getScope(foreign.fn).variables.filter((v) => v.defs.some((d) => d.type === 'Parameter') && !v.references.some((r) => r.isWrite() && !r.init));
  const operation = site.operation;
  const readOutside = params.some((v) => v.references.some((r) => contains(site.node, r.identifier as Node) && !(operation && contains(operation, r.identifier as Node))));
  if (!readOutside) {
    fromParameters.set(site.node, false);
    return false;
  }
  const helperCtx = helperContext(foreign, reader);
  const bindings: ArgumentBindings = { values: new Map(), objects: new Map() };
  for (const variable of params) bindings.values.set(variable, CHOSEN);
  const probed = siteWith(foreign, bindings, helperCtx, reader);
  const answer = probed !== undefined && (probed.policy.maxAttempts !== site.policy.maxAttempts || !sameDelay(probed.policy.delay, site.policy.delay));
  fromParameters.set(site.node, answer);
  return answer;
}

const fromParameters = new WeakMap<Node, boolean>();

/** What a caller passes that the analysis does not know: one value for the whole retry. */
const CHOSEN: Value = { t: 'invariant', random: false };

/** The same wait, part for part. */
export function sameDelay(a: RetryPolicy['delay'], b: RetryPolicy['delay']): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
