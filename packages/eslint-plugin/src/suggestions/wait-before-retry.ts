import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import type { SourceCode, Suggestion } from './types.js';

/** The wait this edit adds: full jitter over 0–1 s, enough to spread a herd of immediate retries. */
export const WAIT_MS = 1000;

/**
 * A function that calls itself again at once from a promise chain or an async function:
 * `return again(…)` becomes `return new Promise((resolve) => setTimeout(resolve, Math.random() * 1000)).then(() => again(…))`.
 * The result is the same promise value; only the moment of the next call moves. Offered only
 * where the self-call's value is returned (a `return` or an arrow's body), so nothing that
 * runs after the self-call can observe the change of timing.
 */
export function waitBeforeRetry(site: RetrySite, sourceCode: SourceCode, typescript: boolean): Suggestion | undefined {
  if (site.kind !== 'recursion' || site.policy.delay.kind !== 'none' || site.sleep) return undefined;
  // Back in through a second function: the call at the site may be the failure path's call of it, not the self-call.
  if (site.through || site.viaLibrary) return undefined;
  const call = selfCallAt(site, sourceCode);
  if (!call) return undefined;
  const parent = call.parent;
  const returned = parent?.type === 'ReturnStatement' || (parent?.type === 'ArrowFunctionExpression' && parent.body === call);
  if (!returned || !resolvesPromise(call)) return undefined;
  const promise = typescript ? 'new Promise<void>' : 'new Promise';
  const text = `${promise}((resolve) => setTimeout(resolve, Math.random() * ${WAIT_MS})).then(() => ${sourceCode.getText(call)})`;
  return { messageId: 'waitBeforeRetry', data: { ms: String(WAIT_MS) }, fix: (fixer) => fixer.replaceText(call, text) };
}

/**
 * The self-call's value is a promise's: its function is async, or a `.then`/`.catch`/`.finally`
 * callback. A plain function returning the call's value would start returning a promise.
 */
function resolvesPromise(call: TSESTree.Node): boolean {
  for (let p = call.parent; p; p = p.parent) {
    if (p.type !== 'FunctionDeclaration' && p.type !== 'FunctionExpression' && p.type !== 'ArrowFunctionExpression') continue;
    if (p.async) return true;
    const host = p.parent;
    return (
      host?.type === 'CallExpression' &&
      host.arguments.includes(p as TSESTree.Expression) &&
      host.callee.type === 'MemberExpression' &&
      host.callee.property.type === 'Identifier' &&
      /^(then|catch|finally)$/.test(host.callee.property.name)
    );
  }
  return false;
}

/** The self-call the finding is reported on. */
export function selfCallAt(site: RetrySite, sourceCode: SourceCode): TSESTree.CallExpression | undefined {
  const start = sourceCode.getIndexFromLoc(site.loc.start);
  const node = sourceCode.getNodeByRangeIndex(start);
  for (let n: TSESTree.Node | null | undefined = node; n; n = n.parent) {
    if (n.type === 'CallExpression' && n.range[0] === start) return n;
    if (n.range[0] !== start) break;
  }
  return undefined;
}
