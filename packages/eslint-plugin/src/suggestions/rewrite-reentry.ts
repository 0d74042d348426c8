import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { delayOptions, enclosingFunction, reindent, walk, type RewriteContext } from './rewrite-loop.js';
import { delayLines, planForBound, rewriteSuggestion } from './rewrite-render.js';
import { readsOwnThisOrArguments } from './rewrite-recursion.js';
import { nameTaken, resolveVariable, type Variable } from './rewrite-scope.js';
import { indentOf, statementLines, within } from './text.js';
import type { Node, SourceCode, Suggestion } from './types.js';
import { selfCallAt } from './wait-before-retry.js';

type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

/**
 * A function that retries by calling itself, rewritten from the site's facts rather than its
 * layout: the way back in (`[await sleep(d);] return f(a, n - 1)`, `return sleep(d).then(() =>
 * this.f(a, tries + 1))`) is the only thing that changes. The function's whole body becomes
 * retry()'s attempt, kept as written — the operation, the failure test (a caught error, a
 * result that is not ok, in an `async` body or a promise chain's callback), the side effects
 * and the give-up (`if (n <= 0) throw err`, `if (res.ok || n === 0) return res`) — and the way
 * back in becomes: the parameters take the values the call passed (`n = n - 1`), then
 * `throw tryAgain`, the one error retried. The wait goes to retry()'s options; the attempts
 * are the counter's (`Math.max(1, n + 1)` for `n - 1` given up at 0, `N + 1 - tries` for
 * `tries + 1` given up at N): the code's own give-up still ends the retry, with the same value
 * or error, on the same call.
 *
 * Refused: a way back in inside a `try` block (the function's own catch would see the marker)
 * or under a later `.catch` of the chain, a counter with no test that bounds it (or one that
 * disagrees with the analysis's count), `arguments`, parameters the kept code's other
 * callbacks read (they would see the next attempt's values), arguments that call or await.
 */
export function rewriteReentry(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind !== 'recursion' || site.through || site.viaLibrary || site.abortAware || site.deadlineBound) return undefined;
  const plan = planForBound(planCache, site, ctx.bound, () => planReentry(site, ctx) ?? planEventReentry(site, ctx));
  if (!plan) return undefined;
  return rewriteSuggestion(ctx, plan.range, () => (plan.text ??= plan.settled ? renderEvents(plan, ctx.sourceCode) : render(plan, ctx.sourceCode)), [], '');
}

const planCache = new WeakMap<RetrySite, Map<number, ReentryPlan | null>>();

interface ReentryPlan {
  fn: FunctionNode;
  /** The function body's statements. */
  range: [number, number];
  async: boolean;
  /** Replaced in the body: the way back in (and the wait statement before it). */
  replacements: { range: [number, number]; text: string }[];
  maxAttempts: string;
  delay: { baseMs?: string; factor?: string; capMs?: string };
  /** Events: the function's own callback, which settles the attempt (`settled` calls it). */
  settled?: string;
  text?: string;
}

const MARKER = 'tryAgain';

function planReentry(site: RetrySite, ctx: RewriteContext): ReentryPlan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const fn = site.node;
  if (fn.type !== 'FunctionDeclaration' && fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') return undefined;
  if (fn.generator || fn.body.type !== 'BlockStatement' || fn.body.body.length === 0) return undefined;
  const fnBody = fn.body;
  if ((sourceCode.getScope(fn).set.get('arguments')?.references.length ?? 0) > 0) return undefined;
  for (const name of ['retry', MARKER, 'error']) if (nameTaken(fn, fn, name, sourceCode)) return undefined;
  const call = selfCallAt(site, sourceCode);
  if (!call || !callsItself(call, fn, sourceCode)) return undefined;
  // `f(…)` ran with `this` undefined; the attempt, an arrow, keeps the first call's (`this.f(…)` passes it on).
  if (call.callee.type === 'Identifier' && readsOwnThisOrArguments(fn, sourceCode)) return undefined;

  // The way back in: `return f(…)` / `return await f(…)` (after `await sleep(d);`), or
  // `return sleep(d).then(() => f(…))`.
  let back: Node = call.parent?.type === 'AwaitExpression' ? call.parent : call;
  let waitStatement: TSESTree.Statement | undefined;
  const sleep = site.sleep;
  const arrow = back.parent;
  if (arrow?.type === 'ArrowFunctionExpression' && arrow.body === back && arrow.params.length === 0) {
    const then = arrow.parent;
    if (then?.type !== 'CallExpression' || then.arguments.length !== 1 || then.callee.type !== 'MemberExpression' || then.callee.property.type !== 'Identifier' || then.callee.property.name !== 'then') return undefined;
    if (!sleep || then.callee.object !== sleep) return undefined;
    back = then;
  }
  const ret = back.parent;
  if (ret?.type !== 'ReturnStatement' || ret.argument !== back) return undefined;
  if (sleep && !within(sleep, back)) {
    // `await sleep(d);` right before the return, in the same block.
    const block = ret.parent;
    if (block?.type !== 'BlockStatement') return undefined;
    const before = block.body[block.body.indexOf(ret) - 1];
    if (before?.type !== 'ExpressionStatement' || before.expression.type !== 'AwaitExpression' || before.expression.argument !== sleep) return undefined;
    waitStatement = before;
  }
  if (!sleep && site.policy.delay.kind !== 'none') return undefined;

  // Where the marker is thrown: nothing of the function may catch it on its way out.
  const holder = enclosingFunction(ret);
  if (!holder) return undefined;
  for (let p: Node | undefined = ret; p && p !== holder; p = p.parent) {
    const parent: Node | undefined = p.parent;
    if (parent?.type === 'TryStatement' && (parent.block === p || parent.finalizer === p)) return undefined;
  }
  let chain = false;
  if (holder !== fn) {
    // A promise chain's callback: `return op(…).then((res) => { … })` is the function's last
    // statement, so a rejection of the callback is the attempt's (no later `.catch` sees it).
    const last = fnBody.body[fnBody.body.length - 1];
    const link = holder.parent;
    if (last?.type !== 'ReturnStatement' || link?.type !== 'CallExpression' || last.argument !== link || !link.arguments.includes(holder as TSESTree.ArrowFunctionExpression)) return undefined;
    if (link.callee.type !== 'MemberExpression' || link.callee.property.type !== 'Identifier' || !['then', 'catch'].includes(link.callee.property.name)) return undefined;
    if (enclosingFunction(link) !== fn) return undefined;
    chain = true;
  }
  if (!fn.async && !chain) return undefined;
  // Every other return of the function's own body is a promise too (async), or there is none.
  if (!fn.async) {
    let otherReturn = false;
    walk(fnBody, keys, (n) => {
      if (n.type === 'ReturnStatement' && n !== fnBody.body[fnBody.body.length - 1]) otherReturn = true;
      return !otherReturn;
    });
    if (otherReturn) return undefined;
  }

  const passed = passedOn(fn, call, sourceCode);
  if (!passed) return undefined;
  const { changed, counter } = passed;
  // A changed parameter read by another function of the kept code would see the next attempt's value.
  for (const c of changed) {
    for (const ref of c.variable.references) {
      const owner = enclosingFunction(ref.identifier);
      if (owner && owner !== fn && owner !== holder && !within(ref.identifier, back)) return undefined;
    }
  }
  const maxAttempts = boundOf(site, fn, passed, back, sourceCode);
  if (!maxAttempts) return undefined;

  const delay = delayOptions(site, sourceCode, fn, counter.name);
  if (!delay) return undefined;

  const inner = indentOf(ret, sourceCode);
  const assignment = changed.length === 1 ? `${changed[0]!.name} = ${changed[0]!.value};` : `[${changed.map((c) => c.name).join(', ')}] = [${changed.map((c) => c.value).join(', ')}];`;
  const inBlock = ret.parent?.type === 'BlockStatement' || ret.parent?.type === 'Program';
  const replacement = inBlock ? `${assignment}\n${inner}throw ${MARKER};` : `{\n${inner}  ${assignment}\n${inner}  throw ${MARKER};\n${inner}}`;
  const replacements: ReentryPlan['replacements'] = [];
  if (waitStatement) replacements.push({ range: statementLines(waitStatement, sourceCode), text: '' });
  replacements.push({ range: ret.range, text: replacement });
  const body = fnBody.body;
  return {
    fn,
    range: [(body[0] as Node).range[0], (body[body.length - 1] as Node).range[1]],
    async: fn.async,
    replacements,
    maxAttempts,
    delay,
  };
}

interface Passed {
  params: { name: string; variable: Variable }[];
  /** The parameters the way back in passes another value, and that value's text. */
  changed: { name: string; variable: Variable; value: string }[];
  /** The one passed as itself ± 1. */
  counter: { name: string; variable: Variable; step: 1 | -1 };
}

/** What the self-call passes on: every parameter as itself but some plain values, one of them a counter. */
function passedOn(fn: FunctionNode, call: TSESTree.CallExpression, sourceCode: SourceCode): Passed | undefined {
  const params: Passed['params'] = [];
  for (const p of fn.params) {
    const id = p.type === 'AssignmentPattern' ? p.left : p;
    if (id.type !== 'Identifier') return undefined;
    const variable = sourceCode.getDeclaredVariables(fn).find((v) => v.name === id.name);
    if (!variable) return undefined;
    params.push({ name: id.name, variable });
  }
  if (call.arguments.length !== params.length) return undefined;
  const changed: Passed['changed'] = [];
  let counter: Passed['counter'] | undefined;
  for (let i = 0; i < params.length; i++) {
    const param = params[i] as Passed['params'][number];
    const arg = call.arguments[i] as Node;
    if (arg.type === 'Identifier' && arg.name === param.name) continue;
    // `undefined` would have given the parameter its default again.
    if (arg.type === 'SpreadElement' || (arg.type === 'Identifier' && arg.name === 'undefined') || !isPlain(arg, sourceCode.visitorKeys)) return undefined;
    changed.push({ ...param, value: sourceCode.getText(arg) });
    if (arg.type === 'BinaryExpression' && (arg.operator === '+' || arg.operator === '-') && arg.left.type === 'Identifier' && arg.left.name === param.name && arg.right.type === 'Literal' && arg.right.value === 1) {
      if (counter) return undefined;
      counter = { name: param.name, variable: param.variable, step: arg.operator === '+' ? 1 : -1 };
    }
  }
  return counter ? { params, changed, counter } : undefined;
}

/**
 * The attempts from the counter's one test (outside the way back in `back`; other reads are
 * fine, a write is not), agreeing with the analysis's count where the counter has a default.
 */
function boundOf(site: RetrySite, fn: FunctionNode, { counter, changed }: Passed, back: Node, sourceCode: SourceCode): string | undefined {
  const tests: TSESTree.BinaryExpression[] = [];
  for (const ref of counter.variable.references) {
    if (ref.init || within(ref.identifier, back)) continue;
    if (ref.isWrite()) return undefined;
    const parent = ref.identifier.parent;
    if (parent?.type === 'BinaryExpression' && parent.left === ref.identifier && ['<', '<=', '>', '>=', '===', '=='].includes(parent.operator)) tests.push(parent);
  }
  const test = tests[0];
  if (tests.length !== 1 || !test) return undefined;
  const maxAttempts = attemptsOf(test, counter, changed, sourceCode);
  if (!maxAttempts) return undefined;
  const known = site.policy.maxAttempts;
  const start = defaultOf(fn, counter.name);
  if (typeof known === 'number' && start !== undefined && evaluate(maxAttempts, counter.name, start, constantsOf(test, sourceCode)) !== known) return undefined;
  return maxAttempts;
}

/** The range's text with the replacements made. */
function replaced(range: [number, number], replacements: ReentryPlan['replacements'], sourceCode: SourceCode): string {
  let text = '';
  let at = range[0];
  for (const r of [...replacements].sort((a, b) => a.range[0] - b.range[0])) {
    text += sourceCode.text.slice(at, r.range[0]) + r.text;
    at = r.range[1];
  }
  return text + sourceCode.text.slice(at, range[1]);
}

/** `f(…)` naming the function itself (its declaration or `const`), or `this.m(…)` in method `m`. */
function callsItself(call: TSESTree.CallExpression, fn: FunctionNode, sourceCode: SourceCode): boolean {
  if (call.optional) return false;
  const callee = call.callee;
  if (callee.type === 'Identifier') {
    const variable = resolveVariable(callee, sourceCode);
    const def = variable?.defs[0];
    if (!variable || variable.defs.length !== 1 || !def) return false;
    const names = def.type === 'FunctionName' ? def.node === fn : def.type === 'Variable' && def.node.init === fn && def.parent.type === 'VariableDeclaration' && def.parent.kind === 'const';
    return names && !variable.references.some((ref) => ref.isWrite() && !ref.init);
  }
  if (callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'ThisExpression' && callee.property.type === 'Identifier') {
    const method = fn.parent;
    if (fn.type !== 'FunctionExpression' || method?.type !== 'MethodDefinition' || method.kind !== 'method' || method.computed) return false;
    return method.key.type === 'Identifier' && method.key.name === callee.property.name;
  }
  return false;
}

/** An argument that neither calls, awaits, assigns nor makes a function. */
function isPlain(node: Node, keys: SourceCode['visitorKeys']): boolean {
  let plain = true;
  walk(node, keys, (n) => {
    if (['CallExpression', 'NewExpression', 'AwaitExpression', 'AssignmentExpression', 'UpdateExpression', 'ArrowFunctionExpression', 'FunctionExpression', 'YieldExpression', 'TaggedTemplateExpression'].includes(n.type)) plain = false;
    return plain;
  });
  return plain;
}

/**
 * Attempts from the counter's test: counting down by one and stopping at 0 (`n <= 0`, `n < 1`,
 * `n === 0` to give up; `n > 0`, `n >= 1` to go on) makes `n + 1`; counting up to N (`t >= N`,
 * `t === N` to give up; `t < N` to go on) makes `N + 1 - t`, `t > N` and `t <= N` one more.
 */
function attemptsOf(test: TSESTree.BinaryExpression, counter: { name: string; step: 1 | -1 }, changed: { name: string }[], sourceCode: SourceCode): string | undefined {
  const onLeft = test.left.type === 'Identifier' && test.left.name === counter.name;
  if (!onLeft) return undefined;
  const limit = test.right;
  const plain = (limit.type === 'Literal' && typeof limit.value === 'number') || limit.type === 'Identifier' || (limit.type === 'MemberExpression' && !limit.computed);
  if (!plain || changed.some((c) => sourceCode.getText(limit).split(/\W+/).includes(c.name))) return undefined;
  const n = counter.name;
  const op = test.operator === '==' ? '===' : test.operator;
  if (counter.step === -1) {
    const value = limit.type === 'Literal' ? limit.value : undefined;
    const stopsAtZero = ((op === '<=' || op === '===' || op === '>') && value === 0) || ((op === '<' || op === '>=') && value === 1);
    return stopsAtZero ? `Math.max(1, ${n} + 1)` : undefined;
  }
  const extra = op === '>=' || op === '===' || op === '<' ? 1 : op === '>' || op === '<=' ? 2 : undefined;
  if (extra === undefined) return undefined;
  const total = limit.type === 'Literal' && typeof limit.value === 'number' ? String(limit.value + extra) : `${sourceCode.getText(limit)} + ${extra}`;
  return `Math.max(1, ${total} - ${n})`;
}

/** The `const NAME = <number>` a test's limit names, as its number. */
function constantsOf(test: TSESTree.BinaryExpression, sourceCode: SourceCode): Map<string, number> {
  const out = new Map<string, number>();
  if (test.right.type !== 'Identifier') return out;
  const variable = resolveVariable(test.right, sourceCode);
  const def = variable?.defs[0];
  if (variable?.defs.length === 1 && def?.type === 'Variable' && def.parent.type === 'VariableDeclaration' && def.parent.kind === 'const' && def.node.init?.type === 'Literal' && typeof def.node.init.value === 'number') {
    out.set(test.right.name, def.node.init.value);
  }
  return out;
}

function defaultOf(fn: FunctionNode, name: string): number | undefined {
  for (const p of fn.params) {
    if (p.type === 'AssignmentPattern' && p.left.type === 'Identifier' && p.left.name === name && p.right.type === 'Literal' && typeof p.right.value === 'number') return p.right.value;
  }
  return undefined;
}

/** `Math.max(1, 3 + 1 - n)` at n = start, when it is all numbers (a `const` of the module read as its number). */
function evaluate(expression: string, name: string, start: number, constants: ReadonlyMap<string, number> = new Map()): number | undefined {
  const m = /^Math\.max\(1, (.*)\)$/.exec(expression);
  if (!m) return undefined;
  let text = (m[1] as string).replace(new RegExp(`\\b${name}\\b`, 'g'), `(${start})`);
  for (const [constant, value] of constants) text = text.replace(new RegExp(`\\b${constant}\\b`, 'g'), `(${value})`);
  if (!/^[\d\s()+-]+$/.test(text)) return undefined;
  const terms = text.replace(/[()\s]/g, '').replace(/--/g, '+').replace(/\+-/g, '-').match(/[+-]?\d+/g);
  if (!terms) return undefined;
  return Math.max(1, terms.reduce((sum, t) => sum + Number(t), 0));
}

function render(plan: ReentryPlan, sourceCode: SourceCode): string {
  const body = plan.fn.body as TSESTree.BlockStatement;
  const indent = indentOf(body.body[0] as Node, sourceCode);
  const inner = `${indent}  `;
  const text = replaced(plan.range, plan.replacements, sourceCode);
  const lines = [
    `const ${MARKER} = new Error('try again');`,
    `${indent}return retry(${plan.async ? 'async ' : ''}() => {`,
    `${inner}${reindent(text, indent, inner)}`,
    `${indent}}, {`,
    `${inner}maxAttempts: ${plan.maxAttempts},`,
    ...delayLines(plan.delay, inner),
    `${inner}shouldRetry: (error) => error === ${MARKER},`,
    `${inner}rejectWith: 'last-error',`,
    `${indent}});`,
  ];
  return lines.join('\n');
}

/**
 * A function that starts something with event listeners and, on a failure event, calls itself
 * again later through `setTimeout(() => f(…, tries + 1), d)`, telling its outcome to a
 * callback parameter (`done(null, socket)`, `done(err)`): the body as written becomes the
 * executor of the attempt's promise, the callback's calls become `settled(…)` (which resolves
 * the attempt, then calls it, at the same moment), and the way back in becomes the
 * parameters' next values and `reject(tryAgain)`. The code's own give-up (`if (tries >= N)
 * return done(err)`) still ends it. JavaScript files only.
 */
function planEventReentry(site: RetrySite, ctx: RewriteContext): ReentryPlan | undefined {
  const { sourceCode } = ctx;
  const fn = site.node;
  if (ctx.typescript) return undefined;
  if (fn.type !== 'FunctionDeclaration' && fn.type !== 'FunctionExpression' && fn.type !== 'ArrowFunctionExpression') return undefined;
  if (fn.async || fn.generator || fn.body.type !== 'BlockStatement' || fn.body.body.length === 0) return undefined;
  const fnBody = fn.body;
  if ((sourceCode.getScope(fn).set.get('arguments')?.references.length ?? 0) > 0) return undefined;
  for (const name of ['retry', MARKER, 'error', 'resolve', 'reject', 'settled', 'args']) if (nameTaken(fn, fn, name, sourceCode)) return undefined;
  const call = selfCallAt(site, sourceCode);
  if (!call || !callsItself(call, fn, sourceCode)) return undefined;
  if (call.callee.type === 'Identifier' && readsOwnThisOrArguments(fn, sourceCode)) return undefined;
  // `[return] setTimeout(() => f(…), d);`, the last statement of a listener's body.
  const arrow = call.parent;
  const timer = arrow?.parent;
  if (arrow?.type !== 'ArrowFunctionExpression' || arrow.body !== call || arrow.params.length !== 0) return undefined;
  if (timer?.type !== 'CallExpression' || timer !== site.sleep || timer.callee.type !== 'Identifier' || timer.callee.name !== 'setTimeout' || timer.arguments[0] !== arrow || timer.arguments.length !== 2) return undefined;
  if ((resolveVariable(timer.callee, sourceCode)?.defs.length ?? 0) !== 0) return undefined;
  const statement = timer.parent;
  if (statement?.type !== 'ExpressionStatement' && statement?.type !== 'ReturnStatement') return undefined;
  const listener = enclosingFunction(statement);
  const block = statement.parent;
  if (!listener || listener === fn || block?.type !== 'BlockStatement' || block.parent !== listener || block.body[block.body.length - 1] !== statement) return undefined;
  if (enclosingFunction(listener) !== fn) return undefined;
  for (let p: Node | undefined = statement; p && p !== fn; p = p.parent) {
    const parent: Node | undefined = p.parent;
    if (parent?.type === 'TryStatement' && (parent.block === p || parent.finalizer === p)) return undefined;
  }

  // The parameters, the counter and the function's own callback.
  const passed = passedOn(fn, call, sourceCode);
  if (!passed) return undefined;
  const { changed, counter, params } = passed;
  const done = params.find((p) => p.variable.references.some((r) => {
    const parent = r.identifier.parent;
    const first = parent?.type === 'CallExpression' && parent.callee === r.identifier ? parent.arguments[0] : undefined;
    return first !== undefined && ((first.type === 'Literal' && first.value === null) || (first.type === 'Identifier' && first.name === 'undefined'));
  }));
  if (!done || changed.some((c) => c.name === done.name)) return undefined;
  // Every use of the callback is a call of it (or its passing on in the way back in).
  if (!done.variable.references.every((r) => within(r.identifier, call) || (r.identifier.parent?.type === 'CallExpression' && r.identifier.parent.callee === r.identifier))) return undefined;
  // Here the analysis's count must be known and agree: the give-up is the code's, told to a callback.
  if (typeof site.policy.maxAttempts !== 'number' || defaultOf(fn, counter.name) === undefined) return undefined;
  const maxAttempts = boundOf(site, fn, passed, call, sourceCode);
  if (!maxAttempts) return undefined;
  const delay = delayOptions(site, sourceCode, fn, counter.name);
  if (!delay) return undefined;

  const inner = indentOf(statement, sourceCode);
  const assignment = changed.length === 1 ? `${changed[0]!.name} = ${changed[0]!.value};` : `[${changed.map((c) => c.name).join(', ')}] = [${changed.map((c) => c.value).join(', ')}];`;
  const replacements: ReentryPlan['replacements'] = [{ range: statement.range, text: `${assignment}\n${inner}${statement.type === 'ReturnStatement' ? 'return ' : ''}reject(${MARKER});` }];
  for (const r of done.variable.references) {
    if (!within(r.identifier, call)) replacements.push({ range: r.identifier.range, text: 'settled' });
  }
  const body = fnBody.body;
  return {
    fn,
    range: [(body[0] as Node).range[0], (body[body.length - 1] as Node).range[1]],
    async: false,
    replacements,
    maxAttempts,
    delay,
    settled: done.name,
  };
}

function renderEvents(plan: ReentryPlan, sourceCode: SourceCode): string {
  const body = plan.fn.body as TSESTree.BlockStatement;
  const indent = indentOf(body.body[0] as Node, sourceCode);
  const inner = `${indent}  `;
  const text = replaced(plan.range, plan.replacements, sourceCode);
  return [
    `const ${MARKER} = new Error('try again');`,
    `${indent}retry(() => new Promise((resolve, reject) => {`,
    `${inner}const settled = (...args) => {`,
    `${inner}  resolve();`,
    `${inner}  ${plan.settled}(...args);`,
    `${inner}};`,
    `${inner}${reindent(text, indent, inner)}`,
    `${indent}}), {`,
    `${inner}maxAttempts: ${plan.maxAttempts},`,
    ...delayLines(plan.delay, inner),
    `${inner}shouldRetry: (error) => error === ${MARKER},`,
    `${inner}rejectWith: 'last-error',`,
    `${indent}});`,
  ].join('\n');
}
