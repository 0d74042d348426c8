import type { TSESTree } from '@typescript-eslint/utils';
import { isFunction, propertyName, unwrap, type FunctionNode } from '../ast.js';
import type { AnalysisContext, Env, Variable } from '../context.js';
import { classMembers, constructorFunction, type ClassNode } from '../definitions/bodies.js';
import { staticMethodOf } from './instance-methods.js';
import { enclosingClass } from '../classes/class-members.js';

/**
 * Which function of this file does a call reach, and which variables are its parameters? Also
 * whether a function is too long to inline for one call.
 */

/** The local function a call invokes: `helper(n)` or `this.helper(n)`. */
export function localFunction(call: TSESTree.CallExpression, env: Env): FunctionNode | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === 'Identifier') return env.ctx.functionOf(callee);
  if (callee.type === 'MemberExpression' && callee.object.type === 'ThisExpression') {
    const name = propertyName(callee);
    const cls = enclosingClass(callee);
    if (!cls || name === undefined) return undefined;
    // `this.#reset()` names the private `#reset`, not a public `reset`.
    const keyType = callee.property.type === 'PrivateIdentifier' ? 'PrivateIdentifier' : 'Identifier';
    for (const element of classMembers(cls)) {
      if (element.type === 'MethodDefinition' && !element.computed && element.key.type === keyType && element.key.name === name && isFunction(element.value)) return element.value;
      if (element.type === 'PropertyDefinition' && !element.computed && element.key.type === keyType && element.key.name === name && element.value && isFunction(element.value)) return element.value;
    }
    if (keyType === 'Identifier' && !env.ctx.isMutableMember(name)) return parameterPropertyDefault(cls, name, env.ctx);
  }
  return undefined;
}

/** The variable a name resolves to from `from` outward. */
function outerVariable(name: string, from: TSESTree.Node, ctx: AnalysisContext): Variable | undefined {
  for (let scope: ReturnType<AnalysisContext['sourceCode']['getScope']> | null = ctx.sourceCode.getScope(from); scope; scope = scope.upper) {
    const variable = scope.set.get(name);
    if (variable) return variable;
  }
  return undefined;
}

/**
 * `constructor(private readonly retryAlgorithm = Scheduler.backoff)`, never written after: the
 * function the field holds when no construction in the file passes that argument (as a number
 * default is read when nothing says what callers pass). The default may be written there, a
 * function of the file, or a static method of the class.
 */
function parameterPropertyDefault(cls: ClassNode, name: string, ctx: AnalysisContext): FunctionNode | undefined {
  const ctor = constructorFunction(cls);
  const index = ctor?.params.findIndex((p) => p.type === 'TSParameterProperty' && p.parameter.type === 'AssignmentPattern' && p.parameter.left.type === 'Identifier' && p.parameter.left.name === name) ?? -1;
  const param = ctor?.params[index];
  if (!param || param.type !== 'TSParameterProperty' || param.parameter.type !== 'AssignmentPattern') return undefined;
  // The class's name outside it (a class declaration also binds its name inside, for its own code).
  const outer = cls.id && cls.parent ? outerVariable(cls.id.name, cls.parent, ctx) : undefined;
  const passed = outer?.references.some((ref) => {
    const made = ref.identifier.parent;
    return made?.type === 'NewExpression' && made.callee === ref.identifier && (made.arguments.length > index || made.arguments.some((a) => a.type === 'SpreadElement'));
  });
  if (passed || (cls.id && !outer)) return undefined;
  const value = unwrap(param.parameter.right);
  if (isFunction(value)) return value;
  if (value.type === 'Identifier') return ctx.functionOf(value);
  const own = value.type === 'MemberExpression' && !value.computed && value.property.type === 'Identifier' && unwrap(value.object).type === 'Identifier' && cls.id && (unwrap(value.object) as TSESTree.Identifier).name === cls.id.name;
  return own ? staticMethodOf(cls, (value as TSESTree.MemberExpression & { property: TSESTree.Identifier }).property.name) : undefined;
}

/**
 * Longer than this, a function is a procedure (a request pipeline, a protocol handler), not a
 * delay, count or predicate helper: reading its returns cost as much as the rest of the file
 * (undici's `httpNetworkFetch`, inlined for each test of a `response` it assigns) and gave
 * nothing. On the real-code benchmark and the corpus, every helper whose value was known was
 * under 3 000 characters; every one over 4 000 read as unknown.
 */
const MAX_INLINED_LENGTH = 4_000;

export function tooLongToInline(fn: FunctionNode): boolean {
  return fn.range[1] - fn.range[0] > MAX_INLINED_LENGTH;
}

/** The variable of each plain (or defaulted) parameter of `fn`, by position; undefined for patterns. */
export function parameterVariables(fn: FunctionNode, ctx: AnalysisContext): readonly (Variable | undefined)[] {
  // Once per function and file: a sleep helper is inlined at every one of its calls.
  let byFunction = parameterCache.get(ctx);
  if (!byFunction) parameterCache.set(ctx, (byFunction = new WeakMap()));
  let variables = byFunction.get(fn);
  if (!variables) {
    const scope = ctx.sourceCode.getScope(fn);
    variables = fn.params.map((param) => {
      const id = param.type === 'AssignmentPattern' ? param.left : param;
      return id.type === 'Identifier' ? scope.set.get(id.name) : undefined;
    });
    byFunction.set(fn, variables);
  }
  return variables;
}

const parameterCache = new WeakMap<AnalysisContext, WeakMap<FunctionNode, readonly (Variable | undefined)[]>>();
