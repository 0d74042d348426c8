import type { TSESTree } from '@typescript-eslint/utils';
import { getProperty, unwrap, type Node } from './ast.js';
import type { AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import { staticNumber } from './evaluation/static-number.js';
import { resolveObject } from './objects/resolve-object.js';
import { args, site, type LibraryFinding } from './library-options.js';

/*
 * A client of a package the catalog does not know, given an attempt option that says "forever"
 * in so many words (issue 27): `new Client({ maxRetries: Infinity })`, `connect(url, { retries:
 * Infinity })`. The evidence is the option's key and its value (resolved through constants),
 * never the callee's name: whatever the package is, `maxRetries: Infinity` asks it to retry
 * without a limit. Only Infinity counts: `-1` or `0` mean "forever" in some packages and
 * "never" or "the default" in others, and the file does not say which.
 */

/** The attempt options whose Infinity is read as "no limit". */
export const UNLIMITED_KEYS: readonly string[] = ['maxRetries', 'retries', 'maxAttempts'];

/** Where a package groups its retry settings (`{ retry: { retries: Infinity } }`): read one level down. */
const RETRY_GROUPS = ['retry', 'retryOptions', 'retryPolicy', 'retryConfig'];

/** Keys that bound the retrying by time, whatever the package (`maxRetryTime`, `deadline`, `totalTimeoutMillis`). */
const TIME_BOUND = /^(?:maxRetryTime|maxElapsed\w*|deadline\w*|totalTimeout\w*|maxRetryDuration\w*|retryTimeout\w*|maxDuration\w*)$/i;

/** A cheap text test before any call is looked at: one of the keys, and Infinity somewhere. */
export const UNLIMITED_TEXT = { test: (text: string): boolean => /\b(?:maxRetries|retries|maxAttempts)\b/.test(text) && /\bInfinity\b|\bPOSITIVE_INFINITY\b/.test(text) };

/**
 * The site of a call or `new` of an import from `module` (a package, not a relative path, not a
 * catalog library) whose options object sets one of UNLIMITED_KEYS to Infinity.
 */
export function unlimitedOption(call: TSESTree.CallExpression | TSESTree.NewExpression, module: string, imported: string, members: string[], ctx: AnalysisContext, envOf: () => Env): LibraryFinding | undefined {
  if (module === '' || module.startsWith('.') || module.startsWith('/')) return undefined;
  const env = envOf();
  for (const arg of args(call)) {
    const object = arg && resolveObject(arg, env);
    if (!object) continue;
    const found = unlimitedIn(object, env);
    if (!found) continue;
    const name = members.length > 0 ? members[members.length - 1] : imported === 'default' || imported === '*' ? undefined : imported;
    const callee = name ? `${call.type === 'NewExpression' ? 'new ' : ''}\`${name}${call.type === 'NewExpression' ? '' : '()'}\`` : `the ${call.type === 'NewExpression' ? 'class' : 'call'}`;
    const result = site(module, call, found.prop.loc, { maxAttempts: 'unbounded', delay: { kind: 'unknown' }, jitter: 'unknown' }, { delay: false, jitter: false, attempts: false }, { optionsObject: found.holder });
    // A total-time limit or an abort signal next to it bounds the retrying all the same.
    const siblings = found.holder.properties.map((p) => (p.type === 'Property' ? keyOf(p) : undefined));
    result.deadlineBound = siblings.some((k) => k !== undefined && TIME_BOUND.test(k));
    result.abortAware = siblings.includes('signal');
    result.declared = { noun: `\`${found.key}: Infinity\` given to ${callee} from '${module}'`, edits: { options: -1 } };
    return { site: result };
  }
  return undefined;
}

function unlimitedIn(object: TSESTree.ObjectExpression, env: Env, depth = 0): { prop: TSESTree.Property; key: string; holder: TSESTree.ObjectExpression } | undefined {
  for (const key of UNLIMITED_KEYS) {
    const prop = getProperty(object, key);
    if (prop && staticNumber(prop.value as Node, env.ctx) === Infinity) return { prop, key, holder: object };
  }
  if (depth > 0) return undefined;
  for (const p of object.properties) {
    if (p.type !== 'Property' || !RETRY_GROUPS.includes(keyOf(p) ?? '')) continue;
    const inner = resolveObject(unwrap(p.value as Node), env);
    const found = inner && unlimitedIn(inner, env, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function keyOf(p: TSESTree.Property): string | undefined {
  if (p.computed) return undefined;
  return p.key.type === 'Identifier' ? p.key.name : p.key.type === 'Literal' && typeof p.key.value === 'string' ? p.key.value : undefined;
}
