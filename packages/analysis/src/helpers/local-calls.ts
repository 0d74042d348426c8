import type { TSESTree } from '@typescript-eslint/utils';
import { contains, functionName, propertyName, unwrap, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { retryIn } from '../cross-file.js';
import type { ForeignRetry, ModuleSummary } from '../cross-file/shapes.js';
import type { RetryPolicy, RetrySite } from '../types.js';
import { handedOperation } from '../functions/handed-operation.js';
import { helperCallSite, policyFromParameters, sameDelay, type HelperReader } from './call-site.js';
import { helperCallReadings } from './call-readings.js';

/**
 * Calls of a function of this file that retries with a policy its caller chooses, read as a
 * call of such a helper from another module is, with what the call passes bound:
 * - a function that retries its own request with the attempts and waits its parameters set
 *   (`fetchWithRetry(url, init, { maxAttempts = 5 } = {})`): each call is a request that retries,
 *   a site with that call's policy;
 * - a helper handed the operation (`attemptAll(op, retries = 5)`): its loop, reported in this
 *   file, is the retry its calls run; a call is a site of its own only where what it passes makes
 *   a known other policy (`attemptAll(op, Infinity)` never gives up). From another module every
 *   call is a site (cross-file.ts): there the helper's own finding is not in the file read.
 * Calls the helper makes of itself, directly or through a second function, are its own retry.
 */
export function localHelperSites(calls: readonly TSESTree.CallExpression[], sites: readonly RetrySite[], waysBack: ReadonlyMap<FunctionNode, readonly Node[]>, ctx: AnalysisContext, resolve: (callee: Node) => FunctionNode | undefined, reader: HelperReader, file: string, fileDepth: number): RetrySite[] {
  const found: RetrySite[] = [];
  // Functions that hold a site: the only ones a call can make a helper call of.
  const holders = new Set<FunctionNode>();
  for (const site of sites) {
    for (let n: Node | undefined = site.node; n; n = n.parent) if (n.type === 'FunctionDeclaration' || n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression') holders.add(n);
  }
  if (holders.size === 0) return found;
  // Most calls name no function that holds a site: a name check before any scope lookup.
  const names = new Set<string>();
  for (const holder of holders) {
    const name = functionName(holder);
    if (name) names.add(name);
  }
  if (names.size === 0) return found;
  const summary = localSummary(ctx, sites, file);
  const helpers = new Map<FunctionNode, (ForeignRetry & { ownWork: boolean }) | null>();
  for (const call of calls) {
    const callee = unwrap(call.callee);
    const name = callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && unwrap(callee.object).type === 'ThisExpression' ? propertyName(callee) : undefined;
    if (name === undefined || !names.has(name)) continue;
    const fn = resolve(callee);
    if (!fn || !holders.has(fn) || contains(fn, call)) continue;
    // A call that goes back into the function (from a second one it fails over to, a listener) is its own retry's way back.
    if (waysBack.get(fn)?.includes(call) || sites.some((s) => s.node === fn && s.through && contains(s.through, call))) continue;
    let helper = helpers.get(fn);
    if (helper === undefined) {
      helper = helperOf(fn, summary, name, reader, fileDepth) ?? null;
      helpers.set(fn, helper);
    }
    if (!helper) continue;
    const site = helperCallSite({ ...helper, label: `\`${name}()\`` }, call, ctx, reader);
    // A helper of what it is handed, handed no function here (its caller's parameter passed on): the
    // retry is the caller's caller's, found where that function is called (cross-file.ts, handedOnParameter).
    // (A wrapper's parameter handed on as it is, `retry(signer, { retries: 3 })`, is the operation its caller chose: the call is a site.)
    if (site) helperCallReadings.set(call, site);
    if (!site || site.policy.maxAttempts === 1 || (!helper.ownWork && !site.operationScope && !handsOnOperation(call, ctx))) continue;
    // A helper handed the operation is reported at its loop, where the file shows it; a call is a
    // retry of its own when what it passes makes another one, known (`attemptAll(op, Infinity)`).
    // Otherwise the call is a site for what it hands over only (a helper call nested in its
    // operation is a retry inside a retry), its policy the loop's: reported there.
    found.push(!helper.ownWork && !knownOther(site.policy, helper.site.policy) ? { ...site, madeBy: helper.site } : site);
  }
  return found;
}

/** `policy` is known where it differs from `own`: a count or a wait the call sets, not one it may set. */
function knownOther(policy: RetryPolicy, own: RetryPolicy): boolean {
  const attempts = policy.maxAttempts !== 'unknown' && policy.maxAttempts !== own.maxAttempts;
  const { delay } = policy;
  const waitKnown = delay.kind === 'none' || (delay.kind !== 'unknown' && delay.baseMs !== undefined);
  const wait = waitKnown && !sameDelay(delay, own.delay);
  return attempts || wait;
}

/** The helper a function of this file is, when its caller chooses what it retries or how. */
function helperOf(fn: FunctionNode, summary: ModuleSummary, name: string, reader: HelperReader, fileDepth: number): (ForeignRetry & { ownWork: boolean }) | undefined {
  const foreign = retryIn({ fn, summary, label: `\`${name}()\`` }, fileDepth);
  // One more call after changing what failed is no retry a caller runs (a refreshed login).
  if (!foreign || foreign.factory || foreign.site.afterStateChange) return undefined;
  if (foreign.role === 'helper') return { ...foreign, ownWork: false };
  return policyFromParameters(foreign, reader) ? { ...foreign, role: 'helper', ownWork: true } : undefined;
}

/** This file read as a module another one imports: its sites, nothing exported needed. */
function localSummary(ctx: AnalysisContext, sites: readonly RetrySite[], file: string): ModuleSummary {
  return { file, ctx, sites, silent: [], exports: new Map(), reexports: new Map(), stars: [], classes: new Map(), instances: new Map() };
}

function handsOnOperation(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  return call.arguments.some((a) => a.type === 'Identifier' && handedOperation(a, ctx));
}
