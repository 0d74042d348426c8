import type { RetrySite } from '@retry-hygiene/analysis';
import type { ESLint, Linter } from 'eslint';
import type { HerdComparison, SiteComparison } from './herd.js';
import type { LintFailure } from './lint-failures.js';

export interface Finding {
  message: Linter.LintMessage;
  /** The retry site the message is about, when the herd is wanted and the site was found. */
  site?: RetrySite;
  /** The site's herd beside the same with full jitter and its quick fix's (the same for every finding on the site). */
  comparison?: SiteComparison;
  /** The file could not be linted: this finding is the one error that says why. */
  failure?: LintFailure;
}

export interface FileReport {
  result: ESLint.LintResult;
  findings: Finding[];
}

/** Everything a format needs. */
export interface Report {
  files: FileReport[];
  /** Where the command runs: paths are shown relative to it. */
  cwd: string;
  /** The repository's root (else cwd): SARIF, GitHub annotations and markdown name paths relative to it. */
  root: string;
  herd?: HerdComparison;
  /** Files linted in all (files with no findings included). */
  fileCount: number;
  /** Errors suppressed by the suppressions file. */
  suppressedCount: number;
  version: string;
  /** The plugin's rules: id → docs (for SARIF's rule table and links). */
  rules: Record<string, { description: string; url: string }>;
  /** Colour the terminal report (stylish): see color.ts. */
  color: boolean;
}

export function counts(report: Report) {
  let errors = 0;
  let warnings = 0;
  let withFindings = 0;
  let failed = 0;
  for (const { findings } of report.files) {
    if (findings.some((f) => !f.failure)) withFindings++;
    for (const { message, failure } of findings) {
      if (failure) failed++;
      else if (message.severity === 2) errors++;
      else warnings++;
    }
  }
  // A file that could not be linted is not a problem found in it: counted apart.
  return { errors, warnings, total: errors + warnings, withFindings, failed };
}

/** "; 1 file could not be linted", or nothing: the end of a summary line. */
export function failedNote(failed: number): string {
  return failed > 0 ? `; ${plural(failed, 'file')} could not be linted` : '';
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
