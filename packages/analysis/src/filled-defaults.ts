import type { TSESTree } from '@typescript-eslint/utils';
import { dottedName, propertyName, unwrap, walk, type Node } from './ast.js';
import type { AnalysisContext, Variable } from './context.js';

/**
 * Options the code fills in where they are read: `config.backoffType ||= 'exponential'`,
 * `config.retryDelay = typeof config.retryDelay === 'number' ? config.retryDelay : 100`,
 * `o.mode = o.mode ?? 'full'`. The write keeps a value the caller set and gives the option its
 * default otherwise: run on every attempt, it answers the same each time, and read with the
 * defaults it is the default. A 0 default is left out: that is how a count starts
 * (`config.currentRetryAttempt ||= 0`), and the count moves elsewhere.
 */
export function filledDefault(target: Node): Node | undefined {
  const assignment = target.parent;
  if (target.type !== 'MemberExpression' || assignment?.type !== 'AssignmentExpression' || assignment.left !== target) return undefined;
  const name = dottedName(target);
  if (name === undefined) return undefined;
  let fallback: Node | undefined;
  if (assignment.operator === '||=' || assignment.operator === '??=') fallback = assignment.right;
  else if (assignment.operator === '=') fallback = keptOrDefault(unwrap(assignment.right), name);
  const value = fallback && unwrap(fallback);
  if (value?.type !== 'Literal' || (typeof value.value !== 'string' && typeof value.value !== 'number' && typeof value.value !== 'boolean') || value.value === 0) return undefined;
  return value;
}

/** `x ?? D`, `x || D`, `typeof x === 'number' ? x : D` (or `!==` swapped): D, for `x` named `name`. */
function keptOrDefault(right: Node, name: string): Node | undefined {
  if (right.type === 'LogicalExpression' && right.operator !== '&&') return dottedName(unwrap(right.left)) === name ? right.right : undefined;
  if (right.type !== 'ConditionalExpression') return undefined;
  const test = unwrap(right.test);
  if (test.type !== 'BinaryExpression' || (test.operator !== '===' && test.operator !== '!==')) return undefined;
  const [a, b] = [unwrap(test.left as Node), unwrap(test.right)];
  const typeofSide = a.type === 'UnaryExpression' && a.operator === 'typeof' ? a : undefined;
  // `typeof x === 'undefined' ? D : x` is the absent test the evaluator reads already; a type that an absent option is not.
  if (!typeofSide || b.type !== 'Literal' || typeof b.value !== 'string' || b.value === 'undefined' || dottedName(unwrap(typeofSide.argument)) !== name) return undefined;
  const [kept, fallback] = test.operator === '===' ? [right.consequent, right.alternate] : [right.alternate, right.consequent];
  return dottedName(unwrap(kept)) === name ? fallback : undefined;
}

const optionsObjects = new WeakMap<Variable, boolean>();

/**
 * The variable holds an options object the code fills defaults into (one of its members written
 * by filledDefault): a member of it the code leaves alone, read with a fallback
 * (`const jitter = config.jitter || 'none'`), is that fallback when read with the defaults.
 */
export function fillsDefaults(variable: Variable): boolean {
  let known = optionsObjects.get(variable);
  if (known === undefined) {
    known = variable.references.some((ref) => {
      const member = ref.identifier.parent;
      return member?.type === 'MemberExpression' && member.object === ref.identifier && !member.computed && filledDefault(member) !== undefined;
    });
    optionsObjects.set(variable, known);
  }
  return known;
}

/** `config.jitter || 'none'` (or `??`) on an object that fills defaults, where nothing writes `jitter`: the fallback. */
export function unsetOptionFallback(n: TSESTree.LogicalExpression, ctx: AnalysisContext): Node | undefined {
  if (n.operator === '&&') return undefined;
  const left = unwrap(n.left);
  const right = unwrap(n.right);
  if (left.type !== 'MemberExpression' || left.computed || right.type !== 'Literal' || typeof right.value !== 'string') return undefined;
  const object = unwrap(left.object);
  const prop = propertyName(left);
  if (object.type !== 'Identifier' || prop === undefined) return undefined;
  const variable = ctx.variableOf(object);
  if (!variable || !fillsDefaults(variable)) return undefined;
  // Nothing in the file writes the option, through this object or any other: left to the caller.
  return writtenOtherwise(prop, ctx) || writtenAnyhow(prop, ctx) ? undefined : right;
}

const otherWrites = new WeakMap<AnalysisContext, Set<string>>();

/**
 * Property names the file writes other than by filling a default in (`o.delay *= 2` in a helper,
 * `opts.jitter = 'full'`, `o.delay++`): such an option may change, or be set by the code, and
 * is not read as its default. One walk per file, made only when a filled default is met.
 */
export function writtenOtherwise(prop: string, ctx: AnalysisContext): boolean {
  let names = otherWrites.get(ctx);
  if (!names) {
    const found = new Set<string>();
    walk(ctx.sourceCode.ast as Node, ctx.keys, (n) => {
      const target = n.type === 'AssignmentExpression' ? n.left : n.type === 'UpdateExpression' ? n.argument : undefined;
      if (target?.type === 'MemberExpression') {
        const name = propertyName(target);
        if (name !== undefined && filledDefault(target) === undefined) found.add(name);
      }
      return undefined;
    });
    otherWrites.set(ctx, (names = found));
  }
  return names.has(prop);
}

/** A filled default of `prop` itself: the fallback is then the filled value, not this one. */
function writtenAnyhow(prop: string, ctx: AnalysisContext): boolean {
  let names = filledNames.get(ctx);
  if (!names) {
    const found = new Set<string>();
    walk(ctx.sourceCode.ast as Node, ctx.keys, (n) => {
      if (n.type === 'AssignmentExpression' && n.left.type === 'MemberExpression' && filledDefault(n.left) !== undefined) {
        const name = propertyName(n.left);
        if (name !== undefined) found.add(name);
      }
      return undefined;
    });
    filledNames.set(ctx, (names = found));
  }
  return names.has(prop);
}

const filledNames = new WeakMap<AnalysisContext, Set<string>>();
