import type { TSESTree } from '@typescript-eslint/utils';
import { contains, isFunction, propertyName, unwrap, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';
import { firstDefinition } from '../definitions/bodies.js';
import { importOf } from '../imports.js';

/**
 * Which calls run a React effect again? `useEffect(fn, [url, attempt])` re-runs `fn` after a
 * render in which a dependency changed, and `setAttempt(…)` of `const [attempt, setAttempt] =
 * useState(0)` makes that render: a setter of a dependency called inside the effect (in its
 * `onerror`, in a timer it sets) is the effect calling itself again. Hooks are known by their
 * import from React (or Preact's hooks), never by their names alone.
 */

const HOOK_MODULES = /^(react|preact\/hooks|preact\/compat)$/;
const HOOK_SPECIFIER = /['"](react|preact\/hooks|preact\/compat)['"]/;

/** The setter calls inside each effect that change one of its dependencies, by effect function. */
export function effectReruns(calls: readonly TSESTree.CallExpression[], ctx: AnalysisContext): Map<FunctionNode, Node[]> {
  const reruns = new Map<FunctionNode, Node[]>();
  // Most files name no hook module: no scope look-up for each of their calls.
  if (!HOOK_SPECIFIER.test(ctx.sourceCode.text)) return reruns;
  for (const call of calls) {
    if (!isHook(call, /^(useEffect|useLayoutEffect)$/, ctx)) continue;
    const effect = call.arguments[0] && unwrap(call.arguments[0] as Node);
    const deps = call.arguments[1] && unwrap(call.arguments[1] as Node);
    if (!effect || !isFunction(effect) || deps?.type !== 'ArrayExpression') continue;
    for (const dep of deps.elements) {
      const setter = dep?.type === 'Identifier' ? stateSetter(dep, ctx) : undefined;
      for (const ref of setter?.references ?? []) {
        const use = ref.identifier.parent;
        if (use?.type !== 'CallExpression' || use.callee !== ref.identifier || !contains(effect, use)) continue;
        reruns.set(effect, [...(reruns.get(effect) ?? []), use]);
      }
    }
  }
  return reruns;
}

/** `useEffect(…)` or `React.useEffect(…)` of React. */
function isHook(call: TSESTree.CallExpression, name: RegExp, ctx: AnalysisContext): boolean {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') {
    const imported = importOf(callee, ctx);
    return imported !== undefined && HOOK_MODULES.test(imported.module) && name.test(imported.imported);
  }
  if (callee.type !== 'MemberExpression' || callee.computed || unwrap(callee.object).type !== 'Identifier') return false;
  const imported = importOf(unwrap(callee.object) as TSESTree.Identifier, ctx);
  return imported !== undefined && HOOK_MODULES.test(imported.module) && (imported.imported === 'default' || imported.imported === '*') && name.test(propertyName(callee) ?? '');
}

/** The setter of a state: `setAttempt` of `const [attempt, setAttempt] = useState(0)`. */
function stateSetter(state: TSESTree.Identifier, ctx: AnalysisContext): Variable | undefined {
  const def = firstDefinition(ctx.variableOf(state));
  if (def?.type !== 'Variable' || def.node.id.type !== 'ArrayPattern' || def.node.id.elements[0] !== def.name) return undefined;
  const init = def.node.init && unwrap(def.node.init);
  if (init?.type !== 'CallExpression' || !isHook(init, /^useState$/, ctx)) return undefined;
  const setter = def.node.id.elements[1];
  return setter?.type === 'Identifier' ? ctx.variableOf(setter) : undefined;
}
