import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, spreadsKnown, unwrap, type Node } from './ast.js';
import { soleDefinition } from './definitions/bodies.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import type { LibraryCall } from './library-options.js';

/*
 * A use of a library that writes no retry option (`new Redis(url)`, `io(url)`, `new
 * QueryClient()`, `useSWR(key, fetcher)`) runs the library's default policy, the same as when
 * some other option is written next to it: catalog rows with `withNoOption: 'reported'` read it.
 * It is read only where the arguments show that no retry option can be among them: an
 * argument the file cannot read may be an options object that sets one.
 */

/**
 * Whether every argument from `from` on is a value that holds no retry option, or options
 * without any of `names`. An argument at a `loose` index is the library's function slot
 * (swr's fetcher in `useSWR(key, fetcher)`): any value there but an options object is one.
 */
export function writesNoRetryOption(m: LibraryCall, names: readonly string[], from = 0, loose: readonly number[] = []): boolean {
  return m.call.arguments.every((arg, index) => {
    if (index < from) return true;
    if (arg.type === 'SpreadElement') return false;
    if (loose.includes(index) && !resolveObject(arg, m.env)) return true;
    const n = unwrap(arg);
    if (n.type === 'Literal' || n.type === 'TemplateLiteral' || staticNumber(n, m.env.ctx) !== undefined) return true;
    if (isFunctionValue(n)) return true;
    // `redisURL: string`: a value its declared type says is not an options object.
    if (n.type === 'Identifier' && declaredPrimitive(n, m)) return true;
    // `process.env.REDIS_URL`: an environment variable is a string; so is `process.env.REDIS_URL || 'redis://…'`,
    // also held in a const (`const REDIS_URL = process.env.REDIS_URL || '…'; new Redis(REDIS_URL)`).
    if (isStringValue(n, m)) return true;
    const object = resolveObject(n, m.env);
    // (A spread of a `const` literal is read: its keys are known. Any other spread may hold the option.)
    return object !== undefined && spreadsKnown(object) && names.every((name) => !getProperty(object, name));
  });
}

const PRIMITIVE = new Set(['TSStringKeyword', 'TSNumberKeyword', 'TSUndefinedKeyword', 'TSNullKeyword', 'TSLiteralType', 'TSTemplateLiteralType']);

function declaredPrimitive(id: TSESTree.Identifier, m: LibraryCall): boolean {
  const def = soleDefinition(m.env.ctx.variableOf(id));
  const name = def?.name;
  const annotation = name?.type === 'Identifier' ? name.typeAnnotation?.typeAnnotation : undefined;
  if (!annotation) return false;
  const types = annotation.type === 'TSUnionType' ? annotation.types : [annotation];
  return types.every((t) => PRIMITIVE.has(t.type));
}

/** A value that can only be a string: a string literal, an environment variable, `a || b` / `a ?? b` of such, a const holding one. */
function isStringValue(n: Node, m: LibraryCall, depth = 0): boolean {
  if (depth > 3) return false;
  if (n.type === 'Literal') return typeof n.value === 'string';
  if (n.type === 'TemplateLiteral') return true;
  if (n.type === 'MemberExpression') return unwrap(n.object).type === 'MemberExpression' && isProcessEnv(unwrap(n.object) as Node);
  if (n.type === 'LogicalExpression' && (n.operator === '||' || n.operator === '??')) {
    return isStringValue(unwrap(n.left as Node), m, depth + 1) && isStringValue(unwrap(n.right as Node), m, depth + 1);
  }
  if (n.type === 'Identifier') {
    const def = soleDefinition(m.env.ctx.variableOf(n));
    const declaration = def?.type === 'Variable' ? def.node : undefined;
    const init = declaration?.init;
    return declaration?.parent?.type === 'VariableDeclaration' && declaration.parent.kind === 'const' && init ? isStringValue(unwrap(init as Node), m, depth + 1) : false;
  }
  return false;
}

function isFunctionValue(n: Node): boolean {
  return n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression';
}

function isProcessEnv(n: Node): boolean {
  return n.type === 'MemberExpression' && unwrap(n.object).type === 'Identifier' && (unwrap(n.object) as { name: string }).name === 'process'
    && n.property.type === 'Identifier' && n.property.name === 'env';
}
