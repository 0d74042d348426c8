import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { counterStart, ms, plainRetryOf, retryImport, type RewriteContext } from './rewrite-loop.js';
import { resolveVariable } from './rewrite-scope.js';
import { indentOf } from './text.js';
import type { Fixer, Node, SourceCode, Suggestion } from './types.js';

/**
 * The call of a project helper from another module (`withRetries(op)`, `retrier.run(op)`)
 * rewritten to retry() at the call: the helper's wait is fixed in its own file, which an
 * ESLint suggestion cannot edit, but this call can stop using it.
 *
 * Only a helper whose loop retries its function parameter and nothing else (plainRetryOf:
 * `return await operation()`, every error retried, the last one rethrown, no code between
 * attempts but the wait), with the attempts and waits this call gives it known as numbers.
 * Then `retry(op, …)` returns and throws what the helper did, after as many calls.
 */
export function rewriteHelperCall(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  const helper = site.helper;
  const call = site.node;
  if (!helper || site.kind !== 'library' || call.type !== 'CallExpression' || site.abortAware || site.deadlineBound) return undefined;
  const helperCtx: RewriteContext = { ...ctx, sourceCode: helper.sourceCode as unknown as SourceCode, filename: helper.file };
  const plain = plainRetryOf(helper.site, helperCtx);
  if (!plain) return undefined;
  // The called name, resolved in the helper's scopes, must be one of its own parameters.
  const called = resolveVariable(plain.callee, helperCtx.sourceCode);
  // `operation = wrap(operation)` in the helper would retry something else than what it was given.
  if (!called || called.references.some((r) => r.isWrite() && !r.init)) return undefined;
  const index = helper.fn.params.findIndex((p) => {
    const name = p.type === 'AssignmentPattern' ? p.left : p;
    return name.type === 'Identifier' && called.identifiers.includes(name);
  });
  const operation = index >= 0 ? call.arguments[index] : undefined;
  if (!operation || operation.type === 'SpreadElement') return undefined;
  const attempts = site.policy.maxAttempts;
  if (attempts === 'unknown') return undefined;
  const addsBound = attempts === 'unbounded';
  const delay = delayOptions(site, plain.loop);
  if (!delay) return undefined;
  const importRetry = retryImport(ctx);
  if (!importRetry) return undefined;
  const { sourceCode } = ctx;
  // retry() hands each call an { attempt, signal }; the helper called the operation with none.
  const fn = (operation.type === 'ArrowFunctionExpression' || operation.type === 'FunctionExpression') && operation.params.length === 0;
  if (!fn && !(operation.type === 'Identifier' && writtenOnce(operation, sourceCode))) return undefined;
  const opText = fn ? sourceCode.getText(operation) : `() => ${sourceCode.getText(operation)}()`;
  const indent = indentOf(call as Node, sourceCode);
  const inner = `${indent}  `;
  const lines = [`retry(${opText}, {`, `${inner}maxAttempts: ${addsBound ? ctx.bound : attempts},`, ...delay.map((d) => `${inner}${d},`), `${inner}shouldRetry: () => true,`, `${inner}rejectWith: 'last-error',`, `${indent}})`];
  const text = lines.join('\n');
  return {
    messageId: 'rewrite',
    data: { bound: addsBound ? ` (stops after ${ctx.bound} attempts)` : '' },
    fix: (fixer: Fixer) => [...importRetry(fixer), fixer.replaceTextRange(call.range, text)],
  };
}

/** retry()'s delay options for the waits this call gives the helper; none when not known. */
function delayOptions(site: RetrySite, loop: Node): string[] | undefined {
  const { kind, baseMs, factor, capMs } = site.policy.delay;
  // An immediate retry gets retry()'s own backoff.
  if (kind === 'none') return [];
  if (kind === 'constant' && baseMs !== undefined) return [`baseMs: ${ms(baseMs)}`, 'factor: 1', `capMs: ${ms(baseMs)}`];
  if (kind === 'exponential' && baseMs !== undefined && factor !== undefined) {
    // The first wait is base × factor^start: a counter that starts at 1 waits base × factor first.
    const start = counterStart(loop);
    if (start === undefined) return undefined;
    const first = baseMs * factor ** start;
    const options = [`baseMs: ${ms(first)}`];
    if (factor !== 2) options.push(`factor: ${factor}`);
    if (capMs !== undefined) options.push(`capMs: ${ms(capMs)}`);
    return options;
  }
  return undefined;
}

/**
 * The helper was handed the function the name held at the call; `() => name()` reads it at each
 * attempt, the same function only if the name is never assigned again.
 */
function writtenOnce(identifier: TSESTree.Identifier, sourceCode: SourceCode): boolean {
  const variable = resolveVariable(identifier, sourceCode);
  return variable !== undefined && variable.defs.length === 1 && variable.references.filter((r) => r.isWrite()).length <= 1;
}
