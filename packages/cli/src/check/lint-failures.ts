import type { ESLint, Linter } from 'eslint';

/**
 * Files ESLint could not lint: a rule threw, the parser crashed in a way ESLint surfaces as
 * an exception, the file could not be read. ESLint's lintFiles rejects on the first such
 * file and the results of every other file are lost with it; `check` reports each of them
 * as one fatal message of its own and the rest as usual.
 */
export interface LintFailure {
  filePath: string;
  /** One line: the error's first line, and the rule and line ESLint names when it does. */
  reason: string;
  /** The line the failing rule was visiting, when ESLint says. */
  line?: number;
}

/** What each file gave: its result, or why it has none. In the order of the files asked for. */
export type Outcome = { result: ESLint.LintResult } | { failure: LintFailure };

/** A reason long enough to act on, short enough that a hostile message cannot flood a report. */
const MAX_REASON = 500;

type LintError = Error & { ruleId?: unknown; currentNode?: { loc?: { start?: { line?: unknown } } } };

export function reasonOf(error: unknown): { reason: string; line?: number } {
  const e = (typeof error === 'object' && error !== null ? error : { message: String(error) }) as LintError;
  const message = typeof e.message === 'string' ? e.message : String(error);
  // ESLint appends where it was, on lines of their own; from worker threads only the text survives.
  const ruleId = typeof e.ruleId === 'string' ? e.ruleId : /\nRule: "([^"\n]+)"/.exec(message)?.[1];
  const nodeLine = e.currentNode?.loc?.start?.line;
  const line = typeof nodeLine === 'number' ? nodeLine : Number(/\nOccurred while linting [^\n]*:(\d+)(?:\n|$)/.exec(message)?.[1]) || undefined;
  const first = (message.split('\n')[0] ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  const name = typeof e.name === 'string' && e.name !== '' && e.name !== 'Error' ? `${e.name}: ` : '';
  const where = [ruleId && `rule ${ruleId}`, line && `line ${line}`].filter(Boolean).join(', ');
  let reason = `${name}${first || 'unknown error'}`;
  if (reason.length > MAX_REASON) reason = `${reason.slice(0, MAX_REASON - 1)}…`;
  return { reason: where ? `${reason} (${where})` : reason, ...(line ? { line } : {}) };
}

export const FAILURE_TEXT = 'could not lint this file';

/**
 * A failure in ESLint's result shape, so every format and a JSON reader see a file with one
 * fatal error: `messages[0]` names the reason, `line` where ESLint said the rule was.
 */
export function failureResult(failure: LintFailure): ESLint.LintResult {
  const message: Linter.LintMessage = {
    ruleId: null,
    fatal: true,
    severity: 2,
    message: `${FAILURE_TEXT}: ${failure.reason}`,
    line: failure.line ?? 1,
    column: 1,
  } as Linter.LintMessage;
  return {
    filePath: failure.filePath,
    messages: [message],
    suppressedMessages: [],
    errorCount: 1,
    fatalErrorCount: 1,
    warningCount: 0,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
    usedDeprecatedRules: [],
  };
}

/**
 * Lints the files, and when ESLint rejects, the two halves apart, down to the files that
 * fail alone: a run with no failing file costs one call, as before; each failing file costs
 * about two calls per halving (log₂ of the files), not a call per file.
 */
export async function lintEach(lint: (files: string[]) => Promise<ESLint.LintResult[]>, files: string[]): Promise<Outcome[]> {
  if (files.length === 0) return [];
  try {
    return (await lint(files)).map((result) => ({ result }));
  } catch (error) {
    if (files.length === 1) return [{ failure: { filePath: files[0]!, ...reasonOf(error) } }];
    const half = Math.ceil(files.length / 2);
    return [...(await lintEach(lint, files.slice(0, half))), ...(await lintEach(lint, files.slice(half)))];
  }
}
