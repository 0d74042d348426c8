import { firstDefinition } from '../definitions/bodies.js';
import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, isFunction, unwrap, walk, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';

/**
 * A call of code the analysis never reads: a function the caller supplies (rooted at a
 * parameter, `hooks.onRetry(…)`) or one from a package (`import { tune } from 'tuning-kit'`).
 * A function of the project, read or not, is not taken to write what it is given.
 */
function callsUnreadCode(call: TSESTree.CallExpression, ctx: AnalysisContext): boolean {
  let root: Node = unwrap(call.callee);
  while (root.type === 'MemberExpression') root = unwrap(root.object);
  if (root.type !== 'Identifier') return false;
  const def = firstDefinition(ctx.variableOf(root));
  if (def?.type === 'Parameter') return true;
  if (def?.type !== 'ImportBinding' || def.parent.type !== 'ImportDeclaration') return false;
  const specifier = def.parent.source.value;
  return !specifier.startsWith('.') && !specifier.startsWith('/');
}

/** Built-ins that read what they are given and write none of it (logging, serialising, inspecting). */
const LOOKS_ONLY = /^(console\.\w+|JSON\.stringify|Object\.(keys|values|entries)|Array\.isArray|String|Number|Boolean)$/;

/**
 * Is the object a wait is read from (`this` in `this.gap`, `opts` in `opts.delay`, or
 * `this.config` in `this.config.gapMs`) handed, on the failure cycle, to a function the analysis
 * never reads (`tune(this)`, `hooks.adjust(opts)`)? That function may write the field: the wait is
 * then written on the cycle by unread code, and is not known to stay the same.
 */
export function handedAwayOnCycle(member: TSESTree.MemberExpression, region: Node, ctx: AnalysisContext): boolean {
  const holders = new Set<string>();
  for (let n: Node = unwrap(member.object); ; n = unwrap((n as TSESTree.MemberExpression).object)) {
    const name = n.type === 'ThisExpression' ? 'this' : dottedName(n);
    if (name === undefined) break;
    holders.add(name);
    if (n.type !== 'MemberExpression') break;
  }
  if (holders.size === 0) return false;
  let handed = false;
  walk(region, ctx.keys, (n) => {
    if (handed) return false;
    // A function defined here runs when someone calls it, not on this path.
    if (n !== region && isFunction(n)) return false;
    if (n.type !== 'CallExpression' || LOOKS_ONLY.test(dottedName(n.callee) ?? '')) return undefined;
    const passes = n.arguments.some((a) => {
      const arg = unwrap(a as Node);
      return holders.has(arg.type === 'ThisExpression' ? 'this' : (dottedName(arg) ?? ''));
    });
    if (passes && callsUnreadCode(n, ctx)) handed = true;
    return undefined;
  });
  return handed;
}
