import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, isFunction, unwrap, walk, type Node, type VisitorKeys } from '../ast.js';

/**
 * Is the object a wait is read from (`this` in `this.gap`, `opts` in `opts.delay`, or
 * `this.config` in `this.config.gapMs`) handed, on the failure cycle, to a function the analysis
 * does not read (`tune(this)`, `adjust(opts)`)? That function may write the field: the wait is
 * then written on the cycle by unread code, and is not known to stay the same.
 */
/** Built-ins that read what they are given and write none of it (logging, serialising, inspecting). */
const LOOKS_ONLY = /^(console\.\w+|JSON\.stringify|Object\.(keys|values|entries)|Array\.isArray|String|Number|Boolean)$/;

export function handedAwayOnCycle(member: TSESTree.MemberExpression, region: Node, keys: VisitorKeys, isRead: (call: TSESTree.CallExpression) => boolean): boolean {
  const holders = new Set<string>();
  for (let n: Node = unwrap(member.object); ; n = unwrap((n as TSESTree.MemberExpression).object)) {
    const name = n.type === 'ThisExpression' ? 'this' : dottedName(n);
    if (name === undefined) break;
    holders.add(name);
    if (n.type !== 'MemberExpression') break;
  }
  if (holders.size === 0) return false;
  let handed = false;
  walk(region, keys, (n) => {
    if (handed) return false;
    // A function defined here runs when someone calls it, not on this path.
    if (n !== region && isFunction(n)) return false;
    if (n.type !== 'CallExpression' || LOOKS_ONLY.test(dottedName(n.callee) ?? '')) return undefined;
    const passes = n.arguments.some((a) => {
      const arg = unwrap(a as Node);
      return holders.has(arg.type === 'ThisExpression' ? 'this' : (dottedName(arg) ?? ''));
    });
    if (passes && !isRead(n)) handed = true;
    return undefined;
  });
  return handed;
}
