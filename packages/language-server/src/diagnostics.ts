import { describeAttempts, describeDelay } from '@retry-hygiene/analysis';
import type { Linter } from 'eslint';
import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation, type Range } from 'vscode-languageserver';
import { PLUGIN_PREFIX, type Analysis, type LintEngine, type SiteLoc, type SiteView } from './engine.js';
import type { SeverityName } from './settings.js';

export const SOURCE = 'retry-hygiene';

const SEVERITY: Record<Exclude<SeverityName, 'off'>, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** What a diagnostic carries back to a code-action request (clients return `data` as sent). */
export interface DiagnosticData {
  version: number;
  /** Index into Analysis.messages. */
  index: number;
}

/** ESLint's 1-based line and column (UTF-16 units, as LSP's default encoding) to an LSP range. */
export function rangeOf(message: Pick<Linter.LintMessage, 'line' | 'column' | 'endLine' | 'endColumn'>): Range {
  const start = { line: Math.max(0, message.line - 1), character: Math.max(0, message.column - 1) };
  const end =
    message.endLine !== undefined && message.endColumn !== undefined
      ? { line: message.endLine - 1, character: message.endColumn - 1 }
      : { line: start.line, character: start.character };
  return { start, end };
}

/** An ESTree location (1-based lines, 0-based columns) to an LSP range. */
export function rangeOfLoc(loc: SiteLoc): Range {
  return { start: { line: loc.start.line - 1, character: loc.start.column }, end: { line: loc.end.line - 1, character: loc.end.column } };
}

/** The retry site a rule reported this message on (rules report at the site's loc). */
export function siteOf(analysis: Analysis, message: Pick<Linter.LintMessage, 'line' | 'column'>): SiteView | undefined {
  return analysis.sites.find((s) => s.loc.start.line === message.line && s.loc.start.column + 1 === message.column);
}

/** What a diagnostic about the file rather than a finding carries in `data`: why there are no findings. */
export interface ProblemData {
  problem: Exclude<Analysis['status'], 'ok'>;
}

/**
 * How a syntax error is published: `error` (the default: for a client with no other JS/TS
 * checker, it is the only word on why the findings went), `hint` for a client whose own
 * TypeScript/JavaScript service already reports it (VS Code: one entry in the Problems panel,
 * not two, while the hint still tells a client why this server has no findings), `off`.
 */
export type SyntaxErrors = 'error' | 'hint' | 'off';

/** The diagnostic code of a rule: the plugin's rules by their own name (the source says whose they are). */
export function codeOf(ruleId: string): string {
  return ruleId.startsWith(PLUGIN_PREFIX) ? ruleId.slice(PLUGIN_PREFIX.length) : ruleId;
}

export function toDiagnostics(analysis: Analysis, engine: LintEngine, syntaxErrors: SyntaxErrors = 'error'): Diagnostic[] {
  if (analysis.problem) {
    if (analysis.status === 'parse-error' && syntaxErrors === 'off') return [];
    const { message, line, column } = analysis.problem;
    const at = { line: Math.max(0, line - 1), character: Math.max(0, column - 1) };
    const severity =
      analysis.status === 'parse-error'
        ? syntaxErrors === 'hint'
          ? DiagnosticSeverity.Hint
          : DiagnosticSeverity.Error
        : analysis.status === 'too-large' || analysis.status === 'skipped'
          ? DiagnosticSeverity.Information
          : DiagnosticSeverity.Warning;
    const data: ProblemData = { problem: analysis.status as ProblemData['problem'] };
    return [{ range: { start: at, end: at }, severity, source: SOURCE, message, data }];
  }
  return analysis.messages.map((message, index) => {
    const ruleId = message.ruleId!;
    const severity = engine.severityOf(ruleId);
    const diagnostic: Diagnostic = {
      range: rangeOf(message),
      severity: severity && severity !== 'off' ? SEVERITY[severity] : DiagnosticSeverity.Warning,
      source: SOURCE,
      code: codeOf(ruleId),
      message: message.message,
      data: { version: analysis.version, index } satisfies DiagnosticData,
    };
    const url = engine.docsUrl(ruleId);
    if (url) diagnostic.codeDescription = { href: url };
    const related = relatedOf(analysis, message);
    if (related.length > 0) diagnostic.relatedInformation = related;
    return diagnostic;
  });
}

/** For a nested retry: where each inner retry is, and what it does. */
function relatedOf(analysis: Analysis, message: Pick<Linter.LintMessage, 'ruleId' | 'line' | 'column'>): DiagnosticRelatedInformation[] {
  if (message.ruleId !== 'retry-hygiene/no-nested-retry') return [];
  const site = siteOf(analysis, message);
  if (!site) return [];
  return site.nested.map(({ inner, via }) => ({
    location: { uri: analysis.uri, range: rangeOfLoc(inner.loc) },
    message: `the inner retry${via === 'client' ? ' (a retrying client)' : ''}: ${describeKind(inner)}, ${describeAttempts(inner.policy)}, waiting ${describeDelay(inner.policy)}`,
  }));
}

/** "retry loop", "`connect()` retrying itself", "p-retry call". */
export function describeKind(site: Pick<SiteView, 'kind' | 'library' | 'name' | 'noun'>): string {
  switch (site.kind) {
    case 'loop':
      return 'retry loop';
    case 'recursion':
      if (site.noun) return site.noun;
      return site.name ? `\`${site.name}()\` retrying itself` : 'self-retrying function';
    case 'repeat':
      return site.name ? `\`${site.name}()\` called again after it fails` : 'call made again after it fails';
    case 'library':
      return site.noun ?? `${site.library ?? 'retry library'} call`;
  }
}
