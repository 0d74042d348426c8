import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { ensureNamedImport, isCommonJs } from './imports.js';
import { attemptParameter } from './rewrite-scope.js';
import { lastWait } from './policies.js';
import { indentOf } from './text.js';
import type { Fix, Fixer, SourceCode, Suggestion } from './types.js';

export interface RewriteContext {
  sourceCode: SourceCode;
  filename: string;
  /** Attempts an unbounded loop gets. */
  bound: number;
  typescript: boolean;
}

type Node = TSESTree.Node;
type Statement = TSESTree.Statement;
export type Loop = TSESTree.ForStatement | TSESTree.WhileStatement;

/**
 * The supported shape, and nothing else (the rule docs list it):
 *
 *     [let lastError;] [let attempt = s;] [let delay = d;]
 *     for (let attempt = s; attempt < N; attempt++) {  // or <=, or while (true) / for (;;)
 *       [const x = …;]                                // set-up of the attempt
 *       try {
 *         …                                            // ends in return or throw on every path
 *       } catch (err) {
 *         [lastError = err;]  [attempt++;]
 *         [if (!isTransient(err)) throw err;]          // which errors are retried
 *         [log(…);]                                    // side effects after every failure
 *         [if (attempt >= N) throw err;]               // the bound, in the catch
 *         [log(…);]                                    // side effects between attempts
 *         [if (…)] await sleep(delay);  [delay *= 2;]
 *       }
 *     }
 *     [throw lastError; | throw new Error(…);]
 *
 * Anything else — a `break` or `continue`, code after the loop other than that throw, a
 * try block that can finish without returning, state the attempt leaves for the next one,
 * an abort signal — gets no rewrite: a rewrite that changes behaviour is worse than none.
 */
export function rewriteWithRetry(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind !== 'loop' || site.abortAware || site.deadlineBound) return undefined;
  const prepared = preparedFor(site, ctx);
  if (!prepared) return undefined;
  const { plan } = prepared;
  const importRetry = retryImport(ctx);
  if (!importRetry) return undefined;
  prepared.text ??= render(plan, ctx);
  const text = prepared.text;
  return {
    messageId: 'rewrite',
    data: { bound: plan.addsBound ? ` (stops after ${ctx.bound} attempts)` : '' },
    fix: (fixer: Fixer) => {
      const fixes: Fix[] = [...importRetry(fixer), fixer.replaceTextRange([plan.loop.range[0], plan.end], text)];
      for (const declaration of plan.removedDeclarations) fixes.push(fixer.removeRange(lineRange(declaration, ctx.sourceCode)));
      return fixes;
    },
  };
}

/**
 * The name of the function a loop retries when retrying it is all the loop does: its attempt is
 * `return await name()` and nothing else, every error is retried, the last one is rethrown,
 * and no code runs between attempts but the wait. A project helper of that shape
 * (`withRetries(operation)`) can give way to retry() at its call (rewrite-helper-call.ts).
 */
export function plainRetryOf(site: RetrySite, ctx: RewriteContext): { callee: TSESTree.Identifier; loop: Loop } | undefined {
  if (site.kind !== 'loop' || site.abortAware || site.deadlineBound) return undefined;
  const plan = preparedFor(site, ctx)?.plan;
  if (!plan || !plan.returns || plan.setup.length > 0 || plan.everyFailure.length > 0 || plan.betweenAttempts.length > 0) return undefined;
  if (plan.classifier || plan.finalThrow || plan.swallowsLastError || plan.readsWait !== undefined || plan.counter) return undefined;
  const [only, ...rest] = plan.tryBlock.body;
  if (!only || rest.length > 0 || only.type !== 'ReturnStatement' || only.argument?.type !== 'AwaitExpression') return undefined;
  const call = only.argument.argument;
  if (call.type !== 'CallExpression' || call.optional || call.arguments.length > 0 || call.callee.type !== 'Identifier') return undefined;
  return { callee: call.callee, loop: plan.loop };
}

interface Prepared {
  plan: Plan;
  /** The replacement text, rendered the first time a suggestion needs it. */
  text?: string;
}

/**
 * A loop reported by several rules (unbounded and fixed wait) gets this suggestion once per
 * finding, on every lint: the plan depends only on the site (one per loop per parse, the
 * analysis caches them by AST) and the attempt bound, so it is made once for each.
 */
const preparedCache = new WeakMap<RetrySite, Map<number, Prepared | null>>();

function preparedFor(site: RetrySite, ctx: RewriteContext): Prepared | undefined {
  let byBound = preparedCache.get(site);
  if (!byBound) preparedCache.set(site, (byBound = new Map()));
  let prepared = byBound.get(ctx.bound);
  if (prepared === undefined) {
    const plan = planLoop(site, ctx);
    prepared = plan ? { plan } : null;
    byBound.set(ctx.bound, prepared);
  }
  return prepared ?? undefined;
}

/**
 * The import edit for retry(): it reads the whole module's statements (and, for a file
 * without import/export, its text for `require(`), the same for every finding of a file, so
 * it is found once per AST and file name.
 */
const importCache = new WeakMap<TSESTree.Program, Map<string, ReturnType<typeof ensureNamedImport>>>();

export function retryImport(ctx: RewriteContext): ReturnType<typeof ensureNamedImport> {
  const program = ctx.sourceCode.ast;
  let byFile = importCache.get(program);
  if (!byFile) importCache.set(program, (byFile = new Map()));
  if (!byFile.has(ctx.filename)) {
    byFile.set(ctx.filename, ensureNamedImport(ctx.sourceCode, '@retry-hygiene/retry', 'retry', isCommonJs(ctx.sourceCode, ctx.filename)));
  }
  return byFile.get(ctx.filename);
}

interface Plan {
  loop: Loop;
  /** End of the replaced text: the loop, or the throw after it. */
  end: number;
  /** `return retry(…)` when the attempt returns a value, `await retry(…)` otherwise. */
  returns: boolean;
  /** The attempt function's statements before the try (set-up), as text. */
  setup: Statement[];
  tryBlock: TSESTree.BlockStatement;
  errorName: string | undefined;
  /** Side effects of every failure: kept in a catch inside the attempt, which rethrows, or in onRetry and onGiveUp (`failureInHooks`). */
  everyFailure: Statement[];
  /**
   * The effects of every failure run in onRetry and again in onGiveUp: together those are
   * called for exactly the failures the catch saw, the last one included.
   */
  failureInHooks: boolean;
  /** Side effects only when another attempt follows: onRetry. */
  betweenAttempts: Statement[];
  /** `(err) => !(…)` when the catch rethrows some errors at once. */
  classifier: TSESTree.Expression | undefined;
  maxAttempts: string;
  addsBound: boolean;
  delay: { baseMs?: string; factor?: string; capMs?: string };
  /**
   * How the counter reads, from retry()'s 1-based attempt, when the kept code reads it:
   * `offset` inside the attempt, `offsetAfterIncrement` in onRetry (after the catch's `attempt++`).
   */
  counter: { name: string; offset: number; offsetAfterIncrement: number; inAttempt: boolean; inOnRetry: boolean } | undefined;
  /** A throw after the loop that is not the last error: `.catch((lastError) => { throw … })`. */
  finalThrow: TSESTree.ThrowStatement | undefined;
  /** The loop ended by falling out of the function: `.catch(() => undefined)`. */
  swallowsLastError: boolean;
  lastErrorName: string | undefined;
  removedDeclarations: TSESTree.VariableDeclaration[];
  /** The wait variable onRetry's effects read, bound to its `delayMs`. */
  readsWait: string | undefined;
}

function planLoop(site: RetrySite, ctx: RewriteContext): Plan | undefined {
  const { sourceCode } = ctx;
  const keys = sourceCode.visitorKeys;
  const loop = site.node;
  if (loop.type !== 'ForStatement' && loop.type !== 'WhileStatement') return undefined;
  const fn = enclosingFunction(loop);
  if (!fn?.async || fn.generator || fn.body?.type !== 'BlockStatement' || loop.parent !== fn.body) return undefined;
  // Names the rewrite introduces must not hide the code's own: `retry` in a scope around the
  // loop would be called instead of the import, `attemptNumber`/`failedAttempt` would shadow.
  if (boundAround(loop, 'retry', sourceCode) || /\b(attemptNumber|failedAttempt)\b/.test(sourceCode.getText(fn))) return undefined;
  const block = fn.body;
  if (loop.body.type !== 'BlockStatement') return undefined;
  const body = loop.body.body;
  const tryStatement = body[body.length - 1];
  if (tryStatement?.type !== 'TryStatement' || !tryStatement.handler || tryStatement.finalizer) return undefined;
  const setup = body.slice(0, -1);
  if (!setup.every((s) => s.type === 'VariableDeclaration' || s.type === 'ExpressionStatement')) return undefined;
  const handler = tryStatement.handler;
  const param = handler.param;
  if (param && param.type !== 'Identifier') return undefined;
  const errorName = param?.name;
  // The attempt must end in a return or a throw: falling out of the try would go round again.
  if (!alwaysLeaves(tryStatement.block) || jumpsOut(tryStatement.block, loop, keys) || setup.some((s) => jumpsOut(s, loop, keys))) return undefined;
  const returns = containsReturn(tryStatement.block, keys);
  // `return fetchIt()` without await: the loop's catch never saw that promise reject, so the
  // loop did not retry it; inside retry()'s attempt it would be retried.
  if (returnsUnawaitedCall(tryStatement.block, keys)) return undefined;

  // The counter: `for (let attempt = s; …; attempt++)`, or `let attempt = s` before the loop.
  const counter = counterOf(loop, block, sourceCode);
  const sleepStatement = site.sleep ? statementOf(site.sleep, handler.body) : undefined;
  const delayVariables = delayVariablesOf(site, handler.body, sourceCode);

  // The catch, statement by statement.
  let lastErrorName: string | undefined;
  let guard: TSESTree.IfStatement | undefined;
  let classifier: TSESTree.Expression | undefined;
  let incremented = false;
  /** The increment is the give-up test's own (`++tries >= N`). */
  let guardIncrements = false;
  let sawEffect = false;
  let delayUpdated = false;
  /** An effect reads the wait (`retrying in ${delayMs}ms`): only onRetry knows it (its `delayMs`). */
  let readsWait: string | undefined;
  const everyFailure: Statement[] = [];
  const betweenAttempts: Statement[] = [];
  /** An effect of every failure reads the counter after the catch's increment (`log.error({ n })` after `n++`). */
  let readAfterIncrement = false;
  for (const statement of handler.body.body) {
    if (statement === sleepStatement) continue;
    if (errorName && isAssignmentOf(statement, errorName)) {
      lastErrorName = ((statement as TSESTree.ExpressionStatement).expression as TSESTree.AssignmentExpression).left.type === 'Identifier' ? (((statement as TSESTree.ExpressionStatement).expression as TSESTree.AssignmentExpression).left as TSESTree.Identifier).name : undefined;
      if (!lastErrorName) return undefined;
      continue;
    }
    if (counter && isIncrementOf(statement, counter.name)) {
      if (loop.type === 'ForStatement' && loop.update) return undefined;
      incremented = true;
      continue;
    }
    if (delayVariables.some((v) => isUpdateOf(statement, v))) {
      delayUpdated = true;
      continue;
    }
    const rethrow = rethrowCondition(statement, errorName, lastErrorName);
    if (rethrow) {
      if (counter && mentions(rethrow, counter.name, sourceCode)) {
        if (guard) return undefined;
        guard = statement as TSESTree.IfStatement;
        // `if (++tries >= N) throw err`: the catch's increment, in the give-up test.
        if (raisesFirst(rethrow, counter.name)) {
          if (incremented || (loop.type === 'ForStatement' && loop.update)) return undefined;
          incremented = true;
          guardIncrements = true;
        }
        continue;
      }
      if (classifier || sawEffect || guard) return undefined;
      if (mentionsAny(rethrow, [counter?.name, lastErrorName, ...delayVariables], sourceCode)) return undefined;
      classifier = rethrow;
      continue;
    }
    if (jumpsOut(statement, loop, keys) || containsThrowOrReturn(statement, keys)) return undefined;
    if (mentionsAny(statement, [lastErrorName], sourceCode)) return undefined;
    const waitRead = delayVariables.find((v) => mentions(statement, v, sourceCode));
    if (waitRead) {
      // Read before the wait is updated, and only one wait variable: its value is this wait's.
      if (delayUpdated || (readsWait !== undefined && readsWait !== waitRead) || delayVariables.length !== 1) return undefined;
      readsWait = waitRead;
    }
    // Effects between a classifier and the bound would also run for errors that are not retried.
    if (classifier && !guard) return undefined;
    sawEffect = true;
    if (guard) {
      // onRetry is synchronous and outside the attempt: no await, nothing of the attempt's set-up.
      if (containsAwait(statement, keys) || setup.some((s) => declaresUsedIn(s, statement, sourceCode))) return undefined;
      betweenAttempts.push(statement);
    } else {
      if (counter && incremented && mentions(statement, counter.name, sourceCode)) readAfterIncrement = true;
      everyFailure.push(statement);
    }
  }
  // The counter raised in the give-up test: kept code reading it would need to know on which side of the raise it reads.
  if (guardIncrements && counter && [...setup, tryStatement.block, ...everyFailure, ...betweenAttempts].some((s) => mentions(s, counter.name, sourceCode))) return undefined;
  // One name, one value in the attempt: read both before and after the increment, it would need two.
  if (readAfterIncrement && counter && [...setup, tryStatement.block, ...everyFailure].some((s) => mentions(s, counter.name, sourceCode) && !isAfterIncrement(s, handler.body, counter.name))) return undefined;

  // The bound.
  const bound = attemptsOf(loop, counter, guard, incremented, sourceCode);
  if (!bound) return undefined;
  const addsBound = bound === 'unbounded';
  const maxAttempts = addsBound ? String(ctx.bound) : bound;
  if (readsWait) {
    // Only a loop that never gave up runs every failure's effects before another attempt, so
    // they are onRetry's; they must be synchronous and not need the attempt's set-up.
    if (!addsBound || guard) return undefined;
    if (everyFailure.some((st) => containsAwait(st, keys) || setup.some((d) => declaresUsedIn(d, st, sourceCode)))) return undefined;
    betweenAttempts.push(...everyFailure.splice(0));
  }

  // After the loop: nothing (only if the loop cannot end on its own), or one throw.
  const index = block.body.indexOf(loop);
  const after = block.body.slice(index + 1);
  let finalThrow: TSESTree.ThrowStatement | undefined;
  let swallowsLastError = false;
  let end = loop.range[1];
  const loopCanEnd = loopEndsOnItsOwn(loop, guard, counter !== undefined);
  if (after.length > 0) {
    const next = after[0];
    if (after.length !== 1 || next?.type !== 'ThrowStatement') return undefined;
    end = next.range[1];
    if (next.argument.type === 'Identifier' && next.argument.name === lastErrorName) {
      // `throw lastError`: what rejectWith: 'last-error' rejects with.
    } else if (loopCanEnd) {
      // A throw of its own only replaces the last error when every error is retried.
      if (classifier || mentionsAny(next, [counter?.name, ...delayVariables], sourceCode)) return undefined;
      if (lastErrorName === undefined && mentionsLocalOf(next, loop, sourceCode)) return undefined;
      finalThrow = next;
    }
  } else if (loopCanEnd) {
    // Once the attempts run out the function falls off its end: undefined, the last error
    // swallowed. Only when every error is retried (a classifier's rethrow must still leave).
    if (classifier) return undefined;
    swallowsLastError = true;
  }
  // The last error read anywhere but in the dropped statements would lose its value.
  if (lastErrorName && readsOutside(lastErrorName, block, loop, finalThrow, sourceCode)) return undefined;

  const delay = delayOptions(site, sourceCode, loop, counter?.name);
  if (!delay) return undefined;

  const removedDeclarations = declarationsToRemove(block, loop, end, [lastErrorName, loop.type === 'WhileStatement' ? counter?.name : undefined, ...delayVariables], sourceCode);
  if (!removedDeclarations) return undefined;
  const keptReads = [...setup, tryStatement.block, ...everyFailure, ...betweenAttempts];
  const inAttempt = [...setup, tryStatement.block, ...everyFailure];
  const counterUse = counter && keptReads.some((s) => mentions(s, counter.name, sourceCode))
    ? {
        name: counter.name,
        // Read only after the catch's increment: the attempt's value is the one after it.
        offset: readAfterIncrement ? counter.start : counter.start - 1,
        offsetAfterIncrement: incremented ? counter.start : counter.start - 1,
        inAttempt: inAttempt.some((s) => mentions(s, counter.name, sourceCode)),
        inOnRetry: betweenAttempts.some((s) => mentions(s, counter.name, sourceCode)),
      }
    : undefined;
  if (counter && loop.type === 'WhileStatement' && !counterUse && !removedDeclarations.some((d) => declares(d, counter.name))) return undefined;
  const failureInHooks = hookable(everyFailure, { classifier, readsWait, setup, counterUse, errorName, typescript: ctx.typescript }, sourceCode);
  if (failureInHooks && counterUse) {
    counterUse.inAttempt = [...setup, tryStatement.block].some((s) => mentions(s, counterUse.name, sourceCode));
    counterUse.inOnRetry ||= everyFailure.some((s) => mentions(s, counterUse.name, sourceCode));
  }
  // The counter written anywhere but in the dropped increment: the count is not the loop's.
  if (counter && keptReads.some((s) => writes(s, counter.name, sourceCode))) return undefined;
  return {
    loop, end, returns, setup, tryBlock: tryStatement.block, errorName, everyFailure, failureInHooks, betweenAttempts, classifier,
    maxAttempts, addsBound, delay, counter: counterUse, finalThrow, swallowsLastError, lastErrorName, removedDeclarations, readsWait,
  };
}

/** `statement` is in the catch after its increment of the counter. */
function isAfterIncrement(statement: Statement | TSESTree.BlockStatement, catchBody: TSESTree.BlockStatement, name: string): boolean {
  const at = catchBody.body.indexOf(statement as Statement);
  return at >= 0 && catchBody.body.slice(0, at).some((s) => isIncrementOf(s, name));
}

/** A binding of `name` in a function or block scope around `node` (the module's own import is fine). */
export function boundAround(node: Node, name: string, sourceCode: SourceCode): boolean {
  for (let scope: ReturnType<SourceCode['getScope']> | null = sourceCode.getScope(node); scope; scope = scope.upper) {
    if (scope.type === 'module' || scope.type === 'global') return false;
    if (scope.set.has(name)) return true;
  }
  return false;
}

export function enclosingFunction(node: Node): TSESTree.FunctionLike | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'FunctionDeclaration' || p.type === 'FunctionExpression' || p.type === 'ArrowFunctionExpression') return p;
  }
  return undefined;
}

/** Every path through the block ends in a return or a throw. */
export function alwaysLeaves(node: Node | null | undefined): boolean {
  if (!node) return false;
  switch (node.type) {
    case 'ReturnStatement':
    case 'ThrowStatement':
      return true;
    case 'BlockStatement':
      return node.body.some((s) => alwaysLeaves(s));
    case 'IfStatement':
      return alwaysLeaves(node.consequent) && alwaysLeaves(node.alternate);
    case 'TryStatement':
      return (alwaysLeaves(node.block) && (!node.handler || alwaysLeaves(node.handler.body))) || alwaysLeaves(node.finalizer);
    default:
      return false;
  }
}

export type Keys = SourceCode['visitorKeys'];

/**
 * Walks a subtree in source order, not into nested functions; `visit` returning false skips a
 * node's children. Children come from the parser's visitor keys (Object.entries on every node
 * allocated enough to show in a profile of a file with 200 loops); a node type without keys
 * falls back to its own properties. Iterative: a deeply nested generated file must not
 * overflow the stack.
 */
export function walk(root: Node, keys: Keys, visit: (n: Node) => boolean | void): void {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (visit(node) === false) continue;
    pushChildren(node, keys[node.type] ?? Object.keys(node), stack, true);
  }
}

/** Pushes a node's children, last first, so popping them gives source order. */
function pushChildren(node: Node, nodeKeys: readonly string[], stack: Node[], skipFunctions: boolean): void {
  const record = node as unknown as Record<string, unknown>;
  for (let k = nodeKeys.length - 1; k >= 0; k--) {
    const key = nodeKeys[k] as string;
    if (key === 'parent') continue;
    const value = record[key];
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pushChild(value[i], stack, skipFunctions);
    } else {
      pushChild(value, stack, skipFunctions);
    }
  }
}

function pushChild(child: unknown, stack: Node[], skipFunctions: boolean): void {
  if (!child || typeof child !== 'object' || typeof (child as Node).type !== 'string') return;
  const c = child as Node;
  if (skipFunctions && (c.type === 'FunctionDeclaration' || c.type === 'FunctionExpression' || c.type === 'ArrowFunctionExpression')) return;
  stack.push(c);
}

/** Some node of the subtree (not in a nested function) matches. */
function containsNode(node: Node, keys: Keys, matches: (n: Node) => boolean): boolean {
  let found = false;
  walk(node, keys, (n) => {
    if (matches(n)) found = true;
    return !found;
  });
  return found;
}

/** A break or continue that leaves the attempt for the loop (not one inside a loop of its own). */
export function jumpsOut(node: Node, loop: Node, keys: Keys): boolean {
  let found = false;
  walk(node, keys, (n) => {
    if (found) return false;
    if (n.type === 'BreakStatement' || n.type === 'ContinueStatement') {
      let inner = false;
      for (let p: Node | undefined = n.parent; p && p !== loop; p = p.parent) {
        if (!n.label && (p.type === 'ForStatement' || p.type === 'WhileStatement' || p.type === 'DoWhileStatement' || p.type === 'ForOfStatement' || p.type === 'ForInStatement' || (p.type === 'SwitchStatement' && n.type === 'BreakStatement'))) inner = true;
      }
      if (!inner || n.label) found = true;
    }
    if (n.type === 'YieldExpression') found = true;
    return undefined;
  });
  return found;
}

export function containsReturn(node: Node, keys: Keys): boolean {
  return containsNode(node, keys, (n) => n.type === 'ReturnStatement');
}

export function returnsUnawaitedCall(node: Node, keys: Keys): boolean {
  let found = false;
  walk(node, keys, (n) => {
    if (n.type !== 'ReturnStatement' || !n.argument) return undefined;
    let value: Node = n.argument;
    while (value.type === 'TSAsExpression' || value.type === 'TSNonNullExpression' || value.type === 'TSSatisfiesExpression') value = value.expression;
    if (value.type === 'CallExpression' || value.type === 'NewExpression' || value.type === 'ConditionalExpression' || value.type === 'LogicalExpression') {
      // A conditional or logical may pick a call's promise too.
      walk(value, keys, (inner) => {
        if (inner.type === 'AwaitExpression') return false;
        if (inner.type === 'CallExpression' || inner.type === 'NewExpression') found = true;
        return !found;
      });
    }
    return !found;
  });
  return found;
}

function containsThrowOrReturn(node: Node, keys: Keys): boolean {
  return containsNode(node, keys, (n) => n.type === 'ReturnStatement' || n.type === 'ThrowStatement');
}

export function containsAwait(node: Node, keys: Keys): boolean {
  return containsNode(node, keys, (n) => n.type === 'AwaitExpression');
}

function identifierNames(node: Node, sourceCode: SourceCode): Set<string> {
  const names = new Set<string>();
  walkAll(node, sourceCode, (n) => {
    if (n.type === 'Identifier' && !(n.parent?.type === 'MemberExpression' && n.parent.property === n && !n.parent.computed) && !(n.parent?.type === 'Property' && n.parent.key === n && !n.parent.computed && !n.parent.shorthand)) names.add(n.name);
  });
  return names;
}

/** Walks a subtree, nested functions included (iteratively, like walk). */
function walkAll(root: Node, sourceCode: SourceCode, visit: (n: Node) => void): void {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    visit(node);
    pushChildren(node, sourceCode.visitorKeys[node.type] ?? [], stack, false);
  }
}

function mentions(node: Node, name: string, sourceCode: SourceCode): boolean {
  return identifierNames(node, sourceCode).has(name);
}

function mentionsAny(node: Node, names: readonly (string | undefined)[], sourceCode: SourceCode): boolean {
  const found = identifierNames(node, sourceCode);
  return names.some((n) => n !== undefined && found.has(n));
}

function writes(node: Node, name: string, sourceCode: SourceCode): boolean {
  let found = false;
  walkAll(node, sourceCode, (n) => {
    if (n.type === 'AssignmentExpression' && n.left.type === 'Identifier' && n.left.name === name) found = true;
    if (n.type === 'UpdateExpression' && n.argument.type === 'Identifier' && n.argument.name === name) found = true;
  });
  return found;
}

/** Whether a set-up statement declares a name that `statement` reads. */
function declaresUsedIn(setupStatement: Statement, statement: Node, sourceCode: SourceCode): boolean {
  if (setupStatement.type !== 'VariableDeclaration') return false;
  const used = identifierNames(statement, sourceCode);
  return setupStatement.declarations.some((d) => [...identifierNames(d.id, sourceCode)].some((n) => used.has(n)));
}

/** Reads a variable declared inside the loop (which the rewrite moves into the attempt). */
function mentionsLocalOf(node: Node, loop: Node, sourceCode: SourceCode): boolean {
  const scope = sourceCode.getScope(node);
  let found = false;
  walkAll(node, sourceCode, (n) => {
    if (n.type !== 'Identifier') return;
    const ref = scope.references.find((r) => r.identifier === n);
    const def = ref?.resolved?.defs[0];
    if (def && def.name.range[0] >= loop.range[0] && def.name.range[1] <= loop.range[1]) found = true;
  });
  return found;
}

/** The statement of `block` that contains `node`. */
function statementOf(node: Node, block: TSESTree.BlockStatement): Statement | undefined {
  return block.body.find((s) => node.range[0] >= s.range[0] && node.range[1] <= s.range[1]);
}

function isAssignmentOf(statement: Statement, errorName: string): boolean {
  return (
    statement.type === 'ExpressionStatement' &&
    statement.expression.type === 'AssignmentExpression' &&
    statement.expression.operator === '=' &&
    statement.expression.left.type === 'Identifier' &&
    statement.expression.right.type === 'Identifier' &&
    statement.expression.right.name === errorName
  );
}

function isIncrementOf(statement: Statement, name: string): boolean {
  if (statement.type !== 'ExpressionStatement') return false;
  const e = statement.expression;
  if (e.type === 'UpdateExpression') return e.operator === '++' && e.argument.type === 'Identifier' && e.argument.name === name;
  if (e.type !== 'AssignmentExpression' || e.left.type !== 'Identifier' || e.left.name !== name) return false;
  if (e.operator === '+=') return e.right.type === 'Literal' && e.right.value === 1;
  return false;
}

/** `delay *= 2`, `delay = Math.min(cap, delay * 2)`: the next wait, which retry() computes itself. */
function isUpdateOf(statement: Statement, name: string): boolean {
  if (statement.type !== 'ExpressionStatement') return false;
  const e = statement.expression;
  if (e.type === 'AssignmentExpression') return e.left.type === 'Identifier' && e.left.name === name;
  return e.type === 'UpdateExpression' && e.argument.type === 'Identifier' && e.argument.name === name;
}

/** `if (cond) throw err;` (or `break` when the loop then throws the last error): the condition. */
function rethrowCondition(statement: Statement, errorName: string | undefined, lastErrorName: string | undefined): TSESTree.Expression | undefined {
  if (statement.type !== 'IfStatement' || statement.alternate) return undefined;
  let exit: Node = statement.consequent;
  if (exit.type === 'BlockStatement') {
    if (exit.body.length !== 1) return undefined;
    exit = exit.body[0] as Node;
  }
  if (exit.type === 'ThrowStatement' && exit.argument.type === 'Identifier' && errorName && exit.argument.name === errorName) return statement.test;
  // `break` out of a loop followed by `throw lastError`, after `lastError = err`: the same throw.
  if (exit.type === 'BreakStatement' && !exit.label && lastErrorName) return statement.test;
  return undefined;
}

interface Counter {
  name: string;
  start: number;
  declaration: TSESTree.VariableDeclaration | undefined;
}

/** `for (let attempt = 0; …; attempt++)`, or `let attempt = 0;` right before a `while (true)`. */
export function counterOf(loop: Loop, block: TSESTree.BlockStatement, sourceCode: SourceCode): Counter | undefined {
  const startOf = (init: TSESTree.Expression | null | undefined) => (init?.type === 'Literal' && (init.value === 0 || init.value === 1) ? init.value : undefined);
  if (loop.type === 'ForStatement') {
    const decl = loop.init?.type === 'VariableDeclaration' ? loop.init.declarations : undefined;
    const d = decl?.length === 1 ? decl[0] : undefined;
    if (d?.id.type !== 'Identifier') return undefined;
    const start = startOf(d.init);
    const update = loop.update;
    const increments = update?.type === 'UpdateExpression' && update.operator === '++' && update.argument.type === 'Identifier' && update.argument.name === d.id.name;
    if (start === undefined || !increments) return undefined;
    return { name: d.id.name, start, declaration: undefined };
  }
  const index = block.body.indexOf(loop);
  for (let i = index - 1; i >= 0; i--) {
    const s = block.body[i];
    if (s?.type !== 'VariableDeclaration' || s.declarations.length !== 1) continue;
    const d = s.declarations[0];
    if (d?.id.type !== 'Identifier') continue;
    const start = startOf(d.init);
    // What makes it the counter is what the loop does with it (the name says nothing): it is
    // compared with a bound, in the loop's head or in the catch's give-up test.
    if (start !== undefined && s.kind === 'let' && comparesWith(loop, d.id.name, sourceCode.visitorKeys)) {
      return { name: d.id.name, start, declaration: s };
    }
  }
  return undefined;
}

const ORDERING = new Set(['<', '<=', '>', '>=', '===', '==']);

/** `name < N`, `N > name`, `++name >= N`… anywhere in the loop (its head, a give-up test). */
function comparesWith(loop: Loop, name: string, keys: SourceCode['visitorKeys']): boolean {
  const isName = (n: Node) => (n.type === 'Identifier' && n.name === name) || (n.type === 'UpdateExpression' && n.argument.type === 'Identifier' && n.argument.name === name);
  let found = false;
  const visit = (n: Node): void => {
    if (found) return;
    if (n.type === 'BinaryExpression' && ORDERING.has(n.operator) && (isName(n.left as Node) || isName(n.right))) {
      found = true;
      return;
    }
    // A function inside the loop compares its own things.
    if (n.type === 'FunctionExpression' || n.type === 'ArrowFunctionExpression' || n.type === 'FunctionDeclaration') return;
    for (const key of keys[n.type] ?? []) {
      const child = (n as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) child.forEach((c) => c && typeof (c as Node).type === 'string' && visit(c as Node));
      else if (child && typeof (child as Node).type === 'string') visit(child as Node);
    }
  };
  visit(loop);
  return found;
}

/** Variables the wait reads that the loop itself updates (`delay *= 2`). */
function delayVariablesOf(site: RetrySite, catchBody: TSESTree.BlockStatement, sourceCode: SourceCode): string[] {
  if (!site.delayExpression) return [];
  const names = identifierNames(site.delayExpression, sourceCode);
  return [...names].filter((name) => catchBody.body.some((s) => isUpdateOf(s, name) && !isIncrementOf(s, name)));
}

/**
 * The number of attempts as source text, from the loop head or the catch's give-up test, or
 * 'unbounded'. Only the forms whose count is exact: anything else gets no rewrite.
 */
function attemptsOf(loop: Loop, counter: Counter | undefined, guard: TSESTree.IfStatement | undefined, incremented: boolean, sourceCode: SourceCode): string | 'unbounded' | undefined {
  const text = (n: Node) => sourceCode.getText(n);
  const infinite = loop.type === 'WhileStatement' ? loop.test.type === 'Literal' && loop.test.value === true : loop.test === null;
  // `while (n < N)` counts as `for` does when the catch increments `n` on every failure.
  const head = !infinite && counter && (loop.type === 'ForStatement' || incremented) ? comparison(loop.test, counter.name) : undefined;
  if (!infinite && !head) return undefined;
  // Attempt k (1-based) sees the counter at start + k - 1, or start + k after an increment in the catch.
  const fromHead = head && counter ? count(head.operator, head.limit, counter.start, text) : undefined;
  if (!guard) return infinite ? 'unbounded' : fromHead;
  if (!counter) return undefined;
  const test = comparison(guard.test, counter.name) ?? (raisesFirst(guard.test, counter.name) ? comparison({ ...(guard.test as TSESTree.BinaryExpression), left: (guard.test as TSESTree.BinaryExpression & { left: TSESTree.UpdateExpression }).left.argument } as Node, counter.name) : undefined);
  if (!test) return undefined;
  const seen = counter.start + (incremented ? 1 : 0) - 1;
  // `if (attempt >= N) throw` at attempt k when seen + k >= N: k = N - seen is the last.
  const fromGuard = test.operator === '>=' || test.operator === '===' ? offset(test.limit, -seen, text) : test.operator === '>' ? offset(test.limit, 1 - seen, text) : undefined;
  if (!fromGuard) return undefined;
  if (fromHead !== undefined && fromHead !== fromGuard) return undefined;
  return fromGuard;
}

/** `++name >= N` (or `>`, `===`): the give-up test raises the counter first. */
function raisesFirst(test: Node, name: string): boolean {
  return test.type === 'BinaryExpression' && ['>=', '>', '==='].includes(test.operator) && test.left.type === 'UpdateExpression' && test.left.prefix && test.left.operator === '++' && test.left.argument.type === 'Identifier' && test.left.argument.name === name;
}

/** `counter < limit` and friends, the counter on the left. */
export function comparison(test: Node | null, name: string): { operator: string; limit: Node } | undefined {
  if (test?.type !== 'BinaryExpression' || test.left.type !== 'Identifier' || test.left.name !== name) return undefined;
  if (!['<', '<=', '>=', '>', '==='].includes(test.operator)) return undefined;
  return { operator: test.operator, limit: test.right };
}

/** Attempts of `for (let c = start; c OP limit; c++)`. */
export function count(operator: string, limit: Node, start: number, text: (n: Node) => string): string | undefined {
  if (operator === '<') return offset(limit, -start, text);
  if (operator === '<=') return offset(limit, 1 - start, text);
  return undefined;
}

/** `limit + k` as text, folding `N - 1 + 1`. */
export function offset(limit: Node, k: number, text: (n: Node) => string): string {
  if (limit.type === 'Literal' && typeof limit.value === 'number') return String(limit.value + k);
  if (limit.type === 'BinaryExpression' && (limit.operator === '-' || limit.operator === '+') && limit.right.type === 'Literal' && typeof limit.right.value === 'number') {
    const total = (limit.operator === '-' ? -limit.right.value : limit.right.value) + k;
    const left = text(limit.left);
    return total === 0 ? left : `${left} ${total > 0 ? '+' : '-'} ${Math.abs(total)}`;
  }
  const t = limit.type === 'Identifier' || limit.type === 'MemberExpression' || limit.type === 'Literal' ? text(limit) : `(${text(limit)})`;
  return k === 0 ? t : `${t} ${k > 0 ? '+' : '-'} ${Math.abs(k)}`;
}

/** Whether the loop can stop without a throw (its head's count runs out). */
function loopEndsOnItsOwn(loop: Loop, guard: TSESTree.IfStatement | undefined, counted: boolean): boolean {
  const infinite = loop.type === 'WhileStatement' ? loop.test.type === 'Literal' && loop.test.value === true : loop.test === null;
  if (infinite) return false;
  // A guard that throws at the head's last attempt leaves the loop only by throwing.
  return !(guard && counted && guardThrows(guard));
}

function guardThrows(guard: TSESTree.IfStatement): boolean {
  const c = guard.consequent;
  return c.type === 'ThrowStatement' || (c.type === 'BlockStatement' && c.body[0]?.type === 'ThrowStatement');
}

/** The last error is read only in the statements the rewrite drops (or in the final throw's own catch). */
function readsOutside(name: string, block: TSESTree.BlockStatement, loop: Loop, finalThrow: TSESTree.ThrowStatement | undefined, sourceCode: SourceCode): boolean {
  const scope = sourceCode.getScope(loop);
  let variable = undefined as ReturnType<typeof scope.set.get>;
  for (let s: typeof scope | null = scope; s && !variable; s = s.upper) variable = s.set.get(name);
  if (!variable) return true;
  const index = block.body.indexOf(loop);
  const after = block.body[index + 1];
  return variable.references.some((ref) => {
    const at = ref.identifier.range[0];
    if (ref.isWrite() && at >= loop.range[0] && at < loop.range[1]) return false;
    if (ref.init) return false;
    if (after && at >= after.range[0] && at < after.range[1]) return false;
    if (finalThrow && at >= finalThrow.range[0] && at < finalThrow.range[1]) return false;
    return true;
  });
}

function declares(declaration: TSESTree.VariableDeclaration, name: string): boolean {
  return declaration.declarations.some((d) => d.id.type === 'Identifier' && d.id.name === name);
}

/**
 * `let lastError;`, `let attempt = 0;`, `let delay = 400;` before the loop, read nowhere but
 * in the replaced text: they go with it. A variable of those also read elsewhere stops the
 * rewrite (undefined); one that is not declared on a line of its own stays.
 */
export function declarationsToRemove(block: TSESTree.BlockStatement, loop: Statement, end: number, names: readonly (string | undefined)[], sourceCode: SourceCode): TSESTree.VariableDeclaration[] | undefined {
  const removed: TSESTree.VariableDeclaration[] = [];
  const index = block.body.indexOf(loop);
  for (const name of names) {
    if (!name) continue;
    const declaration = block.body.slice(0, index).find((s): s is TSESTree.VariableDeclaration => s.type === 'VariableDeclaration' && declares(s, name));
    if (!declaration) continue;
    if (declaration.declarations.length !== 1) return undefined;
    const variable = sourceCode.getDeclaredVariables(declaration)[0];
    const elsewhere = variable?.references.some((ref) => !ref.init && (ref.identifier.range[0] < loop.range[0] || ref.identifier.range[0] >= end));
    if (elsewhere) return undefined;
    if (!removed.includes(declaration)) removed.push(declaration);
  }
  return removed;
}

/** The declaration's whole line, newline included, when nothing else is on it. */
export function lineRange(node: Node, sourceCode: SourceCode): [number, number] {
  const text = sourceCode.text;
  let start = node.range[0];
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  let end = node.range[1];
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  if (text[end] === '\r') end++;
  if (text[end] === '\n' && (start === 0 || text[start - 1] === '\n')) end++;
  return [start, end];
}

/**
 * retry()'s `baseMs`/`factor`/`capMs` for the loop's wait: a constant wait is the base and
 * the cap (full jitter then waits up to it); a doubling wait keeps its first value, factor
 * and cap. Values come from the wait's own text where it names a parameter or option (the
 * caller's value, not a default the analysis read).
 */
export function delayOptions(site: RetrySite, sourceCode: SourceCode, loop: Node, counterName: string | undefined): Plan['delay'] | undefined {
  const { kind, baseMs, factor, capMs } = site.policy.delay;
  const expression = site.delayExpression;
  const fromCaller = expression ? readsParameter(expression, sourceCode) : false;
  if (kind === 'none') return {};
  if (kind === 'constant') {
    if (!expression) return undefined;
    if (baseMs !== undefined && !fromCaller) return { baseMs: ms(baseMs), factor: '1', capMs: ms(baseMs) };
    // `opts.delay`, `delayMs`, `RETRY_MS` read once: the same text, as long as the loop does not change it.
    const plain = expression.type === 'Identifier' || expression.type === 'MemberExpression';
    if (!plain || (counterName && mentions(expression, counterName, sourceCode)) || declaredIn(expression, loop, sourceCode)) return undefined;
    const text = sourceCode.getText(expression);
    return { baseMs: text, factor: '1', capMs: text };
  }
  if (kind === 'exponential' && fromCaller && expression && counterName) {
    // `baseMs * 2 ** attempt` with `baseMs` the caller's: that text is the base.
    const base = doublingBase(expression, counterName, sourceCode);
    const start = counterStart(loop);
    if (base && start !== undefined) return { baseMs: start === 0 ? base : `${base} * 2` };
    return undefined;
  }
  if ((kind === 'linear' || kind === 'polynomial') && baseMs !== undefined && !fromCaller) {
    // retry() doubles; capped at the schedule's last wait, no wait grows past the original's.
    const attempts = site.policy.maxAttempts;
    if (typeof attempts !== 'number') return undefined;
    return { baseMs: ms(baseMs), capMs: ms(Math.min(capMs ?? Infinity, lastWait(site.policy.delay, attempts))) };
  }
  if (kind === 'exponential' && baseMs !== undefined && !fromCaller) {
    const options: Plan['delay'] = { baseMs: ms(baseMs) };
    if (factor !== undefined && factor !== 2) options.factor = String(factor);
    if (capMs !== undefined) options.capMs = ms(capMs);
    return options;
  }
  return undefined;
}

/** `B * 2 ** counter` or `2 ** counter * B`, B a name or member: B's text. */
function doublingBase(expression: Node, counterName: string, sourceCode: SourceCode): string | undefined {
  if (expression.type !== 'BinaryExpression' || expression.operator !== '*') return undefined;
  const isDoubling = (n: Node) =>
    n.type === 'BinaryExpression' && n.operator === '**' && n.left.type === 'Literal' && n.left.value === 2 && n.right.type === 'Identifier' && n.right.name === counterName;
  const plain = (n: Node) => n.type === 'Identifier' || n.type === 'MemberExpression';
  if (isDoubling(expression.right) && plain(expression.left)) return sourceCode.getText(expression.left);
  if (isDoubling(expression.left) && plain(expression.right)) return sourceCode.getText(expression.right);
  return undefined;
}

export function counterStart(loop: Node): number | undefined {
  if (loop.type !== 'ForStatement' || loop.init?.type !== 'VariableDeclaration') return undefined;
  const init = loop.init.declarations[0]?.init;
  return init?.type === 'Literal' && (init.value === 0 || init.value === 1) ? init.value : undefined;
}

export function ms(n: number): string {
  if (n < 10_000) return String(n);
  // Whole numbers grouped by hand: toLocaleString goes through ICU, the dearest call of a rewrite.
  if (Number.isSafeInteger(n)) return String(n).replace(/\B(?=(\d{3})+$)/g, '_');
  return n.toLocaleString('en-US').replace(/,/g, '_');
}

/** The wait reads a parameter of the function (its value is the caller's, whatever the default). */
function readsParameter(expression: Node, sourceCode: SourceCode): boolean {
  const scope = sourceCode.getScope(expression);
  let found = false;
  walkAll(expression, sourceCode, (n) => {
    // Found once is enough: no more scope chains to climb.
    if (found || n.type !== 'Identifier') return;
    let s: typeof scope | null = scope;
    while (s) {
      const v = s.set.get(n.name);
      if (v) {
        if (v.defs.some((d) => d.type === 'Parameter')) found = true;
        return;
      }
      s = s.upper;
    }
  });
  return found;
}

function declaredIn(expression: Node, loop: Node, sourceCode: SourceCode): boolean {
  return mentionsLocalOf(expression, loop, sourceCode);
}

/**
 * Whether the effects of every failure can leave the attempt for onRetry and onGiveUp.
 * retry() calls onGiveUp only when the attempts run out while every error is retried (no
 * classifier, no signal, no budget), so the two hooks see exactly the failures the catch saw.
 * The hooks are synchronous and outside the attempt: no await, nothing of the attempt's
 * set-up, and the counter read as onRetry reads it. In TypeScript the hooks' error is
 * `unknown`: a member read on it would no longer type-check.
 */
function hookable(
  everyFailure: Statement[],
  facts: {
    classifier: TSESTree.Expression | undefined;
    readsWait: string | undefined;
    setup: Statement[];
    counterUse: Plan['counter'];
    errorName: string | undefined;
    typescript: boolean;
  },
  sourceCode: SourceCode,
): boolean {
  const { classifier, readsWait, setup, counterUse, errorName } = facts;
  if (everyFailure.length === 0 || classifier || readsWait) return false;
  const keys = sourceCode.visitorKeys;
  if (everyFailure.some((st) => containsAwait(st, keys) || setup.some((d) => declaresUsedIn(d, st, sourceCode)))) return false;
  // One name for the counter in onRetry: read by both kinds of effect, it must read the same there.
  if (counterUse && counterUse.offset !== counterUse.offsetAfterIncrement && everyFailure.some((s) => mentions(s, counterUse.name, sourceCode))) return false;
  if (facts.typescript && errorName && everyFailure.some((s) => readsMemberOf(s, errorName, sourceCode))) return false;
  return true;
}

/** `err.message`, `err?.code`: a property read on the name. */
function readsMemberOf(statement: Node, name: string, sourceCode: SourceCode): boolean {
  let found = false;
  walkAll(statement, sourceCode, (n) => {
    if (!found && n.type === 'MemberExpression' && n.object.type === 'Identifier' && n.object.name === name) found = true;
  });
  return found;
}

/** The rewritten text that replaces the loop (and the throw after it). */
function render(plan: Plan, ctx: RewriteContext): string {
  const { sourceCode } = ctx;
  const indent = indentOf(plan.loop, sourceCode);
  const unit = '  ';
  const inner = indent + unit;
  const tryIndent = indentOf(plan.tryBlock.body[0] ?? plan.tryBlock, sourceCode);
  const lines: string[] = [];

  // The attempt's parameter: the counter as the loop saw it, from retry()'s 1-based attempt.
  const { parameter, prologue } = attemptParameter(plan.counter?.inAttempt ? plan.counter : undefined, inner);
  const annotation = plan.tryBlock.parent?.type === 'TryStatement' ? plan.tryBlock.parent.handler?.param?.typeAnnotation : undefined;
  const caughtType = annotation ? sourceCode.getText(annotation) : '';
  lines.push(`${plan.returns ? 'return' : 'await'} retry(async (${parameter}) => {`);
  lines.push(...prologue);
  const catchInAttempt = plan.everyFailure.length > 0 && !plan.failureInHooks;
  const bodyIndent = catchInAttempt ? inner + unit : inner;
  for (const s of plan.setup) lines.push(inner + reindent(textWithComments(s, sourceCode), indentOf(s, sourceCode), inner));
  const tryText = innerText(plan.tryBlock, sourceCode);
  if (catchInAttempt) {
    lines.push(`${inner}try {`);
    lines.push(bodyIndent + reindent(tryText, tryIndent, bodyIndent));
    lines.push(`${inner}} catch (${plan.errorName ?? 'error'}${caughtType}) {`);
    for (const s of plan.everyFailure) lines.push(bodyIndent + reindent(textWithComments(s, sourceCode), indentOf(s, sourceCode), bodyIndent));
    lines.push(`${bodyIndent}throw ${plan.errorName ?? 'error'};`);
    lines.push(`${inner}}`);
  } else {
    lines.push(inner + reindent(tryText, tryIndent, inner));
  }
  lines.push(`${indent}}, {`);
  lines.push(`${inner}maxAttempts: ${plan.maxAttempts},`);
  for (const key of ['baseMs', 'factor', 'capMs'] as const) {
    const value = plan.delay[key];
    if (value !== undefined) lines.push(`${inner}${key}: ${value},`);
  }
  const e = plan.errorName ?? 'error';
  // `catch (err: any)`: the classifier reads the error as the catch typed it (retry() types it unknown).
  lines.push(plan.classifier ? `${inner}shouldRetry: (${e}${caughtType}) => ${negated(plan.classifier, sourceCode)},` : `${inner}shouldRetry: () => true,`);
  const hooked = plan.failureInHooks ? plan.everyFailure : [];
  if (hooked.length + plan.betweenAttempts.length > 0) lines.push(...hook(plan, 'onRetry', [...hooked, ...plan.betweenAttempts], inner, ctx));
  if (hooked.length > 0) lines.push(...hook(plan, 'onGiveUp', hooked, inner, ctx));
  lines.push(`${inner}rejectWith: 'last-error',`);
  if (plan.finalThrow) {
    const name = plan.lastErrorName ?? '';
    lines.push(`${indent}}).catch((${name}) => {`);
    lines.push(`${inner}${sourceCode.getText(plan.finalThrow)}`);
    lines.push(`${indent}});`);
  } else if (plan.swallowsLastError) {
    lines.push(`${indent}}).catch(() => undefined);`);
  } else {
    lines.push(`${indent}});`);
  }
  return lines.join('\n');
}

/**
 * `onRetry: ({ attempt: n, error: err }) => { … },` — the statements with the names they
 * read bound to the event's fields: onRetry's `attempt` is the failed attempt's number, as
 * onGiveUp's `attempts` is; only onRetry knows the wait.
 */
function hook(plan: Plan, name: 'onRetry' | 'onGiveUp', statements: Statement[], inner: string, ctx: RewriteContext): string[] {
  const { sourceCode } = ctx;
  const unit = '  ';
  const lines: string[] = [];
  const fields: string[] = [];
  const count = name === 'onRetry' ? 'attempt' : 'attempts';
  const counter = plan.counter && statements.some((s) => mentions(s, (plan.counter as { name: string }).name, sourceCode)) ? plan.counter : undefined;
  if (counter) {
    const { name: n, offsetAfterIncrement } = counter;
    fields.push(offsetAfterIncrement === 0 ? (n === count ? n : `${count}: ${n}`) : `${count}: failedAttempt`);
  }
  if (plan.readsWait && name === 'onRetry') fields.push(plan.readsWait === 'delayMs' ? 'delayMs' : `delayMs: ${plan.readsWait}`);
  if (plan.errorName && statements.some((s) => mentions(s, plan.errorName as string, sourceCode))) fields.push(plan.errorName === 'error' ? 'error' : `error: ${plan.errorName}`);
  lines.push(`${inner}${name}: (${fields.length > 0 ? `{ ${fields.join(', ')} }` : ''}) => {`);
  if (counter && counter.offsetAfterIncrement !== 0) {
    const k = counter.offsetAfterIncrement;
    lines.push(`${inner}${unit}const ${counter.name} = failedAttempt ${k > 0 ? '+' : '-'} ${Math.abs(k)};`);
  }
  for (const s of statements) lines.push(inner + unit + reindent(textWithComments(s, sourceCode), indentOf(s, sourceCode), inner + unit));
  lines.push(`${inner}},`);
  return lines;
}

/** `!(cond)`, or `x` for `!x`: the errors the loop goes round for. */
function negated(condition: TSESTree.Expression, sourceCode: SourceCode): string {
  if (condition.type === 'UnaryExpression' && condition.operator === '!') return sourceCode.getText(condition.argument);
  return `!(${sourceCode.getText(condition)})`;
}

/** The statements of a block, comments included, without its braces. */
function innerText(block: TSESTree.BlockStatement, sourceCode: SourceCode): string {
  const first = sourceCode.getFirstToken(block);
  const last = sourceCode.getLastToken(block);
  const text = sourceCode.text.slice((first?.range[1] ?? block.range[0] + 1), last?.range[0] ?? block.range[1] - 1);
  return text.replace(/^\s*\n/, '').replace(/\s+$/, '').replace(/^[ \t]+/, '');
}

/** A statement with the comments on the lines right before it. */
export function textWithComments(statement: Node, sourceCode: SourceCode): string {
  const comments = sourceCode.getCommentsBefore(statement);
  if (comments.length === 0) return sourceCode.getText(statement);
  const first = comments[0] as TSESTree.Comment;
  return sourceCode.text.slice(first.range[0], statement.range[1]);
}

/** Moves the lines after the first from one indentation to another. */
export function reindent(text: string, from: string, to: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 ? line : line.startsWith(from) ? to + line.slice(from.length) : line))
    .join('\n');
}
