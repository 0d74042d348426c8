import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { declaresHoisted, ERROR, isAwaitOf, MARKER, startWithComments } from './rewrite-checked.js';
import { delayOptions, enclosingFunction, jumpsOut, reindent, retryImport, type RewriteContext } from './rewrite-loop.js';
import { nameTaken, resolveVariable } from './rewrite-scope.js';
import { indentOf, within } from './text.js';
import type { Fix, Fixer, Suggestion } from './types.js';

/**
 * A loop that goes round until a flag its attempt sets is true, waiting only while it is not:
 *
 *     let acquired = false;
 *     while (!acquired) {
 *       acquired = await tryAcquire();                 // any code that sets the flag
 *       if (!acquired) await sleep(d);                 // the wait, last, on the loop's own test
 *     }
 *     return token;                                    // stays after the rewrite
 *
 * The wait becomes `throw tryAgain` (the only error retried); once the flag is set the attempt
 * returns and the code after the loop runs as before. The loop never gave up: the rewrite
 * stops after the bound (the title says so) and rejects with the marker, whose message names
 * the flag. Refused: a flag declared elsewhere or not `let … = false`, any other wait, a
 * `break`/`continue`, `var` in the body.
 */
export function rewriteFlagLoop(site: RetrySite, ctx: RewriteContext): Suggestion | undefined {
  if (site.kind !== 'loop' || site.abortAware || site.deadlineBound || !site.sleep) return undefined;
  const byBound = planCache.get(site) ?? new Map<number, FlagPlan | null>();
  planCache.set(site, byBound);
  let plan = byBound.get(ctx.bound);
  if (plan === undefined) {
    plan = planFlag(site, ctx) ?? null;
    byBound.set(ctx.bound, plan);
  }
  if (!plan) return undefined;
  const importRetry = retryImport(ctx);
  if (!importRetry) return undefined;
  const found = plan;
  found.text ??= render(found, ctx);
  const text = found.text;
  return {
    messageId: 'rewrite',
    data: { bound: ` (stops after ${ctx.bound} attempts)` },
    fix: (fixer: Fixer) => [...importRetry(fixer), fixer.replaceTextRange(found.loop.range, text)] as Fix[],
  };
}

const planCache = new WeakMap<RetrySite, Map<number, FlagPlan | null>>();

interface FlagPlan {
  loop: TSESTree.WhileStatement;
  flag: string;
  /** The body from its first statement up to the waiting `if`'s consequent, which becomes the throw. */
  slice: [number, number];
  wait: TSESTree.Statement;
  bodyIndent: string;
  delay: { baseMs?: string; factor?: string; capMs?: string };
  text?: string;
}

function planFlag(site: RetrySite, ctx: RewriteContext): FlagPlan | undefined {
  const { sourceCode } = ctx;
  const loop = site.node;
  const sleep = site.sleep;
  if (loop.type !== 'WhileStatement' || loop.body.type !== 'BlockStatement' || !sleep) return undefined;
  const fn = enclosingFunction(loop);
  if (!fn?.async || fn.generator || fn.body?.type !== 'BlockStatement' || loop.parent !== fn.body) return undefined;
  const test = loop.test;
  if (test.type !== 'UnaryExpression' || test.operator !== '!' || test.argument.type !== 'Identifier') return undefined;
  const flag = test.argument;
  const variable = resolveVariable(flag, sourceCode);
  const def = variable?.defs[0];
  if (!variable || variable.defs.length !== 1 || def?.type !== 'Variable' || def.parent.type !== 'VariableDeclaration') return undefined;
  // `let flag = false` in the function's body, before the loop: the loop runs at least once.
  const init = def.node.init;
  if (def.parent.kind !== 'let' || def.parent.parent !== fn.body || def.parent.range[1] > loop.range[0] || init?.type !== 'Literal' || init.value !== false) return undefined;
  // Set only by the loop's body (not between the declaration and the loop, not after it).
  if (variable.references.some((ref) => ref.isWrite() && !ref.init && !within(ref.identifier, loop.body))) return undefined;

  const body = loop.body.body;
  const last = body[body.length - 1];
  const first = body[0];
  if (!first || !last || last === first || last.type !== 'IfStatement' || last.alternate) return undefined;
  // The wait on the loop's own test: it waits exactly when another attempt follows.
  const sameTest = last.test.type === 'UnaryExpression' && last.test.operator === '!' && last.test.argument.type === 'Identifier' && resolveVariable(last.test.argument, sourceCode) === variable;
  const wait = last.consequent.type === 'BlockStatement' && last.consequent.body.length === 1 ? last.consequent.body[0] : last.consequent;
  if (!sameTest || !wait || !isAwaitOf(wait, sleep)) return undefined;
  const keys = sourceCode.visitorKeys;
  for (const statement of body.slice(0, -1)) {
    if (jumpsOut(statement, loop, keys) || declaresHoisted(statement, keys)) return undefined;
  }
  for (const name of ['retry', MARKER, ERROR]) {
    if (nameTaken(fn, loop, name, sourceCode)) return undefined;
  }
  const delay = delayOptions(site, sourceCode, loop, undefined);
  if (!delay) return undefined;
  return { loop, flag: flag.name, slice: [startWithComments(first, sourceCode), last.range[1]], wait: last.consequent, bodyIndent: indentOf(first, sourceCode), delay };
}

function render(plan: FlagPlan, ctx: RewriteContext): string {
  const { sourceCode } = ctx;
  const indent = indentOf(plan.loop, sourceCode);
  const inner = `${indent}  `;
  const text = sourceCode.text;
  const body = text.slice(plan.slice[0], plan.wait.range[0]) + `throw ${MARKER};` + text.slice(plan.wait.range[1], plan.slice[1]);
  const lines = [
    `const ${MARKER} = new Error('${plan.flag} still false after ${ctx.bound} attempts');`,
    `${indent}await retry(async () => {`,
    inner + reindent(body, plan.bodyIndent, inner),
    `${indent}}, {`,
    `${inner}maxAttempts: ${ctx.bound},`,
  ];
  for (const key of ['baseMs', 'factor', 'capMs'] as const) {
    const value = plan.delay[key];
    if (value !== undefined) lines.push(`${inner}${key}: ${value},`);
  }
  lines.push(`${inner}shouldRetry: (${ERROR}) => ${ERROR} === ${MARKER},`, `${inner}rejectWith: 'last-error',`, `${indent}});`);
  return lines.join('\n');
}

