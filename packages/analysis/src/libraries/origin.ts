import type { TSESTree } from '@typescript-eslint/utils';
import { unwrap, type Node } from '../ast.js';
import type { AnalysisContext } from '../context.js';
import { importOf, type ImportedName } from '../imports.js';
import { isRelativeSpecifier } from '../cross-file.js';
import { definitionsOf, firstDefinition, soleDefinition } from '../definitions/bodies.js';

/**
 * Where does a library call's callee come from: an import, a compiler's interop wrapper of one,
 * or, in the library's own source, the library's own export?
 */

/** Where a library call's callee comes from: an import, a compiler's interop wrapper of one, or (in the library's own source) the library itself. */
export function libraryOrigin(root: TSESTree.Identifier, members: string[], call: Node, ctx: AnalysisContext): (ImportedName & { self?: boolean }) | undefined {
  let origin = importOf(root, ctx) ?? interopImport(root, members, ctx);
  if (origin && isRelativeSpecifier(origin.module)) {
    // `require('./retry.js')` in async's own package is `async/retry`.
    const module = ctx.ownModule?.(origin.module) ?? ctx.vendoredModule?.(origin.module);
    return module ? { ...origin, module } : undefined;
  }
  if (origin || !ctx.ownModule) return origin;
  origin = ownExport(root, members, ctx);
  if (!origin) return undefined;
  const module = ctx.ownModule();
  return module ? { ...origin, module, self: true } : undefined;
}

/** A compiler's interop helper around a require: `_interopRequireDefault(require('m'))` (Babel), `__importDefault(require('m'))` (TypeScript). */
const INTEROP = /^_?_?(?:interopRequire(?:Default|Wildcard)|import(?:Default|Star))$/;

/** `var _r = _interopRequireDefault(_m)` with `_m = require('m')`, called as `(0, _r.default)(…)`: the default import of 'm'. */
function interopImport(root: TSESTree.Identifier, members: string[], ctx: AnalysisContext): ImportedName | undefined {
  const def = firstDefinition(ctx.variableOf(root));
  if (def?.type !== 'Variable' || !def.node.init) return undefined;
  const init = unwrap(def.node.init);
  if (init.type !== 'CallExpression' || init.callee.type !== 'Identifier' || !INTEROP.test(init.callee.name) || init.arguments.length !== 1) return undefined;
  const arg = unwrap(init.arguments[0] as Node);
  let module: string | undefined;
  if (arg.type === 'CallExpression' && arg.callee.type === 'Identifier' && arg.callee.name === 'require' && arg.arguments[0]?.type === 'Literal' && typeof arg.arguments[0].value === 'string') {
    module = arg.arguments[0].value;
  } else if (arg.type === 'Identifier') {
    const inner = importOf(arg, ctx);
    if (inner?.imported === '*') module = inner.module;
  }
  if (module === undefined) return undefined;
  if (members[0] === 'default') {
    members.shift();
    return { module, imported: 'default' };
  }
  return { module, imported: '*' };
}

/**
 * A name the file exports itself: `export default function pRetry` called as `pRetry(…)`,
 * `export function x`, or CommonJS's `exports.operation(…)` / `module.exports.operation(…)`.
 */
function ownExport(root: TSESTree.Identifier, members: string[], ctx: AnalysisContext): ImportedName | undefined {
  const variable = ctx.variableOf(root);
  if (!variable || definitionsOf(variable).length === 0) {
    if (root.name === 'exports' && members.length > 0) return { module: '', imported: '*' };
    if (root.name === 'module' && members[0] === 'exports' && members.length > 1) {
      members.shift();
      return { module: '', imported: '*' };
    }
    return undefined;
  }
  const def = soleDefinition(variable);
  if (def?.type !== 'FunctionName' || members.length > 0) return undefined;
  const parent = def.node.parent;
  if (parent?.type === 'ExportDefaultDeclaration') return { module: '', imported: 'default' };
  if (parent?.type === 'ExportNamedDeclaration') return { module: '', imported: root.name };
  return undefined;
}
