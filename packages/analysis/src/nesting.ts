import type { TSESTree } from '@typescript-eslint/utils';
import { contains, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from './ast.js';
import type { AnalysisContext, Variable } from './context.js';
import { localFunction } from './functions/local-function.js';
import { localInstanceMethod } from './functions/instance-methods.js';
import { enclosingClass } from './classes/class-members.js';
import { fieldKey } from './typed-clients.js';
import type { NestedRetry, RetrySite } from './types.js';
import { firstStartingAt, nodesOfType, rootOf } from './source-order.js';

const MAX_CALL_DEPTH = 3;

/**
 * Fills `site.nested` for every site whose retried code reaches another retry site:
 * literally, through a function or method of the same file, or through a client that
 * retries by itself.
 */
export function linkNested(sites: RetrySite[], clients: ReadonlyMap<Variable, RetrySite>, ctx: AnalysisContext, silent: readonly RetrySite[] = [], fields?: ReadonlyMap<string, RetrySite>): void {
  if (sites.length + silent.length < 2 || sites.length === 0) return;
  // Sites by their node: one look-up per visited node instead of a scan of every site.
  const byNode = new Map<Node, RetrySite[]>();
  for (const site of [...sites, ...silent]) {
    const list = byNode.get(site.node);
    if (list) list.push(site);
    else byNode.set(site.node, [site]);
  }
  const visitWithin = nodesToSearch(byNode, ctx);
  // Every outer site lists every site nested in it: the outermost of 600 nested loops lists 599,
  // 180 000 in all. What is made per pair is kept to a slot in an array: the record of a site
  // reached literally is the same for every site around it (made once), and which sites an
  // outer site has found is a stamp per inner site, not a map per outer site.
  const literal = new Map<RetrySite, NestedRetry>();
  const foundFor = new Map<RetrySite, RetrySite>();
  for (const outer of sites) {
    const scope = outer.operationScope;
    // One more request after repairing what failed (an awaited token refresh) is not taken
    // while a service is down: it multiplies no retry's load in an outage.
    if (!scope || outer.repairsFirst) continue;
    const found: NestedRetry[] = [];
    const visited = new Set<Node>();
    const record = (inner: RetrySite, via: NestedRetry['via'], through: Node) => {
      if (inner === outer || inner.afterStateChange || foundFor.get(inner) === outer || contains(inner.node, outer.node)) return;
      // Two functions that go back in through each other (`onError` → `listen` → `onError`) are one retry;
      // so is a loop inside the function the outer one goes back in through (a drop → a reconnect loop → wire again).
      if (inner.through === outer.node || outer.through === inner.node || (outer.through && contains(outer.through, inner.node)) || (inner.through && contains(inner.through, outer.node))) return;
      // A retry only by its options' defaults, reached through a call that may pass them: not known to retry.
      if (inner.byDefaults && via !== 'literal') return;
      // `attempt(op, retriesLeft - 1)`: the inner retry spends the outer one's budget.
      if (through.type === 'CallExpression' && passesCounter(through, outer, ctx)) return;
      foundFor.set(inner, outer);
      if (via !== 'literal' || through !== inner.node) {
        found.push({ inner, via, through });
        return;
      }
      let shared = literal.get(inner);
      if (!shared) literal.set(inner, (shared = { inner, via, through }));
      found.push(shared);
    };
    const search = (root: Node, depth: number, through: Node | undefined) => {
      visitWithin(root, (node) => {
        // In a function the operation calls, a failure its `catch` keeps there (logged, emitted)
        // never reaches the outer retry: what fails under it makes no outer attempt again.
        if (depth > 0 && swallowedWithin(node, root, ctx)) return undefined;
        // The operation may itself be the inner site: `pRetry(() => pRetry(op))`.
        // (No `?? []`: an empty array and its iterator for every node searched added up.)
        const inners = byNode.get(node);
        if (inners) for (const inner of inners) record(inner, through ? 'function' : 'literal', through ?? node);
        if (node.type !== 'CallExpression') return undefined;
        const client = clientSite(node, clients, ctx, fields);
        if (client) record(client, 'client', through ?? node);
        if (depth >= MAX_CALL_DEPTH) return undefined;
        // `await fn()` with `fn` the helper's parameter: what the file's calls of the helper hand it (`run(() => get(k))`).
        if (depth === 0) {
          for (const handed of handedFunctions(node, outer, ctx)) {
            // A call that is a site itself (a helper call whose policy is this loop's) reports what its function reaches.
            if (visited.has(handed.fn) || byNode.get(handed.call)?.some((site) => site.operationScope)) continue;
            visited.add(handed.fn);
            search(handed.fn.body, depth + 1, handed.call);
          }
        }
        const callee = calledFunction(node, ctx);
        // The outer site's own function (recursion) is not another site.
        if (!callee || visited.has(callee) || callee === outer.node) return undefined;
        visited.add(callee);
        const direct = byNode.get(callee)?.[0];
        if (direct) record(direct, 'function', through ?? node);
        else search(callee.body, depth + 1, through ?? node);
        return undefined;
      });
    };
    search(scope, 0, undefined);
    outer.nested = found;
  }
}

/**
 * Visits, in source order, the nodes under a root that the search looks at: calls and site
 * nodes. In the file being analysed they come from one list of the file's calls and sites,
 * found by position, so that a site nested in many others is not walked once for each of them
 * (600 nested loops walked 180 000 loop bodies); anywhere else, a walk.
 */
function nodesToSearch(byNode: ReadonlyMap<Node, RetrySite[]>, ctx: AnalysisContext): (root: Node, visit: (node: Node) => void) => void {
  let ordered: Node[] | undefined;
  const orderedNodes = (): Node[] => {
    if (ordered) return ordered;
    const calls = nodesOfType('CallExpression', ctx);
    const siteNodes = [...byNode.keys()].filter((node) => node.type !== 'CallExpression' && rootOf(node) === ctx.sourceCode.ast);
    siteNodes.sort(bySourceOrder);
    // Merge the two sorted lists; a site node first when both start and end together (it is the outer one).
    const merged: Node[] = [];
    let i = 0;
    let j = 0;
    while (i < calls.length || j < siteNodes.length) {
      const call = calls[i];
      const site = siteNodes[j];
      if (site && (!call || bySourceOrder(site, call) <= 0)) {
        merged.push(site);
        j++;
      } else {
        merged.push(call as Node);
        i++;
      }
    }
    ordered = merged;
    return merged;
  };
  return (root, visit) => {
    if (rootOf(root) !== ctx.sourceCode.ast) {
      walk(root, ctx.keys, (node) => void visit(node));
      return;
    }
    const nodes = orderedNodes();
    const [start, end] = root.range;
    for (let i = firstStartingAt(nodes, start); i < nodes.length; i++) {
      const node = nodes[i] as Node;
      if (node.range[0] >= end) break;
      if (node.range[1] <= end) visit(node);
    }
  };
}

/**
 * `node` sits in the block of a `try` under `root` whose `catch` keeps the failure: it neither
 * throws nor returns, writes nothing (a flag the caller reads), nor hands it to a parameter (a
 * callback the caller passed, a promise's `reject`). Logged or emitted, it does not reach the caller.
 */
function swallowedWithin(node: Node, root: Node, ctx: AnalysisContext): boolean {
  for (let child: Node = node, p = node.parent; p && child !== root; child = p, p = p.parent) {
    if (isFunction(p)) return false;
    if (p.type === 'TryStatement' && child === p.block && p.handler && keepsFailure(p.handler, ctx)) return true;
  }
  return false;
}

const keptFailures = new WeakMap<TSESTree.CatchClause, boolean>();

function keepsFailure(handler: TSESTree.CatchClause, ctx: AnalysisContext): boolean {
  let kept = keptFailures.get(handler);
  if (kept === undefined) {
    kept = true;
    walk(handler.body, ctx.keys, (n) => {
      if (!kept || isFunction(n)) return false;
      // (A write records it where the caller may read it: `pending.failed = true`.)
      if (n.type === 'ThrowStatement' || n.type === 'ReturnStatement' || n.type === 'AssignmentExpression' || n.type === 'UpdateExpression') kept = false;
      // `reject(err)`, `callback(err)`: a parameter's function hands it on.
      if (n.type === 'CallExpression' && n.callee.type === 'Identifier' && ctx.variableOf(n.callee)?.defs.some((d) => d.type === 'Parameter')) kept = false;
      return undefined;
    });
    keptFailures.set(handler, kept);
  }
  return kept;
}

function bySourceOrder(a: Node, b: Node): number {
  return a.range[0] - b.range[0] || b.range[1] - a.range[1];
}

/**
 * The functions the file's calls of a retry helper hand it at the parameter the helper's
 * operation calls: `fn()` in `async function run(fn) { for (…) { try { return await fn() } … } }`
 * and `run(() => get(k))`, each with the call that hands it over.
 */
function handedFunctions(call: TSESTree.CallExpression, outer: RetrySite, ctx: AnalysisContext): { fn: FunctionNode; call: TSESTree.CallExpression }[] {
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') return [];
  const param = ctx.variableOf(callee);
  const def = param?.defs[0];
  const helper = def?.type === 'Parameter' && isFunction(def.node) ? def.node : undefined;
  if (!helper || !contains(helper, outer.node)) return [];
  const index = helper.params.findIndex((p) => (p.type === 'AssignmentPattern' ? p.left : p) === def?.name);
  if (index < 0) return [];
  const found: { fn: FunctionNode; call: TSESTree.CallExpression }[] = [];
  for (const use of helperCalls(helper, ctx)) {
    if (contains(helper, use)) continue;
    const arg = use.arguments[index] && unwrap(use.arguments[index] as Node);
    const fn = arg && (isFunction(arg) ? arg : arg.type === 'Identifier' ? ctx.functionOf(arg) : undefined);
    if (fn) found.push({ fn, call: use });
  }
  return found;
}

/** The file's calls of a function (by its binding) or of a method (on an instance of its class, or on `this`), found once per function. */
function helperCalls(helper: FunctionNode, ctx: AnalysisContext): readonly TSESTree.CallExpression[] {
  let calls = helperCallsCache.get(helper);
  if (!calls) helperCallsCache.set(helper, (calls = findHelperCalls(helper, ctx)));
  return calls;
}

const helperCallsCache = new WeakMap<FunctionNode, readonly TSESTree.CallExpression[]>();

function findHelperCalls(helper: FunctionNode, ctx: AnalysisContext): TSESTree.CallExpression[] {
  const method = helper.parent?.type === 'MethodDefinition' && !helper.parent.computed && helper.parent.key.type === 'Identifier' ? helper.parent.key.name : undefined;
  if (method !== undefined) {
    return (nodesOfType('CallExpression', ctx) as TSESTree.CallExpression[]).filter((call) => {
      const callee = unwrap(call.callee);
      if (callee.type !== 'MemberExpression' || propertyName(callee) !== method) return false;
      return localInstanceMethod(call, ctx) === helper || localFunction(call, { ctx, region: call, counters: NO_COUNTERS, depth: 0 }) === helper;
    });
  }
  const id = helper.type === 'FunctionDeclaration' ? helper.id : helper.parent?.type === 'VariableDeclarator' && helper.parent.id.type === 'Identifier' ? helper.parent.id : undefined;
  const variable = id ? ctx.variableOf(id) : undefined;
  const calls: TSESTree.CallExpression[] = [];
  for (const ref of variable?.references ?? []) {
    const use = ref.identifier.parent;
    if (use?.type === 'CallExpression' && use.callee === ref.identifier) calls.push(use);
  }
  return calls;
}

/** localFunction reads only the context: no counters are made for each call searched. */
const NO_COUNTERS: ReadonlySet<Variable> = new Set();

/** The function of this file a call runs: by name, a method of `this`, or a method of an instance of a class of the file. */
function calledFunction(call: TSESTree.CallExpression, ctx: AnalysisContext): FunctionNode | undefined {
  return localFunction(call, { ctx, region: call, counters: NO_COUNTERS, depth: 0 }) ?? localInstanceMethod(call, ctx);
}

/** `client.get()` where `client` was given to axios-retry or made by `ky.create({ retry })`. */
function clientSite(call: TSESTree.CallExpression, clients: ReadonlyMap<Variable, RetrySite>, ctx: AnalysisContext, fields?: ReadonlyMap<string, RetrySite>): RetrySite | undefined {
  if (clients.size === 0 && !fields?.size) return undefined;
  let root: Node = unwrap(call.callee);
  let first: Node | undefined;
  while (root.type === 'MemberExpression') {
    first = root;
    root = unwrap(root.object);
  }
  // `this.s3.send(…)` with `s3` a field declared with a client's type.
  if (root.type === 'ThisExpression' && fields?.size && first?.type === 'MemberExpression' && first !== unwrap(call.callee)) {
    const cls = enclosingClass(root);
    const name = propertyName(first);
    return cls && name !== undefined ? fields.get(fieldKey(cls, name)) : undefined;
  }
  if (root.type !== 'Identifier') return undefined;
  const variable = ctx.variableOf(root);
  return variable ? clients.get(variable) : undefined;
}

/**
 * The call hands the inner retry a counter of the outer one (`retries - 1`, `++attempt`,
 * a variable the outer site steps by one): both count against one budget, so the retries
 * do not multiply.
 */
function passesCounter(call: TSESTree.CallExpression, outer: RetrySite, ctx: AnalysisContext): boolean {
  return call.arguments.some((arg) => {
    const a = unwrap(arg);
    if (a.type === 'UpdateExpression') return true;
    let id: Node = a;
    if (a.type === 'BinaryExpression' && (a.operator === '+' || a.operator === '-') && a.right.type === 'Literal' && a.right.value === 1) id = unwrap(a.left as Node);
    if (id.type !== 'Identifier') return false;
    const variable = ctx.variableOf(id);
    return variable !== undefined && variable.references.some((ref) => {
      const parent = (ref.identifier as Node).parent;
      if (!contains(outer.node, ref.identifier as Node) || !ref.isWrite()) return false;
      return parent?.type === 'UpdateExpression' || (parent?.type === 'AssignmentExpression' && (parent.operator === '+=' || parent.operator === '-='));
    }) || (id !== a && outer.kind === 'recursion');
  });
}
