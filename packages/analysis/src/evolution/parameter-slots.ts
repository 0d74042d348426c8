import type { TSESTree } from '@typescript-eslint/utils';
import { keyName, unwrap, type FunctionNode, type Node } from '../ast.js';
import type { AnalysisContext, Variable } from '../context.js';

/**
 * What a call of a function hands each name its parameters bind, for a recursion that carries
 * its state from one attempt to the next in its arguments: `again(f, retries, 2 * delayMs)`
 * as much as `again(f, { retries, delayMs: 2 * delayMs })` into `{ retries, delayMs }`.
 */
export interface ParameterSlot {
  variable: Variable;
  /** What the call passes for it; `undefined` when it leaves it out (the default applies). */
  arg: Node | undefined;
  /** The call passes something the name cannot be matched to (an object the analysis does not see into). */
  unseen: boolean;
  /** The default the parameter list gives the name, if any. */
  initial: Node | undefined;
}

/**
 * The slots of `fn`'s parameters for `call`: a plain parameter takes the argument in its place;
 * a name destructured from an object parameter takes the property of the same key of an object
 * literal passed there (the last one written, unless a spread after it may replace it). A
 * spread argument hides every place after it.
 */
export function parameterSlots(fn: FunctionNode, call: TSESTree.CallExpression, ctx: AnalysisContext): ParameterSlot[] {
  const scope = ctx.sourceCode.getScope(fn);
  const slots: ParameterSlot[] = [];
  let hidden = false;
  fn.params.forEach((param, i) => {
    const raw = call.arguments[i];
    if (raw?.type === 'SpreadElement') hidden = true;
    const arg = hidden || !raw ? undefined : unwrap(raw as Node);
    const target = param.type === 'AssignmentPattern' ? param.left : param;
    if (target.type === 'Identifier') {
      const variable = scope.set.get(target.name);
      if (variable) slots.push({ variable, arg, unseen: hidden, initial: param.type === 'AssignmentPattern' ? (param.right as Node) : undefined });
      return;
    }
    if (target.type !== 'ObjectPattern') return;
    const object = arg?.type === 'ObjectExpression' ? arg : undefined;
    for (const property of target.properties) {
      if (property.type !== 'Property' || property.computed) continue;
      const key = keyName(property.key);
      const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
      const variable = key !== undefined && value.type === 'Identifier' ? scope.set.get(value.name) : undefined;
      if (!variable || value.type !== 'Identifier') continue;
      const initial = property.value.type === 'AssignmentPattern' ? (property.value.right as Node) : undefined;
      if (!arg) {
        slots.push({ variable, arg: undefined, unseen: hidden, initial });
        continue;
      }
      const passed = object && propertyPassed(object, key as string);
      slots.push({ variable, arg: passed && passed !== 'unseen' ? passed : undefined, unseen: !object || passed === 'unseen', initial });
    }
  });
  return slots;
}

/** The value an object literal gives `key`: the last property of that name, 'unseen' when a spread after it may replace it. */
function propertyPassed(object: TSESTree.ObjectExpression, key: string): Node | 'unseen' | undefined {
  let found: Node | 'unseen' | undefined;
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') {
      found = 'unseen';
      continue;
    }
    if (property.computed) {
      found = 'unseen';
      continue;
    }
    if (keyName(property.key) === key) found = unwrap(property.value as Node);
  }
  return found;
}
