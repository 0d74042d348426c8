import type { TSESTree } from '@typescript-eslint/utils';
import { contains, keyName, propertyName, unwrap, type Node, type RetryLoopNode } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';
import { importOf } from '../imports.js';

/**
 * Is the loop's operation a probe, written in place: a read whose answer the loop uses only to
 * learn whether the service answers? `const { statusCode } = await request(url); if (statusCode
 * === 200) return true;` until a deadline, or `const res = await fetch(probeUrl); await
 * res.arrayBuffer(); if (res.ok) return;`: a GET (or HEAD) with no body, whose response is read
 * for its status and drained, never returned, stored or handed on. Going round until it
 * answers is waiting for the service to become ready (polling a state), not retrying a
 * request whose result is wanted. (A probe written as a function of its own is state-probe.ts.)
 * A write (`method: 'POST'`, a `body`) is retried for its effect, whatever it answers; a read
 * whose response the code keeps is retried for its data.
 */
export function readsOnlyToProbe(loop: RetryLoopNode, operation: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  if (!isHttpRead(operation, ctx)) return false;
  const held = heldIn(operation, ctx);
  if (!held) return false;
  const within = (variable: Variable, use: (id: TSESTree.Identifier) => boolean) => variable.references.every((ref) => ref.init === true || (contains(loop, ref.identifier) && use(ref.identifier as TSESTree.Identifier)));
  return (held.response === undefined || within(held.response, onlyProbes)) && held.statuses.every((status) => within(status, () => true));
}

/** The WHATWG `fetch` (the global, or undici's) or undici's `request`, asked for a GET or HEAD with no body. */
function isHttpRead(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== 'Identifier') return false;
  const variable = ctx.variableOf(callee);
  const global = !variable || variable.defs.length === 0;
  const imported = global ? undefined : importOf(callee, ctx);
  const api = global ? (callee.name === 'fetch' ? 'fetch' : undefined) : imported?.module === 'undici' && (imported.imported === 'fetch' || imported.imported === 'request') ? imported.imported : undefined;
  if (!api) return false;
  const target = call.arguments[0];
  // `fetch(new Request(url, { method: 'POST' }))`: a request object may carry any method.
  if (!target || target.type === 'SpreadElement' || unwrap(target).type === 'NewExpression') return false;
  const init = call.arguments[1];
  if (!init) return true;
  const options = unwrap(init as Node);
  if (options.type !== 'ObjectExpression') return false;
  for (const property of options.properties) {
    if (property.type !== 'Property' || property.computed) return false;
    const key = keyName(property.key);
    if (key === 'body') return false;
    if (key === 'method') {
      // (`'GET'` or `` `GET` ``: a template with nothing in it is the same string.)
      const value = unwrap(property.value as Node);
      const method = value.type === 'Literal' ? value.value : value.type === 'TemplateLiteral' && value.expressions.length === 0 ? value.quasis[0]?.value.cooked : undefined;
      if (typeof method !== 'string' || !/^(get|head)$/i.test(method)) return false;
    }
  }
  return true;
}

/**
 * `const res = await op()` or `const { statusCode } = await op()`: what the answer is put in.
 * `statuses`: variables that hold only its status (destructured `status`, `statusCode`, `ok`).
 */
function heldIn(call: TSESTree.CallExpression, ctx: AnalysisContext): { response?: Variable; statuses: Variable[] } | undefined {
  const awaited = call.parent?.type === 'AwaitExpression' ? call.parent : undefined;
  const declarator = awaited?.parent;
  if (declarator?.type !== 'VariableDeclarator' || declarator.init !== awaited) return undefined;
  if (declarator.id.type === 'Identifier') {
    const response = ctx.variableOf(declarator.id);
    return response ? { response, statuses: [] } : undefined;
  }
  if (declarator.id.type !== 'ObjectPattern') return undefined;
  const statuses: Variable[] = [];
  for (const property of declarator.id.properties) {
    if (property.type !== 'Property' || property.value.type !== 'Identifier' || !STATUS.has(keyName(property.key) ?? '')) return undefined;
    const variable = ctx.variableOf(property.value);
    if (!variable) return undefined;
    statuses.push(variable);
  }
  return { statuses };
}

/** What a response says of whether the service answered, not what it answered. */
const STATUS = new Set(['ok', 'status', 'statusCode', 'statusText']);

/**
 * A use of the whole response that only learns the answer: its status read (`res.ok`,
 * `res.status` in a test or a message), or the body drained and dropped (`await
 * res.arrayBuffer();`, `await res.body.dump();`).
 */
function onlyProbes(id: TSESTree.Identifier): boolean {
  const parent = id.parent;
  if (parent?.type !== 'MemberExpression' || parent.object !== id) return false;
  if (STATUS.has(propertyName(parent) ?? '')) return true;
  const call = parent.parent?.type === 'CallExpression' && parent.parent.callee === parent ? parent.parent : parent.parent?.type === 'MemberExpression' && parent.parent.parent?.type === 'CallExpression' && parent.parent.parent.callee === parent.parent ? parent.parent.parent : undefined;
  const statement = call?.parent?.type === 'AwaitExpression' ? call.parent.parent : call?.parent;
  return statement?.type === 'ExpressionStatement';
}
