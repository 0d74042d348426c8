import type { TSESTree } from '@typescript-eslint/utils';
import { contains, isFunction, propertyName, unwrap, walk, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { firstDefinition } from '../definitions/bodies.js';
import { importOf } from '../imports.js';
import type { RetrySite } from '../types.js';
import { ASKING_MODULES, ASKING_GLOBALS } from './asking-catalog.js';

/**
 * Does every attempt ask a person? A loop or a recursion whose attempt reads an answer from
 * the user (`await input({ message })`, `rl.question()`, a project function that does) goes
 * round at the pace of that person, with what they type this time: a re-prompt, not a retry
 * of a failing service, however it is written. A prompt that only some ways round reach (after
 * the third automatic failure, "keep trying?") leaves the automatic attempts a retry.
 *
 * Which calls ask is read from what code does: a call of a prompt API of the catalog
 * (asking-catalog.ts, data), or of a function of this file or of the project whose own code
 * makes one on its way (followed a few calls deep).
 */
export function asksUserEveryAttempt(site: RetrySite, asking: readonly Node[]): boolean {
  if (site.kind === 'library' || !site.operationScope || asking.length === 0) return false;
  const scopes: Node[] = [site.operationScope];
  const through = site.through;
  if (through && isFunction(through)) scopes.push(through.body);
  return scopes.some((scope) => {
    const inside = asking.filter((call) => contains(scope, call) && runsWith(call, scope));
    if (inside.length === 0) return false;
    return inside.some((call) => unconditional(call, scope, wayBackAt(site)));
  });
}

/**
 * The calls of the file that ask a person, among those the sites run again: found once for all
 * the sites (most files have none), each site then asks only about those inside it (reading
 * each site's code instead costs a nest of loops its depth times its size).
 */
export function askingCalls(sites: readonly RetrySite[], calls: readonly (TSESTree.CallExpression | TSESTree.NewExpression)[], ctx: AnalysisContext): Node[] {
  const spans = mergedSpans(sites.flatMap((s) => (s.kind === 'library' || !s.operationScope ? [] : [s.operationScope, ...(s.through && isFunction(s.through) ? [s.through.body] : [])])));
  if (spans.length === 0) return [];
  return calls.filter((call) => within(spans, call.range[0]) && asks(call, ctx, MAX_DEPTH));
}

/** The ranges of the scopes, sorted, those inside another merged into it. */
function mergedSpans(scopes: readonly Node[]): [number, number][] {
  const sorted = scopes.map((s) => [s.range[0], s.range[1]] as [number, number]).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged;
}

function within(spans: readonly [number, number][], at: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [start, end] = spans[mid] as [number, number];
    if (at < start) hi = mid - 1;
    else if (at > end) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The call runs when the scope does: no function of its own in between, but for a promise's executor (it runs at once). */
function runsWith(call: Node, scope: Node): boolean {
  for (let p = call.parent; p && p !== scope; p = p.parent) if (isFunction(p) && !promiseExecutor(p)) return false;
  return true;
}

const MAX_DEPTH = 3;
const MAX_CALLS = 400;

/** The calls a body makes itself, not those of the functions it defines (they run when called, if ever). */
function callsIn(scope: Node, ctx: AnalysisContext): (TSESTree.CallExpression | TSESTree.NewExpression)[] {
  const found: (TSESTree.CallExpression | TSESTree.NewExpression)[] = [];
  walk(scope, ctx.keys, (n) => {
    if (found.length >= MAX_CALLS) return false;
    // (The executor of `new Promise(…)` runs at once: `new Promise((r) => rl.question(q, r))` asks.)
    if (n !== scope && isFunction(n) && !promiseExecutor(n)) return false;
    if (n.type === 'CallExpression' || n.type === 'NewExpression') found.push(n);
    return undefined;
  });
  return found;
}

function promiseExecutor(fn: FunctionNode): boolean {
  const parent = fn.parent;
  const callee = parent?.type === 'NewExpression' ? unwrap(parent.callee) : undefined;
  return parent?.type === 'NewExpression' && parent.arguments[0] === fn && callee?.type === 'Identifier' && callee.name === 'Promise';
}

/**
 * Where the site goes round again: where it is reported (the self-call, the repeated call, the
 * timer that goes back in). A loop goes round at the end of its body: nowhere in particular.
 */
function wayBackAt(site: RetrySite): TSESTree.Position | undefined {
  return site.kind === 'loop' ? undefined : site.loc.start;
}

function holds(node: Node, at: TSESTree.Position | undefined): boolean {
  if (!at) return false;
  const { start, end } = node.loc;
  const after = (p: TSESTree.Position, q: TSESTree.Position) => p.line > q.line || (p.line === q.line && p.column >= q.column);
  return after(at, start) && after(end, at);
}

/**
 * The call runs on every way round: no branch between it and the scope holds it, unless the
 * branch also holds the way back (`if (!known) { const yes = await confirm(…); return run(yes ? s : x) }`),
 * or is the failure path itself (a `catch`). A loop inside the attempt runs its body as the attempt does.
 */
function unconditional(call: Node, scope: Node, wayBack: TSESTree.Position | undefined): boolean {
  for (let child: Node = call, p = call.parent; p && child !== scope; child = p, p = p.parent) {
    const branch =
      (p.type === 'IfStatement' && child !== p.test) ||
      (p.type === 'ConditionalExpression' && child !== p.test) ||
      (p.type === 'LogicalExpression' && child === p.right) ||
      p.type === 'SwitchCase';
    if (branch && !holds(child, wayBack)) return false;
  }
  return true;
}

const seen = new WeakMap<FunctionNode, boolean>();

/** The call asks a person: a prompt of the catalog, or a function whose own code asks on its way. */
function asks(call: TSESTree.CallExpression | TSESTree.NewExpression, ctx: AnalysisContext, depth: number): boolean {
  if (catalogPrompt(call, ctx)) return true;
  if (depth === 0 || call.type !== 'CallExpression') return false;
  const callee = unwrap(call.callee);
  const local = callee.type === 'Identifier' ? ctx.functionOf(callee) : undefined;
  const target = local ? { fn: local, ctx } : ctx.foreignFunction?.(call);
  if (!target) return false;
  const known = seen.get(target.fn);
  if (known !== undefined) return known;
  // (A cycle of calls reads as "does not ask" while it is being read.)
  seen.set(target.fn, false);
  // Inside a prompt of the project, a branch per kind of question (`type === 'select'`) each asks: any of them will do.
  const result = callsIn(target.fn.body, target.ctx).some((inner) => asks(inner, target.ctx, depth - 1));
  seen.set(target.fn, result);
  return result;
}

/** A call of a catalogued prompt: by the import it names, or a global one of the browser (`prompt()`, `window.confirm()`). */
function catalogPrompt(call: TSESTree.CallExpression | TSESTree.NewExpression, ctx: AnalysisContext): boolean {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') {
    const from = importOf(callee, ctx);
    // (`const prompts = require('prompts')` calls the whole module: its default.)
    if (from) return asking(from.module, from.imported === '*' ? 'default' : from.imported, call.type === 'NewExpression');
    return call.type === 'CallExpression' && ASKING_GLOBALS.includes(callee.name) && unbound(callee, ctx);
  }
  if (callee.type !== 'MemberExpression') return false;
  const name = propertyName(callee);
  const object = unwrap(callee.object);
  if (name === undefined || object.type !== 'Identifier') return false;
  if (object.name === 'window' && unbound(object, ctx)) return ASKING_GLOBALS.includes(name);
  const from = importOf(object, ctx);
  // `inquirer.prompt(q)`, `p.text(…)` on a default or namespace import.
  if (from && (from.imported === 'default' || from.imported === '*')) return asking(from.module, name, call.type === 'NewExpression');
  // `rl.question(q)` on what the catalog's factory made (`readline.createInterface(…)`).
  return call.type === 'CallExpression' && madeByFactory(object, name, ctx);
}

function asking(module: string, name: string, constructed: boolean): boolean {
  const entry = ASKING_MODULES[module];
  if (!entry) return false;
  return constructed ? (entry.classes?.includes(name) ?? false) : (entry.functions?.includes(name) ?? false);
}

function unbound(id: TSESTree.Identifier, ctx: AnalysisContext): boolean {
  const variable = ctx.variableOf(id);
  return !variable || variable.defs.length === 0;
}

/** `rl` is a constant made by a catalog factory whose objects ask through `method`. */
function madeByFactory(id: TSESTree.Identifier, method: string, ctx: AnalysisContext): boolean {
  const def = firstDefinition(ctx.variableOf(id));
  if (def?.type !== 'Variable' || def.node.id.type !== 'Identifier' || !def.node.init) return false;
  const init = unwrap(def.node.init);
  if (init.type !== 'CallExpression') return false;
  const callee = unwrap(init.callee);
  const from =
    callee.type === 'Identifier'
      ? importOf(callee, ctx)
      : callee.type === 'MemberExpression' && unwrap(callee.object).type === 'Identifier'
        ? memberImport(unwrap(callee.object) as TSESTree.Identifier, propertyName(callee), ctx)
        : undefined;
  const made = from ? ASKING_MODULES[from.module]?.made : undefined;
  return made !== undefined && made.factory === from?.imported && made.methods.includes(method);
}

function memberImport(object: TSESTree.Identifier, name: string | undefined, ctx: AnalysisContext): { module: string; imported: string } | undefined {
  const from = importOf(object, ctx);
  return from && name !== undefined && (from.imported === 'default' || from.imported === '*') ? { module: from.module, imported: name } : undefined;
}
