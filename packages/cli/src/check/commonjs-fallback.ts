import type { ESLint } from 'eslint';
import { lintEach, type Outcome } from './lint-failures.js';
import { failedToParse, type SourceTypes } from './module-kind.js';

/**
 * The second reading of the .js files whose package has no `"type"`: those that did not parse
 * as modules are linted again as CommonJS, as Node runs them, and that result is kept when it
 * parses. A file that parses neither way keeps its first parse error. Only files that failed
 * pay for a second lint. Returns the files now read as CommonJS.
 */
export async function relintAsCommonjs(
  outcomes: Outcome[],
  types: SourceTypes,
  commonjsESLint: () => Promise<ESLint>,
  relint: (eslint: ESLint, files: string[]) => Promise<ESLint.LintResult[]> = (eslint, files) => eslint.lintFiles(files),
): Promise<Set<string>> {
  const retry = new Map<string, number>();
  outcomes.forEach((outcome, i) => {
    if ('result' in outcome && types.ambiguous.has(outcome.result.filePath) && failedToParse(outcome.result.messages)) retry.set(outcome.result.filePath, i);
  });
  const commonjs = new Set<string>();
  if (retry.size === 0) return commonjs;
  const eslint = await commonjsESLint();
  for (const outcome of await lintEach((files) => relint(eslint, files), [...retry.keys()])) {
    if (!('result' in outcome) || failedToParse(outcome.result.messages)) continue;
    outcomes[retry.get(outcome.result.filePath)!] = outcome;
    commonjs.add(outcome.result.filePath);
  }
  return commonjs;
}
