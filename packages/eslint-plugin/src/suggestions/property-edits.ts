import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { defaultEdit } from './default-edits.js';
import { resolveVariable } from './rewrite-scope.js';
import { findProperty, isTypeScriptFile, jittered, removeProperty, setProperty } from './text.js';
import type { SourceCode, Suggestion } from './types.js';

/** What a rule asks of a library site (as in library-edits.ts). */
type Problem = 'jitter' | 'bound';

interface Context {
  sourceCode: SourceCode;
  filename: string;
  bound: number;
}

/** Libraries reported on one option of an options object, and edited there. */
export const PROPERTY_LIBRARIES: ReadonlySet<string> = new Set(['@tanstack/query', 'swr', 'graphql-ws', 'socket.io-client', 'ioredis', 'iovalkey', 'redis', '@apollo/client']);

/**
 * Option edits for the clients the catalog reads from an options object (react-query, SWR,
 * graphql-ws, socket.io, ioredis, node-redis, Apollo's RetryLink), each in the library's own
 * terms. Only literal objects written at the site are edited.
 */
export function propertyEdit(site: RetrySite, problem: Problem, ctx: Context): Suggestion | undefined {
  const { sourceCode } = ctx;
  const typescript = isTypeScriptFile(ctx.filename);
  if (site.library === '@apollo/client') return apolloJitter(site, problem, sourceCode);
  const reported = reportedProperty(site, sourceCode);
  const object = reported?.parent;
  // A default reported on the call itself (`io(url)`, `new QueryClient()`): no option is written to edit.
  if (!reported && site.loc === site.node.loc) return defaultEdit(site, problem, ctx);
  if (!reported || object?.type !== 'ObjectExpression') return undefined;
  const retries = ctx.bound - 1;
  const set = (name: string, value: string, edit: string): Suggestion => ({ messageId: 'libraryEdit', data: { edit }, fix: (fixer) => setProperty(fixer, sourceCode, object, name, value) });
  const stops = (edit: string) => `Stop after ${ctx.bound} attempts (\`${edit}\`)`;
  switch (site.library) {
    case '@tanstack/query': {
      if (problem === 'bound') return set('retry', String(retries), stops(`retry: ${retries}`));
      const delay = findProperty(object, 'retryDelay');
      const param = typescript ? '(attempt: number)' : '(attempt)';
      if (!delay) return set('retryDelay', `${param} => Math.random() * Math.min(1000 * 2 ** attempt, 30_000)`, "Set a jittered `retryDelay` (react-query's default backoff, full jitter)");
      const value = delay.value;
      if (value.type === 'ArrowFunctionExpression' && value.body.type !== 'BlockStatement') return jitterBody(value.body, sourceCode, 'Wait a random time up to the `retryDelay` result (full jitter)');
      if (value.type === 'ArrowFunctionExpression' || value.type === 'FunctionExpression') return undefined;
      return set('retryDelay', `() => ${jittered(value, sourceCode)}`, 'Wait a random time up to `retryDelay` (full jitter)');
    }
    case 'swr': {
      // Only swr's own onErrorRetry reads errorRetryCount: a custom one is edited in its own code.
      const custom = findProperty(object, 'onErrorRetry');
      if (custom) return problem === 'jitter' ? swrTimerJitter(custom.value, sourceCode) : swrRetryGuard(custom.value, ctx.bound, sourceCode);
      return problem === 'bound' ? set('errorRetryCount', String(retries), stops(`errorRetryCount: ${retries}`)) : undefined;
    }
    case 'graphql-ws': {
      if (problem === 'bound') return set('retryAttempts', String(retries), stops(`retryAttempts: ${retries}`));
      // A custom `retryWait` (graphql-ws's own default is randomised) that waits one setTimeout.
      const wait = findProperty(object, 'retryWait');
      const delay = wait ? setTimeoutDelay(wait.value, sourceCode) : undefined;
      return delay ? jitterBody(delay, sourceCode, "Wait a random time up to `retryWait`'s delay (full jitter)") : undefined;
    }
    case 'socket.io-client': {
      const factor = findProperty(object, 'randomizationFactor');
      if (problem !== 'jitter' || !factor || factor.value.type !== 'Literal' || factor.value.value !== 0) return undefined;
      return { messageId: 'libraryEdit', data: { edit: "Remove `randomizationFactor: 0` (socket.io's default randomizes the delay by 0.5)" }, fix: (fixer) => removeProperty(fixer, sourceCode, object, factor) };
    }
    case 'ioredis':
    case 'iovalkey':
      return ioredisStrategy(reported, problem, ctx.bound, sourceCode);
    case 'redis':
      return redisStrategy(reported, problem, ctx.bound, sourceCode, typescript);
    default:
      return undefined;
  }
}

/** The option the finding is reported on. */
function reportedProperty(site: RetrySite, sourceCode: SourceCode): TSESTree.Property | undefined {
  const start = sourceCode.getIndexFromLoc(site.loc.start);
  for (let n: TSESTree.Node | null | undefined = sourceCode.getNodeByRangeIndex(start); n; n = n.parent) {
    if (n.type === 'Property' && n.range[0] === start) return n;
    if (n.range[0] !== start) break;
  }
  return undefined;
}

/**
 * The delay of `async (…) => { await new Promise((resolve) => setTimeout(resolve, d)); }` — the
 * function's only statement, `setTimeout` the global one — or undefined for anything else.
 */
function setTimeoutDelay(value: TSESTree.Node, sourceCode: SourceCode): TSESTree.Expression | undefined {
  if ((value.type !== 'ArrowFunctionExpression' && value.type !== 'FunctionExpression') || value.body.type !== 'BlockStatement' || value.body.body.length !== 1) return undefined;
  const only = value.body.body[0];
  const promise = only?.type === 'ExpressionStatement' && only.expression.type === 'AwaitExpression' ? only.expression.argument : undefined;
  if (promise?.type !== 'NewExpression' || promise.callee.type !== 'Identifier' || promise.callee.name !== 'Promise' || promise.arguments.length !== 1) return undefined;
  const executor = promise.arguments[0];
  if (executor?.type !== 'ArrowFunctionExpression' || executor.params.length !== 1 || executor.params[0]?.type !== 'Identifier' || executor.body.type !== 'CallExpression') return undefined;
  const call = executor.body;
  const [callback, delay] = call.arguments;
  if (call.callee.type !== 'Identifier' || call.callee.name !== 'setTimeout' || call.arguments.length !== 2 || callback?.type !== 'Identifier' || callback.name !== executor.params[0].name) return undefined;
  // The global setTimeout (no binding of that name in the code) and the global Promise.
  if (isBound(call.callee, sourceCode) || isBound(promise.callee, sourceCode)) return undefined;
  return delay && delay.type !== 'SpreadElement' ? delay : undefined;
}

/** A custom SWR `onErrorRetry` written as a function with a block body. */
function blockFunction(value: TSESTree.Node): (TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression) & { body: TSESTree.BlockStatement } | undefined {
  if ((value.type !== 'ArrowFunctionExpression' && value.type !== 'FunctionExpression') || value.body.type !== 'BlockStatement') return undefined;
  return value as (TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression) & { body: TSESTree.BlockStatement };
}

/**
 * The wait of a custom SWR `onErrorRetry`: the one global `setTimeout(() => revalidate(…), d)`
 * among its statements; `d` becomes a random wait up to it.
 */
function swrTimerJitter(value: TSESTree.Node, sourceCode: SourceCode): Suggestion | undefined {
  const fn = blockFunction(value);
  if (!fn) return undefined;
  const timers = fn.body.body.flatMap((statement) => {
    const call = statement.type === 'ExpressionStatement' && statement.expression.type === 'CallExpression' ? statement.expression : undefined;
    return call?.callee.type === 'Identifier' && call.callee.name === 'setTimeout' && !isBound(call.callee, sourceCode) && call.arguments.length === 2 ? [call] : [];
  });
  const delay = timers.length === 1 ? timers[0]?.arguments[1] : undefined;
  if (!delay || delay.type === 'SpreadElement') return undefined;
  return jitterBody(delay, sourceCode, "Wait a random time up to `onErrorRetry`'s delay (full jitter)");
}

/**
 * A bound for a custom SWR `onErrorRetry`, in swr's documented form: `if (retryCount >= N)
 * return;` first. swr passes 1 for the first failure, so N attempts in all.
 */
function swrRetryGuard(value: TSESTree.Node, bound: number, sourceCode: SourceCode): Suggestion | undefined {
  const fn = blockFunction(value);
  const opts = fn?.params[4];
  if (!fn || opts?.type !== 'ObjectPattern') return undefined;
  const counter = opts.properties.find((p): p is TSESTree.Property => p.type === 'Property' && !p.computed && p.key.type === 'Identifier' && p.key.name === 'retryCount');
  const name = counter?.value.type === 'Identifier' ? counter.value.name : undefined;
  const first = fn.body.body[0];
  if (!name || !first) return undefined;
  const guard = `if (${name} >= ${bound}) return;`;
  const indent = sourceCode.lines[first.loc.start.line - 1]?.slice(0, first.loc.start.column) ?? '';
  const sameLine = first.loc.start.line === fn.body.loc.start.line;
  return {
    messageId: 'libraryEdit',
    data: { edit: `Stop after ${bound} attempts (\`${guard}\`)` },
    fix: (fixer) => (sameLine ? fixer.insertTextBefore(first, `${guard} `) : fixer.insertTextBefore(first, `${guard}\n${indent}`)),
  };
}

/** A binding of this name declared in the code (not a global, not TypeScript's lib). */
function isBound(identifier: TSESTree.Identifier, sourceCode: SourceCode): boolean {
  return (resolveVariable(identifier, sourceCode)?.defs.length ?? 0) > 0;
}

function jitterBody(body: TSESTree.Expression, sourceCode: SourceCode, edit: string): Suggestion {
  return { messageId: 'libraryEdit', data: { edit }, fix: (fixer) => fixer.replaceText(body, jittered(body, sourceCode)) };
}

/** A strategy body that is plain arithmetic: never the `null` that stops ioredis. */
function isArithmetic(node: TSESTree.Node): boolean {
  if (node.type === 'BinaryExpression') return ['*', '+', '-', '/', '**'].includes(node.operator);
  return node.type === 'CallExpression' && node.callee.type === 'MemberExpression' && node.callee.object.type === 'Identifier' && node.callee.object.name === 'Math' && node.callee.property.type === 'Identifier' && /^(min|max|pow)$/.test(node.callee.property.name);
}

/** ioredis `retryStrategy: (times) => …`: the wait jittered; a bound returns null (ioredis stops). */
function ioredisStrategy(property: TSESTree.Property, problem: Problem, bound: number, sourceCode: SourceCode): Suggestion | undefined {
  const fn = property.value;
  if (fn.type !== 'ArrowFunctionExpression' || fn.body.type === 'BlockStatement' || !isArithmetic(fn.body) || fn.params[0]?.type !== 'Identifier') return undefined;
  const body = fn.body;
  if (problem === 'jitter') return jitterBody(body, sourceCode, 'Wait a random time up to the strategy\'s delay (full jitter)');
  const times = fn.params[0].name;
  // `times` counts the reconnection attempts from 1.
  return {
    messageId: 'libraryEdit',
    data: { edit: `Stop after ${bound} attempts (\`${times} > ${bound - 1} ? null : …\`)` },
    fix: (fixer) => fixer.replaceText(body, `${times} > ${bound - 1} ? null : ${sourceCode.getText(body)}`),
  };
}

/** node-redis `reconnectStrategy: ms`: a function of the retries with a random wait; a bound returns an Error (node-redis stops). */
function redisStrategy(property: TSESTree.Property, problem: Problem, bound: number, sourceCode: SourceCode, typescript: boolean): Suggestion | undefined {
  const value = property.value;
  if (value.type === 'ArrowFunctionExpression' || value.type === 'FunctionExpression' || value.type === 'AssignmentPattern') return undefined;
  const param = typescript ? '(retries: number)' : '(retries)';
  const wait = jittered(value, sourceCode);
  if (problem === 'jitter') return { messageId: 'libraryEdit', data: { edit: 'Wait a random time up to `reconnectStrategy` (full jitter)' }, fix: (fixer) => fixer.replaceText(value, `${param} => ${wait}`) };
  return {
    messageId: 'libraryEdit',
    data: { edit: `Stop after ${bound} attempts (a \`reconnectStrategy\` that returns an Error)` },
    fix: (fixer) => fixer.replaceText(value, `${param} => (retries >= ${bound - 1} ? new Error('gave up reconnecting') : ${wait})`),
  };
}

/** Apollo's RetryLink `delay: { jitter: false }`: its default jitters. */
function apolloJitter(site: RetrySite, problem: Problem, sourceCode: SourceCode): Suggestion | undefined {
  if (problem !== 'jitter' || site.node.type !== 'NewExpression') return undefined;
  const options = site.node.arguments[0];
  const delay = options?.type === 'ObjectExpression' ? findProperty(options, 'delay') : undefined;
  const settings = delay?.value.type === 'ObjectExpression' ? delay.value : undefined;
  const jitter = settings && findProperty(settings, 'jitter');
  if (!settings || !jitter || jitter.value.type !== 'Literal' || jitter.value.value !== false) return undefined;
  return { messageId: 'libraryEdit', data: { edit: "Remove `jitter: false` (RetryLink's default delay is jittered)" }, fix: (fixer) => removeProperty(fixer, sourceCode, settings, jitter) };
}
