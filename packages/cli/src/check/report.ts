import type { RetrySite } from '@retry-hygiene/analysis';
import type { SimulationResult } from '@retry-hygiene/herd';
import type { ESLint, Linter } from 'eslint';
import type { FixComparison, HerdComparison } from './herd.js';

export interface Finding {
  message: Linter.LintMessage;
  /** The retry site the message is about, when the herd is wanted and the site was found. */
  site?: RetrySite;
  herd?: SimulationResult;
  /** What the site's quick fix does (the same for every finding on the site), or the reference when it has none. */
  fix?: FixComparison;
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
  herd?: HerdComparison;
  /** Files linted in all (files with no findings included). */
  fileCount: number;
  /** Errors suppressed by the suppressions file. */
  suppressedCount: number;
  version: string;
  /** The plugin's rules: id → docs (for SARIF's rule table and links). */
  rules: Record<string, { description: string; url: string }>;
  isTTY: boolean;
}

export function counts(report: Report) {
  let errors = 0;
  let warnings = 0;
  let withFindings = 0;
  for (const { findings } of report.files) {
    if (findings.length > 0) withFindings++;
    for (const { message } of findings) {
      if (message.severity === 2) errors++;
      else warnings++;
    }
  }
  return { errors, warnings, total: errors + warnings, withFindings };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
