/**
 * What the status bar says about a document comes from what the server published for it, not
 * from the editor's merged diagnostics: "checking…" until its first result, then the count of
 * the findings in that result (the rows the Problems panel shows), or why there are none (a
 * syntax error, a file too large, a failed check) when the result is a file-level problem.
 * No VS Code import: unit-tested in tests/status.test.ts.
 */

/** Error = 0, Warning = 1, Information = 2, Hint = 3 (VS Code's DiagnosticSeverity). */
export interface DiagnosticLike {
  severity: number;
  message: string;
  range?: { start: { line: number } };
  /** The server's `data`: `{ problem }` on a diagnostic about the file rather than a finding. */
  data?: unknown;
}

export type Problem = 'parse-error' | 'too-large' | 'skipped' | 'failed';

export type FileCheck =
  | { state: 'checking' }
  | { state: 'checked'; diagnostics: readonly DiagnosticLike[] }
  /** The request for its diagnostics failed, or the server is not running. */
  | { state: 'unavailable'; reason: string }
  /** `retryHygiene.exclude` names it: never sent to the server. */
  | { state: 'excluded'; glob: string }
  /** `retryHygiene.enable` is false: the server answers nothing, which is not "0 findings". */
  | { state: 'disabled' };

/** The server's word that checking a document took longer than `slowFileWarningMs`. */
export interface Slowness {
  lintMs: number;
  limitMs: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function problemOf(diagnostic: DiagnosticLike): Problem | undefined {
  const problem = isObject(diagnostic.data) ? diagnostic.data.problem : undefined;
  return problem === 'parse-error' || problem === 'too-large' || problem === 'skipped' || problem === 'failed' ? problem : undefined;
}

/** The result of each open document's last check, with a listener for changes. */
export class FileChecks {
  private readonly checks = new Map<string, FileCheck>();
  private readonly slowness = new Map<string, Slowness>();
  private readonly listeners = new Set<(uri: string) => void>();

  get(uri: string): FileCheck | undefined {
    return this.checks.get(uri);
  }

  /** A check was asked for: "checking…" only if the document has no result yet (later checks keep the last one shown). */
  asked(uri: string): void {
    const known = this.checks.get(uri);
    if (known?.state === 'checked') return;
    this.set(uri, { state: 'checking' });
  }

  published(uri: string, diagnostics: readonly DiagnosticLike[]): void {
    this.set(uri, { state: 'checked', diagnostics: [...diagnostics] });
  }

  failed(uri: string, reason: string): void {
    this.set(uri, { state: 'unavailable', reason });
  }

  excluded(uri: string, glob: string): void {
    const known = this.checks.get(uri);
    if (known?.state === 'excluded' && known.glob === glob) return;
    this.set(uri, { state: 'excluded', glob });
  }

  /** The server's latest word on how long checking the document takes: slow, or (undefined) not. */
  slow(uri: string, slowness: Slowness | undefined): void {
    if (slowness) this.slowness.set(uri, slowness);
    else if (!this.slowness.delete(uri)) return;
    this.fire(uri);
  }

  slownessOf(uri: string): Slowness | undefined {
    return this.slowness.get(uri);
  }

  forget(uri: string): void {
    const had = this.slowness.delete(uri);
    if (this.checks.delete(uri) || had) this.fire(uri);
  }

  /** Every document's result is stale (the server restarted or stopped). */
  reset(reason?: string): void {
    this.slowness.clear();
    for (const uri of [...this.checks.keys()]) {
      if (reason === undefined) this.checks.delete(uri);
      else this.checks.set(uri, { state: 'unavailable', reason });
      this.fire(uri);
    }
  }

  onChange(listener: (uri: string) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private set(uri: string, check: FileCheck): void {
    this.checks.set(uri, check);
    this.fire(uri);
  }

  private fire(uri: string): void {
    for (const listener of this.listeners) listener(uri);
  }
}

export interface StatusText {
  text: string;
  tooltip: string;
  /** Findings in the file; undefined when it is not checked (checking, or a problem). */
  count?: number;
}

const seconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`);

/**
 * The status bar item's words for a document's check (undefined: nothing received yet, i.e.
 * checking), with the server's warning that checking it is slow, if any.
 */
export function statusOf(check: FileCheck | undefined, slow?: Slowness): StatusText {
  const status = baseStatusOf(check);
  if (!slow || check?.state !== 'checked') return status;
  return {
    ...status,
    text: status.text.replace('$(pulse)', '$(watch)'),
    tooltip: `${status.tooltip}\nChecking this file took ${seconds(slow.lintMs)}, more than retryHygiene.slowFileWarningMs (${seconds(slow.limitMs)}).`,
  };
}

function baseStatusOf(check: FileCheck | undefined): StatusText {
  if (!check || check.state === 'checking') return { text: '$(sync~spin) retry-hygiene: checking…', tooltip: 'retry-hygiene is checking this file for the first time.' };
  if (check.state === 'unavailable') return { text: '$(warning) retry-hygiene: not checked', tooltip: `retry-hygiene could not check this file: ${check.reason}` };
  if (check.state === 'disabled') return { text: '$(circle-slash) retry-hygiene: off', tooltip: 'retryHygiene.enable is false: no file is checked.' };
  if (check.state === 'excluded') return { text: '$(circle-slash) retry-hygiene: excluded', tooltip: `retryHygiene.exclude names this file (${check.glob}): it is not checked.` };
  const problem = check.diagnostics.find((d) => problemOf(d) !== undefined);
  if (problem) {
    const where = problem.range ? ` (line ${problem.range.start.line + 1})` : '';
    switch (problemOf(problem)) {
      case 'parse-error':
        return { text: '$(error) retry-hygiene: syntax error', tooltip: `retry-hygiene cannot check this file until it parses: ${problem.message}${where}.` };
      case 'too-large':
      case 'skipped':
        return { text: '$(circle-slash) retry-hygiene: skipped', tooltip: problem.message };
      default:
        return { text: '$(warning) retry-hygiene: check failed', tooltip: problem.message };
    }
  }
  const count = check.diagnostics.length;
  if (count === 0) return { text: '$(pulse) 0 retry findings', tooltip: 'retry-hygiene: no retry problem in this file', count };
  const errors = check.diagnostics.filter((d) => d.severity === 0).length;
  const warnings = check.diagnostics.filter((d) => d.severity === 1).length;
  const others = count - errors - warnings;
  const parts = [
    errors ? `${errors} error${errors === 1 ? '' : 's'}` : '',
    warnings ? `${warnings} warning${warnings === 1 ? '' : 's'}` : '',
    others ? `${others} other` : '',
  ].filter(Boolean);
  return {
    text: `$(pulse) ${count} retry finding${count === 1 ? '' : 's'}`,
    tooltip: `retry-hygiene: ${parts.join(', ')} in this file. Click to open the Problems panel.`,
    count,
  };
}
