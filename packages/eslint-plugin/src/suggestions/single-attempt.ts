import type { RetrySite } from '@retry-hygiene/analysis';
import type { TSESTree } from '@typescript-eslint/utils';
import { option } from './option-edit.js';
import { findProperty } from './text.js';
import type { Fixer, Node, SourceCode, Suggestion } from './types.js';

/**
 * no-nested-retry's suggestions: make one layer of a nested retry a single attempt, so that
 * only the other layer retries. Which layer should keep retrying is the person's call, so each
 * layer the file can edit gets its own suggestion; none of them is a fix.
 */

/** How one layer becomes a single attempt, in its own terms (`retries: 0`, `maxAttempts: 1`). */
interface OneAttempt {
  /** How the title names the edit. */
  edit: string;
  fix: Suggestion['fix'];
}

/**
 * The option each catalog library counts its attempts by, and the value that makes one call:
 * [argument index of the options object, option name, value]. Read from each library's source
 * (catalog.ts `checked`): `retries` counts the retries after the first call, `maxAttempts` and
 * `numOfAttempts` count the calls.
 */
const SINGLE_ATTEMPT: Readonly<Record<string, readonly [number, string, string]>> = {
  'p-retry': [1, 'retries', '0'],
  'async-retry': [1, 'retries', '0'],
  'promise-retry': [1, 'retries', '0'],
  'exponential-backoff': [1, 'numOfAttempts', '1'],
  cockatiel: [1, 'maxAttempts', '0'],
  'axios-retry': [1, 'retries', '0'],
  'fetch-retry': [1, 'retries', '0'],
  '@lifeomic/attempt': [1, 'maxAttempts', '1'],
  '@retry-hygiene/retry': [1, 'maxAttempts', '1'],
  got: [1, 'retry', '{ limit: 0 }'],
  ky: [1, 'retry', '{ limit: 0 }'],
  '@upstash/redis': [0, 'retry', 'false'],
};

/**
 * A library site made a single attempt by its count option: set in an options object written
 * at the call, or added as the options argument when the call has none. An options object held
 * in a variable may be shared, and `forever: true` outranks a count: neither is edited.
 */
export function singleAttemptOption(site: RetrySite, sourceCode: SourceCode): OneAttempt | undefined {
  if (site.kind !== 'library' || site.library === undefined) return undefined;
  const entry = SINGLE_ATTEMPT[site.library];
  const call = site.node;
  if (!entry || (call.type !== 'CallExpression' && call.type !== 'NewExpression')) return undefined;
  const [, name, value] = entry;
  const index = site.library === 'got' || site.library === 'ky' ? httpOptionsIndex(call) : entry[0];
  if (index === undefined) return undefined;
  const options = call.arguments[index];
  if (options?.type === 'ObjectExpression' && (findProperty(options, 'forever') || options.properties.some((p) => p.type === 'SpreadElement'))) return undefined;
  // The same option edit as the library's bound (set in the object written, or the object added).
  const edit = option(call, index, name, value, `\`${name}: ${value}\``, { sourceCode });
  return edit && { edit: edit.data.edit as string, fix: edit.fix };
}

/**
 * Where got and ky take their options: the object already written (a request's or a client's
 * `create`/`extend`), else after a request's URL, else as a new client's only argument.
 */
function httpOptionsIndex(call: TSESTree.CallExpression | TSESTree.NewExpression): number | undefined {
  const written = call.arguments.findIndex((a) => a.type === 'ObjectExpression');
  if (written >= 0) return written;
  const member = call.callee.type === 'MemberExpression' && call.callee.property.type === 'Identifier' ? call.callee.property.name : undefined;
  if (member === 'create' || member === 'extend') return call.arguments.length === 0 ? 0 : undefined;
  return call.arguments.length === 1 ? 1 : undefined;
}

/**
 * A hand-written retry's rewrite to retry() (a proven one: the same value, the same final
 * error) turned into a single attempt: `maxAttempts: 1`, and without the delay options that
 * no longer apply. The rewrite's text is changed in its options block only — the last
 * `maxAttempts:` line, which the renderers write first in the options they add after the body.
 */
export function singleAttemptRewrite(rewrite: Suggestion): OneAttempt {
  return {
    edit: 'rewritten with retry() and `maxAttempts: 1`',
    fix: (fixer: Fixer) =>
      // ESLint's fixer keeps private state: its other methods are called on the fixer itself.
      rewrite.fix(
        new Proxy(fixer, {
          get: (target, key) => {
            if (key === 'replaceTextRange') return (range: readonly [number, number], text: string) => target.replaceTextRange(range, oneAttemptText(text));
            const value: unknown = Reflect.get(target, key);
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          },
        }),
      ),
  };
}

const DELAY_OPTION = /^(baseMs|factor|capMs|jitter): [^\n]*,$/;

function oneAttemptText(text: string): string {
  const lines = text.split('\n');
  let at = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    if (/^\s*maxAttempts: .*,$/.test(lines[i] as string)) {
      at = i;
      break;
    }
  }
  if (at < 0) return text;
  const line = lines[at] as string;
  const indent = line.slice(0, line.length - line.trimStart().length);
  lines[at] = `${indent}maxAttempts: 1,`;
  let end = at + 1;
  while (end < lines.length && (lines[end] as string).startsWith(indent) && DELAY_OPTION.test((lines[end] as string).slice(indent.length))) end++;
  lines.splice(at + 1, end - at - 1);
  return lines.join('\n');
}

/** Whether a node lies in this file's tree (an inner site reached through an import does not). */
export function inThisFile(node: Node, sourceCode: SourceCode): boolean {
  let n: Node | undefined = node;
  while (n.parent) n = n.parent;
  return n === (sourceCode.ast as unknown as Node);
}
