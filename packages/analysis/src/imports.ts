import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap } from './ast.js';
import type { AnalysisContext } from './context.js';
import { firstDefinition } from './definitions/bodies.js';
import { isRelativeSpecifier } from './specifiers/project.js';

export interface ImportedName {
  module: string;
  /** 'default', '*' (namespace or whole CommonJS module), or the imported export's name. */
  imported: string;
}

/** Where an identifier comes from: `import x from`, `import { y as x } from`, `require()`, `await import()`. */
export function importOf(id: TSESTree.Identifier, ctx: AnalysisContext): ImportedName | undefined {
  const def = firstDefinition(ctx.variableOf(id));
  if (!def) return undefined;
  if (def.type === 'ImportBinding') {
    const declaration = def.parent;
    if (declaration?.type !== 'ImportDeclaration') return undefined;
    const module = String(declaration.source.value);
    const spec = def.node;
    if (spec.type === 'ImportDefaultSpecifier') return { module, imported: 'default' };
    if (spec.type === 'ImportNamespaceSpecifier') return { module, imported: '*' };
    if (spec.type === 'ImportSpecifier') {
      const name = spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
      return { module, imported: name };
    }
    return undefined;
  }
  if (def.type === 'Variable' && def.node.init) {
    let init = unwrap(def.node.init);
    let member: string | undefined;
    if (init.type === 'MemberExpression') {
      member = propertyName(init);
      init = unwrap(init.object);
    }
    // `const { default: pRetry } = await import('p-retry')`: a module loaded when needed is that module.
    // (unwrap takes the `await` off; a promise of the module, not awaited, is no module.)
    const raw = def.node.init.type === 'MemberExpression' ? def.node.init.object : def.node.init;
    const loaded = init.type === 'ImportExpression' && raw.type === 'AwaitExpression' ? init.source : undefined;
    const required = init.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'require' ? init.arguments[0] : undefined;
    const arg = loaded ?? required;
    if (arg?.type !== 'Literal' || typeof arg.value !== 'string') return undefined;
    const module = arg.value;
    const pattern = def.node.id;
    if (pattern.type === 'ObjectPattern') {
      for (const prop of pattern.properties) {
        if (prop.type === 'Property' && unwrap(prop.value as TSESTree.Node) === def.name && prop.key.type === 'Identifier') {
          return { module, imported: prop.key.name };
        }
        if (prop.type === 'Property' && prop.value.type === 'AssignmentPattern' && prop.value.left === def.name && prop.key.type === 'Identifier') {
          return { module, imported: prop.key.name };
        }
      }
      return undefined;
    }
    return { module, imported: member ?? '*' };
  }
  return undefined;
}

/**
 * Where a name written as a reference comes from: `Client` imported by name, or `ns.Client` /
 * the type `ns.Client` with `ns` a namespace import (`import * as ns`) or a whole required
 * module, which names the module's export `Client`. `local`: the name as written, for messages.
 */
export function importOfReference(node: TSESTree.Node, ctx: AnalysisContext): (ImportedName & { local: string }) | undefined {
  const n = unwrap(node);
  if (n.type === 'Identifier') {
    const origin = importOf(n, ctx);
    return origin && { ...origin, local: n.name };
  }
  const [holder, member] =
    n.type === 'MemberExpression' && !n.computed ? [unwrap(n.object), propertyName(n)] : n.type === 'TSQualifiedName' ? [n.left, n.right.name] : [undefined, undefined];
  if (holder?.type !== 'Identifier' || member === undefined) return undefined;
  const origin = importOf(holder, ctx);
  return origin?.imported === '*' ? { module: origin.module, imported: member, local: member } : undefined;
}

/**
 * Local names bound by `import … from './x'` or `require('./x')` at the top of a module, and by
 * imports of any other specifier `isProject` accepts (a workspace package of the project).
 */
export function relativeImportNames(program: TSESTree.Program, isProject: (specifier: string) => boolean = () => false): Set<string> {
  const ofProject = (specifier: unknown) => isRelativeSpecifier(specifier) || (typeof specifier === 'string' && !specifier.startsWith('.') && isProject(specifier));
  const names = new Set<string>();
  const bind = (pattern: TSESTree.Node) => {
    if (pattern.type === 'Identifier') names.add(pattern.name);
    else if (pattern.type === 'ObjectPattern') {
      for (const p of pattern.properties) if (p.type === 'Property') bind(p.value.type === 'AssignmentPattern' ? p.value.left : p.value);
    }
  };
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration' && ofProject(statement.source.value)) {
      for (const spec of statement.specifiers) names.add(spec.local.name);
    } else if (statement.type === 'VariableDeclaration') {
      for (const d of statement.declarations) {
        let init = d.init ? unwrap(d.init) : undefined;
        if (init?.type === 'MemberExpression') init = unwrap(init.object);
        const arg = init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'require' ? init.arguments[0] : undefined;
        if (arg?.type === 'Literal' && ofProject(arg.value)) bind(d.id);
      }
    }
  }
  return names;
}
