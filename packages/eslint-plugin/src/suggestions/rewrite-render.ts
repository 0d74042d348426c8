import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { startWithComments } from './rewrite-checked.js';
import { lineRange, reindent, retryImport, type RewriteContext } from './rewrite-loop.js';
import { indentOf } from './text.js';
import type { Fix, Fixer, Node, SourceCode, Suggestion } from './types.js';

/**
 * A site's plan for one bound, made once: every rule reporting the site asks, with the bound of
 * its own options (a plan that adds a bound differs by it).
 */
export function planForBound<P>(cache: WeakMap<RetrySite, Map<number, P | null>>, site: RetrySite, bound: number, plan: () => P | undefined): P | undefined {
  let byBound = cache.get(site);
  if (!byBound) {
    byBound = new Map();
    cache.set(site, byBound);
  }
  let found = byBound.get(bound);
  if (found === undefined) {
    found = plan() ?? null;
    byBound.set(bound, found);
  }
  return found ?? undefined;
}

/** What a loop rewrite replaces: the loop up to `end`, and the declarations it removes. */
export interface LoopPlan {
  loop: Node;
  end: number;
  removed: readonly Node[];
  /** The rendered replacement, once asked for. */
  text?: string;
}

/**
 * The 'Rewrite with retry()' suggestion of a loop rewrite: one plan per site (the analysis
 * caches sites by AST, and every rule reporting the loop asks), rendered once, replacing the
 * loop up to the plan's end and removing its declarations.
 */
export function loopRewrite<P extends LoopPlan>(
  site: RetrySite,
  ctx: RewriteContext,
  cache: WeakMap<RetrySite, P | null>,
  plan: (site: RetrySite, ctx: RewriteContext) => P | undefined,
  render: (plan: P, sourceCode: SourceCode) => string,
): Suggestion | undefined {
  let found = cache.get(site);
  if (found === undefined) {
    found = plan(site, ctx) ?? null;
    cache.set(site, found);
  }
  if (!found) return undefined;
  const chosen = found;
  return rewriteSuggestion(ctx, [chosen.loop.range[0], chosen.end], () => (chosen.text ??= render(chosen, ctx.sourceCode)), chosen.removed, '');
}

/**
 * The 'Rewrite with retry()' suggestion itself: the import of retry(), the replaced range and
 * the declarations the rewrite no longer needs. The text is rendered only once an import can be
 * added (a file whose `retry` name is taken gets no rewrite).
 */
export function rewriteSuggestion(ctx: RewriteContext, range: [number, number], text: () => string, removed: readonly Node[], bound: string): Suggestion | undefined {
  const importRetry = retryImport(ctx);
  if (!importRetry) return undefined;
  const replacement = text();
  return {
    messageId: 'rewrite',
    data: { bound },
    fix: (fixer: Fixer) => {
      const fixes: Fix[] = [...importRetry(fixer), fixer.replaceTextRange(range, replacement)];
      for (const declaration of removed) fixes.push(fixer.removeRange(lineRange(declaration, ctx.sourceCode)));
      return fixes;
    },
  };
}

/**
 * The lines of an attempt made of a `try` block: its statements, or, when side effects ran
 * after every failure, the block in a `try` whose catch keeps them and rethrows (so retry()
 * still sees the error).
 */
export function triedAttempt(block: TSESTree.BlockStatement, effects: readonly TSESTree.Statement[], errorName: string, inner: string, sourceCode: SourceCode): string[] {
  const text = sourceCode.text;
  const first = block.body[0];
  const from = first ? indentOf(first, sourceCode) : inner;
  const tried = text.slice(block.range[0] + 1, block.range[1] - 1).replace(/^\s*\n/, '').replace(/\s+$/, '').replace(/^[ \t]+/, '');
  if (effects.length === 0) return [inner + reindent(tried, from, inner)];
  const deeper = `${inner}  `;
  const lines = [`${inner}try {`, deeper + reindent(tried, from, deeper), `${inner}} catch (${errorName}) {`];
  for (const s of effects) lines.push(deeper + reindent(text.slice(startWithComments(s, sourceCode), s.range[1]), indentOf(s, sourceCode), deeper));
  lines.push(`${deeper}throw ${errorName};`, `${inner}}`);
  return lines;
}

/** `baseMs: …,`, `factor: …,`, `capMs: …,` for the options the rewrite sets. */
export function delayLines(delay: { baseMs?: string; factor?: string; capMs?: string }, inner: string): string[] {
  const lines: string[] = [];
  for (const key of ['baseMs', 'factor', 'capMs'] as const) {
    const value = delay[key];
    if (value !== undefined) lines.push(`${inner}${key}: ${value},`);
  }
  return lines;
}
