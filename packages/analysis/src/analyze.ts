import type { TSESTree } from '@typescript-eslint/utils';
import { functionName, isFunction, isLoop, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import { AnalysisContext, type SourceCodeLike, type Variable } from './context.js';
import { CATALOG_MODULES } from './imports.js';
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
const MAYBE_RETRY = /\b(?:for|while|do|catch)\b|setTimeout|\.catch\(|\.then\(|\.on\(|\bonclose\b|\bonerror\b|addEventListener|retry|Retry|backOff/;

/**
 * Every retry site of a file, from the AST that ESLint already parsed. Computed once per
 * file and shared: rules, the language server and the simulator read the same objects.
 */
export function analyzeRetrySites(sourceCode: SourceCodeLike): readonly RetrySite[] {
  const cached = cache.get(sourceCode.ast);
  if (cached) return cached;
  const sites = MAYBE_RETRY.test(sourceCode.text) ? findSites(sourceCode) : [];
  cache.set(sourceCode.ast, sites);
  return sites;
}

function findSites(sourceCode: SourceCodeLike): RetrySite[] {
  const ctx = new AnalysisContext(sourceCode);
  const checkLibraries = CATALOG_MODULES.test(sourceCode.text);
  const loops: Node[] = [];
  const selfCalls = new Map<FunctionNode, Node[]>();
  const libraryCalls: TSESTree.CallExpression[] = [];
  const calls: TSESTree.CallExpression[] = [];
  const functionNames = new Set<string>();
  walk(sourceCode.ast, ctx.keys, (node) => {
    if (isLoop(node) || (node.type === 'ForOfStatement' && node.right.type !== 'CallExpression')) loops.push(node);
    else if (node.type === 'CallExpression') {
      if (checkLibraries) libraryCalls.push(node);
      calls.push(node);
    } else if (isFunction(node)) {
      const name = functionName(node);
      if (name) functionNames.add(name);
    }
  });
  // Only calls that can name a function of this file can be self-calls: most calls cannot.
  for (const call of calls) if (mayCallLocal(call, functionNames)) collectSelfCall(call, selfCalls);

  const sites: RetrySite[] = [];
  const clients = new Map<Variable, RetrySite>();
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
    sites.push(finding.site);
    if (finding.retryingClient) clients.set(finding.retryingClient, finding.site);
  }
  sites.sort((a, b) => a.node.range[0] - b.node.range[0] || a.loc.start.line - b.loc.start.line);
  linkNested(sites, clients, ctx);
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
 */
function collectSelfCall(call: TSESTree.CallExpression, selfCalls: Map<FunctionNode, Node[]>): void {
  const callee = unwrap(call.callee);
  let name: string | undefined;
  let viaThis = false;
  if (callee.type === 'Identifier') name = callee.name;
  else if (callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression') {
    name = propertyName(callee);
    viaThis = true;
  }
  const candidates: [string, Node][] = [];
  if (name) candidates.push([name, call]);
  // setTimeout(connect, 1000), promise.catch(retryLater), socket.on('close', reconnect);
  // not `Error.captureStackTrace(e, fn)` or other calls that merely mention the function.
  const passesCallback = REFERENCE_TAKERS.test(name ?? (callee.type === 'MemberExpression' ? (propertyName(callee) ?? '') : ''));
  for (const arg of passesCallback ? call.arguments : []) {
    const a = unwrap(arg);
    if (a.type === 'Identifier') candidates.push([a.name, a]);
    else if (a.type === 'MemberExpression' && a.object.type === 'ThisExpression') {
      const p = propertyName(a);
      if (p) candidates.push([p, a]);
    }
  }
  for (const [candidate, node] of candidates) {
    for (let p: Node | undefined = call.parent; p; p = p.parent) {
      if (!isFunction(p)) continue;
      if (functionName(p) === candidate && (!viaThis || node !== call || isMethodLike(p))) {
        const list = selfCalls.get(p) ?? [];
        list.push(node);
        selfCalls.set(p, list);
        break;
      }
    }
  }
}

const REFERENCE_TAKERS = /^(setTimeout|setImmediate|nextTick|queueMicrotask|requestAnimationFrame|then|catch|finally|on|once|addListener|addEventListener|prependListener|prependOnceListener)$/;

function isMethodLike(fn: FunctionNode): boolean {
  const parent = fn.parent;
  return parent?.type === 'MethodDefinition' || parent?.type === 'PropertyDefinition' || parent?.type === 'Property';
}
