import type { TSESTree } from '@typescript-eslint/utils';
import { handedArguments, keyName, unwrap, type FunctionNode, type Node } from '../ast.js';
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
  const handed = handedArguments(call);
  let hidden = false;
  fn.params.forEach((param, i) => {
    const raw = handed[i];
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
      slots.push({ variable, arg: passed && passed !== 'unseen' && passed !== 'same' ? passed : undefined, unseen: !object || passed === 'unseen', initial });
    }
  });
  slots.push(...optionSlots(fn, handed, scope, hidden));
  return slots;
}

/**
 * Names the body takes from an options parameter before anything else runs
 * (`const retry = opts.retry ?? 0`, `const { retry = 0 } = opts`), for a call that hands the
 * parameter an object literal (`this.request(path, { ...opts, retry: retry + 1 })`): each
 * takes that object's property, or its fallback when the object leaves the key out. A name
 * written again later is not the option's, and gets no slot.
 */
function optionSlots(fn: FunctionNode, handed: readonly TSESTree.CallExpressionArgument[], scope: ReturnType<AnalysisContext['sourceCode']['getScope']>, hidden: boolean): ParameterSlot[] {
  if (fn.body?.type !== 'BlockStatement') return [];
  const slots: ParameterSlot[] = [];
  const placeOf = (node: Node): number => {
    const n = unwrap(node);
    if (n.type !== 'Identifier') return -1;
    return fn.params.findIndex((p) => (p.type === 'Identifier' && p.name === n.name) || (p.type === 'AssignmentPattern' && p.left.type === 'Identifier' && p.left.name === n.name));
  };
  const add = (name: string, index: number, key: string, initial: Node | undefined) => {
    const variable = scope.set.get(name);
    if (!variable || variable.references.some((r) => r.isWrite() && !r.init)) return;
    const raw = handed[index];
    const arg = hidden || raw === undefined || raw.type === 'SpreadElement' ? undefined : unwrap(raw as Node);
    if (raw === undefined) {
      slots.push({ variable, arg: undefined, unseen: false, initial });
      return;
    }
    const passed = arg?.type === 'ObjectExpression' ? propertyPassed(arg, key, (node) => placeOf(node) === index) : 'unseen';
    // (`{ ...options, retries: n - 1 }` hands on what it was given under every other key: the name read from it again.)
    const same = passed === 'same' ? variable.identifiers[0] : undefined;
    slots.push({ variable, arg: same ?? (passed && passed !== 'unseen' && passed !== 'same' ? passed : undefined), unseen: passed === 'unseen', initial });
  };
  for (const statement of fn.body.body) {
    if (statement.type !== 'VariableDeclaration') break;
    for (const declarator of statement.declarations) {
      const init = declarator.init ? unwrap(declarator.init as Node) : undefined;
      if (!init) continue;
      if (declarator.id.type === 'Identifier') {
        const read = init.type === 'LogicalExpression' && (init.operator === '??' || init.operator === '||') ? unwrap(init.left as Node) : init;
        if (read.type !== 'MemberExpression' || read.computed) continue;
        const key = keyName(read.property);
        const index = placeOf(read.object as Node);
        if (key === undefined || index < 0) continue;
        add(declarator.id.name, index, key, read === init ? undefined : ((init as TSESTree.LogicalExpression).right as Node));
      } else if (declarator.id.type === 'ObjectPattern') {
        const index = placeOf(init);
        if (index < 0) continue;
        for (const property of declarator.id.properties) {
          if (property.type !== 'Property' || property.computed) continue;
          const key = keyName(property.key);
          const value = property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
          if (key === undefined || value.type !== 'Identifier') continue;
          add(value.name, index, key, property.value.type === 'AssignmentPattern' ? (property.value.right as Node) : undefined);
        }
      }
    }
  }
  return slots;
}

/**
 * The value an object literal gives `key`: the last property of that name, 'unseen' when a spread
 * after it may replace it, 'same' when the spread is of the object the function was given
 * (`ownObject`), which hands on what it holds.
 */
function propertyPassed(object: TSESTree.ObjectExpression, key: string, ownObject: (node: Node) => boolean = () => false): Node | 'unseen' | 'same' | undefined {
  let found: Node | 'unseen' | 'same' | undefined;
  for (const property of object.properties) {
    if (property.type === 'SpreadElement') {
      found = ownObject(property.argument) ? 'same' : 'unseen';
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
