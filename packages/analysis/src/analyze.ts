import type { TSESTree } from '@typescript-eslint/utils';
import { calleeName, contains, functionName, isFunction, isLoop, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { AnalysisContext, isReassigned, type SourceCodeLike, type Variable } from './context.js';
import { CATALOG_MODULES } from './catalog.js';
import { librarySite } from './libraries.js';
import { loopSite } from './loops.js';
import { linkNested } from './nesting.js';
import { recursionSite } from './recursion.js';
import type { RetrySite } from './types.js';

const cache = new WeakMap<TSESTree.Program, readonly RetrySite[]>();

/**
 * Cheap pre-check on the text: a file with no loop, no timer, no promise callback and no
 * retry library cannot hold a retry site, and most files of a large project are like that.
 */
const MAYBE_RETRY = /\b(?:for|while|do|catch)\b|setTimeout|\.catch\(|\.then\(|\.on\(|\bonclose\b|\bonerror\b|addEventListener|retry|Retry|backOff|reconnect|Reconnect/;

/**
 * Every retry site of a file, from the AST that ESLint already parsed. Computed once per
 * file and shared: rules, the language server and the simulator read the same objects.
 */
export function analyzeRetrySites(sourceCode: SourceCodeLike): readonly RetrySite[] {
  const cached = cache.get(sourceCode.ast);
  if (cached) return cached;
  const sites = MAYBE_RETRY.test(sourceCode.text) || CATALOG_MODULES.test(sourceCode.text) ? findSites(sourceCode) : [];
  cache.set(sourceCode.ast, sites);
  return sites;
}

function findSites(sourceCode: SourceCodeLike): RetrySite[] {
  const ctx = new AnalysisContext(sourceCode);
  const checkLibraries = CATALOG_MODULES.test(sourceCode.text);
  const loops: Node[] = [];
  const selfCalls = new Map<FunctionNode, Node[]>();
  const libraryCalls: (TSESTree.CallExpression | TSESTree.NewExpression)[] = [];
  const calls: TSESTree.CallExpression[] = [];
  const functionNames = new Set<string>();
  walk(sourceCode.ast, ctx.keys, (node) => {
    if (isLoop(node) || (node.type === 'ForOfStatement' && node.right.type !== 'CallExpression')) loops.push(node);
    else if (node.type === 'CallExpression') {
      if (checkLibraries) libraryCalls.push(node);
      calls.push(node);
    } else if (node.type === 'NewExpression') {
      if (checkLibraries) libraryCalls.push(node);
    } else if (isFunction(node)) {
      const name = functionName(node);
      if (name) functionNames.add(name);
    }
  });
  // Only calls that can name a function of this file can be self-calls: most calls cannot.
  for (const call of calls) if (mayCallLocal(call, functionNames)) collectSelfCall(call, selfCalls, ctx);

  const sites: RetrySite[] = [];
  const clients = new Map<Variable, RetrySite>();
  // Retries a library makes with no option written (a got request, an @upstash/redis client): seen by nesting only.
  const silent: RetrySite[] = [];
  for (const loop of loops) {
    const site = loopSite(loop as Parameters<typeof loopSite>[0], ctx);
    if (site) sites.push(site);
  }
  for (const [fn, calls] of selfCalls) {
    const site = recursionSite(fn, calls, ctx);
    if (site) sites.push(site);
  }
  for (const call of libraryCalls) {
    const finding = librarySite(call, ctx);
    // `retries: 0` configures a library not to retry at all.
    if (!finding || finding.site.policy.maxAttempts === 1) continue;
    if (finding.silent) silent.push(finding.site);
    else sites.push(finding.site);
    if (finding.retryingClient) clients.set(finding.retryingClient, finding.site);
  }
  sites.sort((a, b) => a.node.range[0] - b.node.range[0] || a.loc.start.line - b.loc.start.line);
  linkNested(sites, clients, ctx, silent);
  return sites;
}

function mayCallLocal(call: TSESTree.CallExpression, names: ReadonlySet<string>): boolean {
  const nameOf = (n: Node): string | undefined =>
    n.type === 'Identifier' ? n.name : n.type === 'MemberExpression' ? propertyName(n) : undefined;
  const callee = nameOf(unwrap(call.callee));
  if (callee !== undefined && names.has(callee)) return true;
  return call.arguments.some((arg) => {
    const name = nameOf(unwrap(arg));
    return name !== undefined && names.has(name);
  });
}

/**
 * A call (or a function reference handed to setTimeout/.catch/.on) of the function that
 * encloses it: `fetchWithRetry(…)` inside `fetchWithRetry`, `this.connect()` inside `connect()`.
 * Names are resolved through scopes: a parameter or local that shadows the function's name
 * (`new Promise((r) => setTimeout(r))` inside `function r`) is not the function.
 */
function collectSelfCall(call: TSESTree.CallExpression, selfCalls: Map<FunctionNode, Node[]>, ctx: AnalysisContext): void {
  const candidates: Node[] = [call.callee];
  // setTimeout(connect, 1000), promise.catch(retryLater), socket.on('close', reconnect);
  // not `Error.captureStackTrace(e, fn)` or other calls that merely mention the function.
  if (REFERENCE_TAKERS.test(calleeName(call) ?? '')) candidates.push(...call.arguments);
  for (const candidate of candidates) {
    const fn = referencedFunction(candidate, ctx);
    if (!fn || !contains(fn, call)) continue;
    const node = candidate === call.callee ? call : candidate;
    const list = selfCalls.get(fn) ?? [];
    list.push(node);
    selfCalls.set(fn, list);
  }
}

const REFERENCE_TAKERS = /^(setTimeout|setImmediate|nextTick|queueMicrotask|requestAnimationFrame|then|catch|finally|on|once|addListener|addEventListener|prependListener|prependOnceListener)$/;

/**
 * The function of this file an expression names: a binding resolved through the scope chain
 * (`connect`), or a method reached through `this` or an alias of it (`this.connect`,
 * `self.connect` with `const self = this`) of the object whose method encloses the expression.
 */
function referencedFunction(expression: Node, ctx: AnalysisContext): FunctionNode | undefined {
  const e = unwrap(expression);
  if (e.type === 'Identifier') return ctx.functionOf(e);
  if (e.type !== 'MemberExpression') return undefined;
  const name = propertyName(e);
  if (name === undefined) return undefined;
  // A method, or a function that uses `this` under its own name (assigned to a prototype elsewhere).
  const receiver = thisBinder(unwrap(e.object), ctx);
  return receiver && functionName(receiver) === name ? receiver : undefined;
}

/** The function whose `this` an expression stands for: `this`, or `self` from `const self = this`. */
function thisBinder(node: Node, ctx: AnalysisContext): FunctionNode | undefined {
  let at: Node | undefined;
  if (node.type === 'ThisExpression') at = node;
  else if (node.type === 'Identifier') {
    const variable = ctx.variableOf(node);
    const def = variable?.defs[0];
    if (variable?.defs.length !== 1 || def?.type !== 'Variable' || def.node.id !== def.name || !def.node.init) return undefined;
    if (unwrap(def.node.init).type !== 'ThisExpression' || isReassigned(variable)) return undefined;
    at = def.node.init;
  }
  for (let p = at?.parent; p; p = p.parent) {
    if (isFunction(p) && p.type !== 'ArrowFunctionExpression') return p;
    // A class field arrow (`retry = () => this.retry()`) sees the instance as `this`.
    if (p.type === 'PropertyDefinition') return p.value && isFunction(p.value) ? p.value : undefined;
  }
  return undefined;
}

