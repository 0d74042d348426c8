import type { TSESTree } from '@typescript-eslint/utils';
import { enclosingFunction, isFunction, propertyName, type FunctionNode, type Node } from '../ast.js';
import { enclosingClass } from '../classes/class-members.js';
import type { AnalysisContext, Variable } from '../context.js';

/**
 * A client that reconnects by itself for as long as it lives (`new EventSource(url)`,
 * `mqtt.connect(url)`, `new Redis(url)`) stops when its owner calls one of the library's stop
 * methods on it (`close()`, `end()`, `quit()`: the catalog's `stops`, from the library's API).
 * When the code that made the client does, the reconnection ends when its owner decides: an exit
 * of unknown count, not "never gives up". A client no code of the file stops (a module's
 * `export const redis = new Redis(url)`) is read as before.
 *
 * The client is followed from where it is made to where it is kept: a variable, a field of
 * `this`, a function's return (bare or in a returned object's field) to a caller in the file
 * that keeps it in turn (`const { source } = makeSource(url)`).
 */
export function stoppedByOwner(made: Node, stops: readonly string[], ctx: AnalysisContext): boolean {
  const seen = new Set<Node>();
  const held = (value: Node, field: string | undefined, depth: number): boolean => {
    if (depth > 4 || seen.has(value)) return false;
    seen.add(value);
    const { at, parent } = keptAt(value);
    if (!parent) return false;
    // `return { source }` / `return { source: made }`: the caller takes the field.
    if (parent.type === 'Property' && parent.value === at && field === undefined && parent.parent.type === 'ObjectExpression') {
      const key = parent.key.type === 'Identifier' && !parent.computed ? parent.key.name : undefined;
      return key !== undefined && held(parent.parent, key, depth + 1);
    }
    if (parent.type === 'ReturnStatement' || (isFunction(parent) && parent.body === at)) {
      const fn = parent.type === 'ReturnStatement' ? enclosingFunction(parent) : parent;
      return fn !== undefined && callsOf(fn, ctx).some((call) => held(call, field, depth + 1));
    }
    if (parent.type === 'VariableDeclarator' && parent.init === at) {
      if (parent.id.type === 'Identifier') return variableStopped(ctx.variableOf(parent.id), field, depth);
      if (parent.id.type === 'ObjectPattern' && field !== undefined) {
        const prop = parent.id.properties.find((p) => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === field);
        const value = prop?.type === 'Property' ? prop.value : undefined;
        return value?.type === 'Identifier' && variableStopped(ctx.variableOf(value), undefined, depth);
      }
      return false;
    }
    if (parent.type === 'AssignmentExpression' && parent.right === at && parent.operator === '=') {
      const left = parent.left;
      if (left.type === 'Identifier') return variableStopped(ctx.variableOf(left), field, depth);
      if (left.type === 'MemberExpression' && left.object.type === 'ThisExpression' && field === undefined) return memberStopped(left, ctx);
      return false;
    }
    if (parent.type === 'PropertyDefinition' && parent.value === at && field === undefined) return memberStopped(parent, ctx);
    return false;
  };
  const variableStopped = (variable: Variable | undefined, field: string | undefined, depth: number): boolean => {
    if (!variable) return false;
    for (const ref of variable.references) {
      const id = ref.identifier as Node;
      if (ref.isWrite()) continue;
      // `client.close()`, or `result.source.close()` for a field the client was returned in.
      let target: Node = id;
      if (field !== undefined) {
        const p = id.parent;
        if (p?.type !== 'MemberExpression' || p.object !== id || propertyName(p) !== field) continue;
        target = p;
      }
      if (stopCalled(target, stops)) return true;
      if (field === undefined && held(id, undefined, depth + 1)) return true;
    }
    return false;
  };
  const memberStopped = (member: TSESTree.MemberExpression | TSESTree.PropertyDefinition, ctx: AnalysisContext): boolean => {
    const name = member.type === 'PropertyDefinition' ? (member.key.type === 'Identifier' || member.key.type === 'PrivateIdentifier' ? member.key.name : undefined) : propertyName(member);
    const cls = enclosingClass(member);
    if (name === undefined || !cls) return false;
    return ctx.nodesOfKind('CallExpression').some((node) => {
      const callee = (node as TSESTree.CallExpression).callee;
      if (callee.type !== 'MemberExpression' || !stops.includes(propertyName(callee) ?? '')) return false;
      const holder = callee.object.type === 'TSNonNullExpression' ? callee.object.expression : callee.object;
      return holder.type === 'MemberExpression' && holder.object.type === 'ThisExpression' && propertyName(holder) === name && enclosingClass(holder) === cls;
    });
  };
  return held(made, undefined, 0);
}

/** `target.close()` / `target?.end()` for one of the stop methods. */
function stopCalled(target: Node, stops: readonly string[]): boolean {
  const p = target.parent;
  if (p?.type !== 'MemberExpression' || p.object !== target) return false;
  const name = propertyName(p);
  return name !== undefined && stops.includes(name) && p.parent?.type === 'CallExpression' && p.parent.callee === p;
}

/** The expression that holds the value (through `await`, casts, `!` and parentheses) and its parent. */
function keptAt(value: Node): { at: Node; parent: Node | undefined } {
  let at = value;
  while (
    at.parent &&
    (at.parent.type === 'AwaitExpression' || at.parent.type === 'TSAsExpression' || at.parent.type === 'TSNonNullExpression' ||
      at.parent.type === 'TSSatisfiesExpression' || at.parent.type === 'ChainExpression')
  ) at = at.parent;
  return { at, parent: at.parent };
}

/** The calls of a function of the file by its name (`function make()`, `const make = () => …`). */
function callsOf(fn: FunctionNode, ctx: AnalysisContext): Node[] {
  const id = fn.type === 'FunctionDeclaration' ? fn.id : fn.parent?.type === 'VariableDeclarator' && fn.parent.id.type === 'Identifier' ? fn.parent.id : undefined;
  const variable = id ? ctx.variableOf(id) : undefined;
  if (!variable) return [];
  return variable.references.map((ref) => ref.identifier as Node).flatMap((ref) => (ref.parent?.type === 'CallExpression' && ref.parent.callee === ref ? [ref.parent] : []));
}
