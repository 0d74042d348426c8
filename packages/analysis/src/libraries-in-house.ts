import type { TSESTree } from '@typescript-eslint/utils';
import type { AnalysisContext } from './context.js';
import type { Env } from './evaluate.js';
import type { HelperSpec } from './helper-specs.js';
import { args, attemptsFromRetries, boolOption, exponential, numberOption, operationScope, optionsOf, site, type LibraryCall, type LibraryFinding } from './library-options.js';
import type { RetryPolicy } from './types.js';

/**
 * A call of a project's own retry helper declared in the settings (helper-specs.ts), read
 * as a catalogued library's: the options the spec names, the package's defaults for what the
 * call leaves out. `site.library` is the module; the messages name the call
 * (`This call of \`withRetry()\` from '@acme/retry' …`, `declared.noun`).
 */
export function inHouseSite(spec: HelperSpec, m: LibraryCall): LibraryFinding | undefined {
  if (m.call.type !== 'CallExpression') return undefined;
  const options = optionsOf(m.a[spec.options], m.env);
  const read = (name: string | undefined, fallback: number) => (name ? numberOption(options, name, fallback, m.env) : fallback);
  const present = (name: string | undefined) => (name ? options.get(name).present : false);
  const fallbackAttempts = spec.defaultAttempts === 'unbounded' ? Infinity : spec.defaultAttempts;
  const maxAttempts: RetryPolicy['maxAttempts'] = spec.retries
    ? attemptsFromRetries(read(spec.retries, fallbackAttempts - 1), false)
    : (() => {
        const n = read(spec.attempts, fallbackAttempts);
        return n === 'unknown' ? 'unknown' : Number.isFinite(n) ? Math.max(1, n) : 'unbounded';
      })();
  const base = read(spec.delay, spec.defaultDelayMs);
  const factor = read(spec.factor, spec.defaultFactor);
  // No cap declared: none (exponential() sets a cap only when it is a finite number).
  const cap = read(spec.maxDelay, spec.defaultMaxDelayMs ?? Infinity);
  const jitter = spec.jitter ? boolOption(options, spec.jitter, spec.defaultJitter, m.env) : spec.defaultJitter;
  const delay = exponential(base, factor, cap);
  const policy: RetryPolicy = { maxAttempts, delay, jitter: jitter === 'unknown' ? 'unknown' : jitter ? 'full' : 'none' };
  const result = site(spec.module, m.call, m.call.loc, policy, {
    attempts: !present(spec.attempts ?? spec.retries),
    delay: !present(spec.delay) && !present(spec.factor),
    jitter: !present(spec.jitter),
  });
  const named = spec.export === 'default' ? 'default export' : `\`${spec.export}()\``;
  result.declared = {
    noun: `call of ${named} from '${spec.module}'`,
    ...(spec.jitter ? { jitterFix: `Set \`${spec.jitter}: true\`` } : {}),
    // The options a quick fix may set (its jitter switch, its attempt count).
    edits: { options: spec.options, ...(spec.jitter ? { jitter: spec.jitter } : {}), ...(spec.attempts ? { attempts: spec.attempts } : {}), ...(spec.retries ? { retries: spec.retries } : {}) },
  };
  const operation = operationScope(m.a[spec.options === 0 ? 1 : 0], m.env.ctx);
  if (operation) result.operationScope = operation;
  return { site: result };
}

/** A call of a helper the settings declare (`withRetry(fn, opts)`, `retry.default(…)`, `ns.withRetry(…)`). */
export function inHouseCall(call: TSESTree.CallExpression | TSESTree.NewExpression, module: string, imported: string, members: string[], ctx: AnalysisContext, envOf: () => Env): LibraryFinding | undefined {
  if (call.type !== 'CallExpression' || ctx.helpers.length === 0) return undefined;
  const name = members.length === 0 ? imported : (imported === '*' || imported === 'default') && members.length === 1 ? members[0] : undefined;
  const spec = ctx.helpers.find((h) => h.module === module && (h.export === name || (h.export === 'default' && members.length === 0 && imported === '*')));
  if (!spec) return undefined;
  return inHouseSite(spec, { call, isNew: false, module, imported, members, a: args(call), env: envOf() });
}
