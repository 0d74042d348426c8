import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { ensureNamedImport, isCommonJs } from './imports.js';
import { APPLICATION_EDITED, applicationEdit } from './application-edits.js';
import { CATALOG_EDITED, catalogEdit } from './catalog-edits.js';
import { defaultEdit } from './default-edits.js';
import { GENERIC_LIBRARIES, genericJitterEdit } from './generic-edits.js';
import { PROPERTY_LIBRARIES, propertyEdit } from './property-edits.js';
import { option, optionsAt, removeLiteralOption, stops, type LibraryEditContext } from './option-edit.js';
import { findProperty, isTypeScriptFile, jittered, removeProperty, setProperty } from './text.js';
import type { Fix, Fixer, SourceCode, Suggestion } from './types.js';

/** What a rule asks of a library site: jitter (no-fixed-sleep-retry, require-jitter) or a bound. */
export type LibraryProblem = 'jitter' | 'bound';

/** The catalog libraries this module has option edits for. */
export const EDITED_LIBRARIES: ReadonlySet<string> = new Set(['p-retry', 'promise-retry', 'async-retry', 'retry', 'exponential-backoff', 'cockatiel', 'rxjs', 'axios-retry', 'got', 'ky', '@retry-hygiene/retry', ...CATALOG_EDITED, ...APPLICATION_EDITED, ...PROPERTY_LIBRARIES, ...GENERIC_LIBRARIES]);

export type { LibraryEditContext } from './option-edit.js';

type Call = TSESTree.CallExpression;

/** A helper the settings declare: its jitter switch on, or its attempt (or retry) count set. */
function declaredEdit(call: Call, edits: NonNullable<RetrySite['declared']>['edits'], problem: LibraryProblem, ctx: LibraryEditContext): Suggestion | undefined {
  if (problem === 'jitter') return edits.jitter ? option(call, edits.options, edits.jitter, 'true', `Set \`${edits.jitter}: true\``, ctx) : undefined;
  if (edits.attempts) return option(call, edits.options, edits.attempts, String(ctx.bound), stops(ctx.bound, `${edits.attempts}: ${ctx.bound}`), ctx);
  if (edits.retries) return option(call, edits.options, edits.retries, String(ctx.bound - 1), stops(ctx.bound, `${edits.retries}: ${ctx.bound - 1}`), ctx);
  return undefined;
}

/**
 * The option edit that fixes a library site, in the library's own terms (DESIGN.md's catalog).
 * Only options written as an object literal at the call (or no options at all) are edited:
 * an options object held in a variable may be shared with other calls.
 */
export function libraryEdit(site: RetrySite, problem: LibraryProblem, ctx: LibraryEditContext): Suggestion | undefined {
  if (site.kind !== 'library') return undefined;
  if (site.library !== undefined && PROPERTY_LIBRARIES.has(site.library)) return propertyEdit(site, problem, ctx);
  if (site.library !== undefined && CATALOG_EDITED.has(site.library)) return catalogEdit(site, problem, ctx);
  if (site.library !== undefined && APPLICATION_EDITED.has(site.library)) return applicationEdit(site, problem, ctx);
  if (site.library !== undefined && GENERIC_LIBRARIES.has(site.library)) return problem === 'jitter' ? genericJitterEdit(site, ctx.sourceCode, ctx) : undefined;
  // A ky client made with no `retry` option (`ky.create({ prefixUrl })`), reported on the call.
  if (site.library === 'ky' && site.loc === site.node.loc && site.fromLibraryDefault.attempts) return defaultEdit(site, problem, ctx);
  if (site.node.type !== 'CallExpression') return undefined;
  const call = site.node;
  if (site.declared) return declaredEdit(call, site.declared.edits, problem, ctx);
  switch (site.library) {
    case 'p-retry':
    case 'promise-retry':
    case 'async-retry':
      return problem === 'jitter' ? randomize(call, 1, site.library, ctx) : retriesBound(call, 1, ctx);
    case 'retry':
      return problem === 'jitter' ? randomize(call, 0, 'retry', ctx) : retriesBound(call, 0, ctx);
    case 'exponential-backoff':
      return problem === 'jitter' ? option(call, 1, 'jitter', "'full'", "Set `jitter: 'full'`", ctx) : option(call, 1, 'numOfAttempts', String(ctx.bound), stops(ctx.bound, `numOfAttempts: ${ctx.bound}`), ctx);
    case 'cockatiel':
      return problem === 'jitter' ? cockatielJitter(call, site, ctx) : option(call, 1, 'maxAttempts', String(ctx.bound - 1), stops(ctx.bound, `maxAttempts: ${ctx.bound - 1}`), ctx);
    case 'rxjs':
      return rxjs(call, site, ctx);
    case 'axios-retry':
      return problem === 'jitter' ? axiosJitter(call, ctx) : option(call, 1, 'retries', String(ctx.bound - 1), stops(ctx.bound, `retries: ${ctx.bound - 1}`), ctx);
    case 'ky':
    case 'got':
      return httpClient(call, site, problem, ctx);
    case '@retry-hygiene/retry':
      // Full jitter is retry()'s default.
      return problem === 'jitter' ? removeLiteralOption(call, 1, 'jitter', 'none', "Remove `jitter: 'none'` (retry() adds full jitter by default)", ctx) : undefined;
    default:
      return undefined;
  }
}

/** p-retry and `retry` default to no jitter; async-retry randomizes unless told not to. */
function randomize(call: Call, index: number, library: string, ctx: LibraryEditContext): Suggestion | undefined {
  const options = optionsAt(call, index);
  if (library === 'async-retry' && options) {
    const off = findProperty(options, 'randomize');
    if (off) return { messageId: 'libraryEdit', data: { edit: 'Remove `randomize: false` (async-retry randomizes by default)' }, fix: (fixer) => removeProperty(fixer, ctx.sourceCode, options, off) };
  }
  return option(call, index, 'randomize', 'true', 'Set `randomize: true`', ctx);
}

/** `retries: Infinity` or `forever: true` become a number of retries (the attempts less the first). */
function retriesBound(call: Call, index: number, ctx: LibraryEditContext): Suggestion | undefined {
  const options = optionsAt(call, index);
  if (!options) return undefined;
  const retries = ctx.bound - 1;
  const forever = findProperty(options, 'forever');
  return {
    messageId: 'libraryEdit',
    data: { edit: stops(ctx.bound, `retries: ${retries}`) },
    fix: (fixer) => {
      if (!forever) return setProperty(fixer, ctx.sourceCode, options, 'retries', String(retries));
      const existing = findProperty(options, 'retries');
      // `forever` is replaced in place by the bound (or dropped when `retries` is already there).
      if (existing) return [removeProperty(fixer, ctx.sourceCode, options, forever), fixer.replaceText(existing.value, String(retries))];
      return fixer.replaceText(forever, `retries: ${retries}`);
    },
  };
}

/** `generator: noJitterGenerator` dropped (cockatiel's default is decorrelated jitter), or a constant backoff made exponential. */
function cockatielJitter(call: Call, site: RetrySite, ctx: LibraryEditContext): Suggestion | undefined {
  const options = optionsAt(call, 1);
  if (options === undefined) return undefined;
  const backoff = options && findProperty(options, 'backoff');
  const created = backoff?.value.type === 'NewExpression' && backoff.value.callee.type === 'Identifier' ? backoff.value : undefined;
  if (created && created.callee.type === 'Identifier' && created.callee.name === 'ExponentialBackoff') {
    const settings = created.arguments[0];
    const generator = settings?.type === 'ObjectExpression' ? findProperty(settings, 'generator') : undefined;
    if (!generator || settings?.type !== 'ObjectExpression') return undefined;
    return {
      messageId: 'libraryEdit',
      data: { edit: `Remove \`generator: ${ctx.sourceCode.getText(generator.value)}\` (cockatiel's default adds decorrelated jitter)` },
      fix: (fixer) => removeProperty(fixer, ctx.sourceCode, settings, generator),
    };
  }
  // ConstantBackoff(ms), or no backoff (cockatiel retries at once): exponential with its default jitter.
  const constant = created && created.callee.type === 'Identifier' && created.callee.name === 'ConstantBackoff' ? created : undefined;
  if (backoff && !constant) return undefined;
  const first = constant?.arguments[0];
  const initial = first && site.policy.delay.baseMs !== undefined ? `{ initialDelay: ${ctx.sourceCode.getText(first)} }` : '';
  const importIt = ensureNamedImport(ctx.sourceCode, 'cockatiel', 'ExponentialBackoff', isCommonJs(ctx.sourceCode, ctx.filename));
  if (!importIt) return undefined;
  const replacement = `new ExponentialBackoff(${initial})`;
  return {
    messageId: 'libraryEdit',
    data: { edit: `Back off with \`${replacement}\` (exponential, decorrelated jitter)` },
    fix: (fixer) => [
      ...importIt(fixer),
      constant ? fixer.replaceText(constant, replacement) : options ? setProperty(fixer, ctx.sourceCode, options, 'backoff', replacement) : fixer.insertTextAfter(call.arguments[0] as TSESTree.Node, `, { backoff: ${replacement} }`),
    ],
  };
}

/** A jittered exponential delay (100 ms doubling, 20 s cap: retry()'s defaults); typed in TypeScript files. */
function rxjsDefaultDelay(typescript: boolean): string {
  const params = typescript ? '_error: unknown, retryCount: number' : '_error, retryCount';
  return `(${params}) => timer(Math.random() * Math.min(20_000, 100 * 2 ** retryCount))`;
}

/**
 * rxjs `retry(n)`, `retry()`, `retry({ count, delay })`: one `retry({ count, delay })` whose
 * delay is a `timer` of a random time — the count kept (or bounded when there was none),
 * a delay the code gave wrapped in full jitter, immediate resubscription given a backoff.
 */
function rxjs(call: Call, site: RetrySite, ctx: LibraryEditContext): Suggestion | undefined {
  const { sourceCode } = ctx;
  const typescript = isTypeScriptFile(ctx.filename);
  const callee = call.callee.type === 'Identifier' ? call.callee.name : undefined;
  if (callee === 'retryWhen') return rxjsRetryWhen(call, ctx);
  const arg = call.arguments[0];
  let count: string | undefined;
  let delay: string | undefined;
  let delayEdits: ((fixer: Fixer) => Fix[]) | undefined;
  let options: TSESTree.ObjectExpression | undefined;
  if (arg === undefined) count = undefined;
  else if (arg.type === 'ObjectExpression') {
    options = arg;
    const countProperty = findProperty(arg, 'count');
    if (countProperty) count = sourceCode.getText(countProperty.value);
    const delayProperty = findProperty(arg, 'delay');
    if (delayProperty) {
      const value = delayProperty.value;
      if (value.type === 'ArrowFunctionExpression' || value.type === 'FunctionExpression') {
        const timers = timerCalls(value, sourceCode);
        if (timers.length === 0) return undefined;
        delayEdits = (fixer) => timers.map((t) => fixer.replaceText(t, jittered(t, sourceCode)));
      } else {
        delay = `() => timer(${jittered(value, sourceCode)})`;
      }
    }
  } else if (arg.type !== 'SpreadElement' && site.policy.maxAttempts !== 'unknown') count = sourceCode.getText(arg);
  else return undefined;
  const bounded = count === undefined || site.policy.maxAttempts === 'unbounded';
  const countText = bounded ? String(ctx.bound - 1) : (count as string);
  const importTimer = ensureNamedImport(sourceCode, 'rxjs', 'timer', isCommonJs(sourceCode, ctx.filename));
  if (!importTimer) return undefined;
  const edit = `Retry with \`{ count: ${countText}, delay }\` and full jitter${bounded ? ` (stops after ${ctx.bound} attempts)` : ''}`;
  return {
    messageId: 'libraryEdit',
    data: { edit },
    fix: (fixer) => {
      const fixes: Fix[] = [...importTimer(fixer)];
      if (options) {
        if (bounded) fixes.push(setProperty(fixer, sourceCode, options, 'count', countText));
        if (delayEdits) fixes.push(...delayEdits(fixer));
        else fixes.push(setProperty(fixer, sourceCode, options, 'delay', delay ?? rxjsDefaultDelay(typescript)));
      } else {
        const replacement = `{ count: ${countText}, delay: ${rxjsDefaultDelay(typescript)} }`;
        fixes.push(arg ? fixer.replaceText(arg, replacement) : fixer.insertTextAfterRange([call.range[1] - 1, call.range[1] - 1], replacement));
      }
      return fixes;
    },
  };
}

/** The arguments of `timer(…)` calls inside a delay function: the waits to jitter. */
function timerCalls(fn: TSESTree.Node, sourceCode: SourceCode): TSESTree.Node[] {
  const found: TSESTree.Node[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'timer' && node.arguments.length === 1 && node.arguments[0]?.type !== 'SpreadElement') {
      found.push(node.arguments[0] as TSESTree.Node);
    }
    for (const key of sourceCode.visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const c of Array.isArray(child) ? child : [child]) if (c && typeof (c as TSESTree.Node).type === 'string') visit(c as TSESTree.Node);
    }
  };
  visit(fn);
  return found;
}

/** `retryWhen((errors) => errors.pipe(delay(ms)))` → `retry({ count, delay: () => timer(Math.random() * ms) })`. */
function rxjsRetryWhen(call: Call, ctx: LibraryEditContext): Suggestion | undefined {
  const { sourceCode } = ctx;
  const notifier = call.arguments[0];
  if (notifier?.type !== 'ArrowFunctionExpression' || notifier.params.length !== 1 || notifier.params[0]?.type !== 'Identifier') return undefined;
  const errors = notifier.params[0].name;
  const body = notifier.body;
  // Exactly `errors.pipe(delay(ms))`: anything more (take, a classifier) changes what retry({…}) would do.
  if (body.type !== 'CallExpression' || body.callee.type !== 'MemberExpression' || body.callee.object.type !== 'Identifier' || body.callee.object.name !== errors) return undefined;
  if (body.callee.property.type !== 'Identifier' || body.callee.property.name !== 'pipe' || body.arguments.length !== 1) return undefined;
  const step = body.arguments[0];
  if (step?.type !== 'CallExpression' || step.callee.type !== 'Identifier' || step.callee.name !== 'delay' || step.arguments.length !== 1) return undefined;
  const ms = step.arguments[0] as TSESTree.Node;
  const commonJs = isCommonJs(sourceCode, ctx.filename);
  const importTimer = ensureNamedImport(sourceCode, 'rxjs', 'timer', commonJs);
  const importRetry = retryOperatorImport(sourceCode, commonJs);
  if (!importTimer || !importRetry) return undefined;
  const replacement = `retry({ count: ${ctx.bound - 1}, delay: () => timer(${jittered(ms, sourceCode)}) })`;
  return {
    messageId: 'libraryEdit',
    data: { edit: `Use \`retry({ count: ${ctx.bound - 1}, delay })\` with full jitter (stops after ${ctx.bound} attempts)` },
    fix: (fixer) => [...importTimer(fixer), ...importRetry(fixer), fixer.replaceText(call, replacement)],
  };
}

/** rxjs's `retry` operator, from wherever the file already takes its operators. */
function retryOperatorImport(sourceCode: SourceCode, commonJs: boolean) {
  const fromOperators = sourceCode.ast.body.some((s) => s.type === 'ImportDeclaration' && s.source.value === 'rxjs/operators');
  return ensureNamedImport(sourceCode, fromOperators ? 'rxjs/operators' : 'rxjs', 'retry', commonJs) ?? ensureNamedImport(sourceCode, 'rxjs', 'retry', commonJs);
}

/** axios-retry: no `retryDelay` retries at once → its `exponentialDelay` (jittered); a delay function → its result jittered. */
function axiosJitter(call: Call, ctx: LibraryEditContext): Suggestion | undefined {
  const options = optionsAt(call, 1);
  if (!options) return undefined;
  const delay = findProperty(options, 'retryDelay');
  if (!delay) {
    if (call.callee.type !== 'Identifier') return undefined;
    const value = `${call.callee.name}.exponentialDelay`;
    return { messageId: 'libraryEdit', data: { edit: `Set \`retryDelay: ${value}\` (exponential with jitter)` }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, options, 'retryDelay', value) };
  }
  const fn = delay.value;
  if (fn.type !== 'ArrowFunctionExpression' || fn.body.type === 'BlockStatement') return undefined;
  const body = fn.body;
  return {
    messageId: 'libraryEdit',
    data: { edit: 'Wait a random time up to the `retryDelay` result (full jitter)' },
    fix: (fixer) => fixer.replaceText(body, jittered(body, ctx.sourceCode)),
  };
}

/** ky's `retry` option gets `jitter: true`; got's and ky's `limit: Infinity` a number. */
function httpClient(call: Call, site: RetrySite, problem: LibraryProblem, ctx: LibraryEditContext): Suggestion | undefined {
  const start = ctx.sourceCode.getIndexFromLoc(site.loc.start);
  let property: TSESTree.Property | undefined;
  for (const arg of call.arguments) {
    if (arg.type !== 'ObjectExpression') continue;
    const p = findProperty(arg, 'retry');
    if (p && p.range[0] === start) property = p;
  }
  if (!property) return undefined;
  const value = property.value;
  const limit = ctx.bound - 1;
  if (problem === 'bound') {
    // A `calculateDelay` that decides every retry ignores `limit` (got's `enforceRetryRules` aside).
    if (value.type === 'ObjectExpression' && findProperty(value, 'calculateDelay')) return undefined;
    if (value.type !== 'ObjectExpression') return { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, `retry: ${limit}`) }, fix: (fixer) => fixer.replaceText(value, String(limit)) };
    return { messageId: 'libraryEdit', data: { edit: stops(ctx.bound, `limit: ${limit}`) }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, value, 'limit', String(limit)) };
  }
  if (site.library === 'got') {
    // got@14.6.6 adds `random × noise` (100 ms by default) to each wait: `noise: 0` took it away.
    const noise = value.type === 'ObjectExpression' ? findProperty(value, 'noise') : undefined;
    if (value.type !== 'ObjectExpression' || !noise || findProperty(value, 'calculateDelay')) return undefined;
    return { messageId: 'libraryEdit', data: { edit: 'Remove `noise` (got adds up to 100 ms at random to each wait by default)' }, fix: (fixer) => removeProperty(fixer, ctx.sourceCode, value, noise) };
  }
  if (site.library !== 'ky') return undefined;
  if (value.type === 'ObjectExpression') return { messageId: 'libraryEdit', data: { edit: 'Set `jitter: true` in the retry options' }, fix: (fixer) => setProperty(fixer, ctx.sourceCode, value, 'jitter', 'true') };
  return {
    messageId: 'libraryEdit',
    data: { edit: 'Set `jitter: true` in the retry options' },
    fix: (fixer) => fixer.replaceText(value, `{ limit: ${ctx.sourceCode.getText(value)}, jitter: true }`),
  };
}
