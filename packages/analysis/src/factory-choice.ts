import type { TSESTree } from '@typescript-eslint/utils';
import { propertyName, unwrap, type FunctionNode, type Node } from './ast.js';
import { isReassigned, type AnalysisContext } from './context.js';
import { evaluate, type Env } from './evaluate.js';
import { localFunction } from './functions/local-function.js';
import { memberOf } from './synthetic-member.js';
import type { Value } from './value.js';
import { firstDefinition, soleDefinition } from './definitions/bodies.js';

/**
 * A strategy function a factory picks by an option: `const jitter = pickJitter(options)` then
 * `jitter(delay)`, where `pickJitter` (of this file or another module) is one `switch
 * (options.jitter) { case 'full': return fullJitter; case 'none': default: return noJitter; }`.
 * The option is read where the factory is called, as the code there reads it (the object the
 * caller hands, its defaults): the case it matches (or the default case) gives the
 * function. When the option's value is not known, every function the factory may return is
 * taken, and the call's value is what they give together (the choices must agree).
 */

/** What a factory's body says: the parameter and key it switches on, and each case's function. */
interface FactoryShape {
  index: number;
  prop: string;
  cases: { test: string | number | undefined; returned: TSESTree.Identifier | undefined }[];
}

const shapes = new WeakMap<FunctionNode, FactoryShape | null>();

/**
 * The functions `callee(…)` may be, when `callee` is a `const` a factory's call gives; with the
 * module each is read in. Undefined for anything else.
 */
export function factoryChoice(callee: TSESTree.Identifier, env: Env): { fn: FunctionNode; ctx: AnalysisContext }[] | undefined {
  const variable = env.ctx.variableOf(callee);
  const def = firstDefinition(variable);
  // Cheap tests first: a `const` initialised with a plain call.
  if (!variable || !soleDefinition(variable) || def?.type !== 'Variable' || def.parent?.type !== 'VariableDeclaration' || def.parent.kind !== 'const' || def.node.id !== def.name) return undefined;
  const init = def.node.init ? unwrap(def.node.init) : undefined;
  if (init?.type !== 'CallExpression' || unwrap(init.callee).type !== 'Identifier' || init.arguments.some((a) => a.type === 'SpreadElement') || isReassigned(variable)) return undefined;
  const local = localFunction(init, env);
  const factory = local ? { fn: local, ctx: env.ctx } : env.ctx.foreignFunction?.(init);
  if (!factory || factory.fn.async || factory.fn.generator) return undefined;
  const shape = shapeOf(factory.fn);
  if (!shape) return undefined;
  const given = init.arguments[shape.index] as Node | undefined;
  if (!given) return undefined;
  // `options.jitter` read where the factory is called, as the code there would read it.
  const option: Value = evaluate(memberOf(given, shape.prop), { ...env, depth: env.depth + 1 });
  const key = !option.random ? (option.text ?? (option.t === 'num' ? option.v : undefined)) : undefined;
  let taken = shape.cases;
  if (key !== undefined) {
    let index = shape.cases.findIndex((c) => c.test === key);
    if (index < 0) index = shape.cases.findIndex((c) => c.test === undefined);
    // Falling through empty cases to the first that returns.
    while (index >= 0 && index < shape.cases.length && !shape.cases[index]?.returned) index++;
    const chosen = shape.cases[index];
    if (!chosen) return undefined;
    taken = [chosen];
  } else if (!shape.cases.some((c) => c.test === undefined)) {
    // No default case: an option matching none returns nothing.
    return undefined;
  }
  const result: { fn: FunctionNode; ctx: AnalysisContext }[] = [];
  for (const c of taken) {
    if (!c.returned) continue;
    const fn = factory.ctx.functionOf(c.returned) ?? (factory.ctx.foreignFunction?.({ ...init, callee: c.returned, arguments: [] }) as { fn: FunctionNode; ctx: AnalysisContext } | undefined);
    const found = fn && 'ctx' in fn ? fn : fn ? { fn, ctx: factory.ctx } : undefined;
    if (!found) return undefined;
    result.push(found);
  }
  return result.length > 0 ? result : undefined;
}

/**
 * A factory whose body is one `switch (param.key)` with literal cases, each returning a name or
 * falling through to the next; the last case returns. Read once per function.
 */
function shapeOf(fn: FunctionNode): FactoryShape | undefined {
  const known = shapes.get(fn);
  if (known !== undefined) return known ?? undefined;
  const shape = readShape(fn);
  shapes.set(fn, shape ?? null);
  return shape;
}

function readShape(fn: FunctionNode): FactoryShape | undefined {
  if (fn.body.type !== 'BlockStatement' || fn.body.body.length !== 1) return undefined;
  const statement = fn.body.body[0];
  if (statement?.type !== 'SwitchStatement') return undefined;
  const discriminant = unwrap(statement.discriminant);
  if (discriminant.type !== 'MemberExpression' || discriminant.computed) return undefined;
  const object = unwrap(discriminant.object);
  const prop = propertyName(discriminant);
  const index = fn.params.findIndex((p) => p.type === 'Identifier' && object.type === 'Identifier' && p.name === object.name);
  if (prop === undefined || index < 0) return undefined;
  const cases: FactoryShape['cases'] = [];
  for (const c of statement.cases) {
    const test = c.test ? unwrap(c.test) : undefined;
    if (test && (test.type !== 'Literal' || (typeof test.value !== 'string' && typeof test.value !== 'number'))) return undefined;
    const value = test?.type === 'Literal' ? (test.value as string | number) : undefined;
    if (c.consequent.length === 0) {
      cases.push({ test: value, returned: undefined });
      continue;
    }
    const only = c.consequent.length === 1 ? c.consequent[0] : undefined;
    const body = only?.type === 'BlockStatement' && only.body.length === 1 ? only.body[0] : only;
    const returned = body?.type === 'ReturnStatement' && body.argument ? unwrap(body.argument) : undefined;
    if (returned?.type !== 'Identifier') return undefined;
    cases.push({ test: value, returned });
  }
  if (!cases[cases.length - 1]?.returned) return undefined;
  return { index, prop, cases };
}
