import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatDuration, herdSparklines, tradeOffNote, type SimulationResult } from '@retry-hygiene/herd';
import { SAME_WITH_JITTER_LABEL, herdNumbers, type SiteComparison } from './herd.js';
import { displayPath, posixPath, ruleLabel } from './labels.js';
import { markdown } from './markdown.js';
import { jsonSuggestions } from './json-suggestions.js';
import { FAILURE_TEXT } from './lint-failures.js';
import { counts, failedNote as failedFiles, plural, type Finding, type Report } from './report.js';

export const FORMATS = ['stylish', 'json', 'sarif', 'github', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

export function render(format: Format, report: Report): string {
  switch (format) {
    case 'stylish':
      return stylish(report);
    case 'json':
      return `${JSON.stringify(json(report), null, 2)}\n`;
    case 'sarif':
      return `${JSON.stringify(sarif(report), null, 2)}\n`;
    case 'github':
      return github(report);
    case 'markdown':
      return markdown(report);
  }
}

/** Whether this finding is the last of its retry site (the herd is shown once per site). */
function lastOfSite(findings: Finding[], i: number): boolean {
  const next = findings[i + 1];
  return !next || next.site !== findings[i]!.site;
}

// ——— stylish ———————————————————————————————————————————————————————————————

const SPARK_WIDTH = 30;

function stylish(report: Report): string {
  const color = report.color ? (code: string, text: string) => `\u001b[${code}m${text}\u001b[0m` : (_: string, text: string) => text;
  const lines: string[] = [];
  const byRule = new Map<string, number>();
  const herd = report.herd;
  let shownHerd = false;
  for (const { result, findings } of report.files) {
    if (findings.length === 0) continue;
    const failure = findings[0]!.failure;
    if (failure) {
      lines.push(`${color('4', displayPath(report.cwd, result.filePath))}  ${color('31', 'error')}  ${FAILURE_TEXT}: ${failure.reason}`, '');
      continue;
    }
    lines.push(color('4', displayPath(report.cwd, result.filePath)));
    // As wide as the file's widest `line:column` and two spaces, so a position in a long line never runs into the severity.
    const width = findings.reduce((w, { message }) => Math.max(w, `${message.line}:${message.column}`.length + 2), 8);
    const indent = ' '.repeat(2 + width);
    findings.forEach((finding, i) => {
      const { message } = finding;
      const severity = message.severity === 2 ? color('31', 'error') : color('33', 'warning');
      const rule = ruleLabel(message);
      byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
      lines.push(`  ${`${message.line}:${message.column}`.padEnd(width)}${severity}  ${message.message}  ${color('2', rule)}`);
      if (herd && finding.comparison && lastOfSite(findings, i)) {
        shownHerd = true;
        for (const row of comparisonRows(finding.comparison)) lines.push(`${indent}${color('2', row.key.padEnd(6))}  ${row.spark}  ${row.label}: ${row.summary}`);
        const note = comparisonNote(finding.comparison);
        if (note) lines.push(`${indent}${' '.repeat(8)}${color('2', note)}`);
      }
    });
    lines.push('');
  }
  const { errors, warnings, total, withFindings, failed } = counts(report);
  const suppressed = report.suppressedCount > 0 ? ` (${plural(report.suppressedCount, 'error')} suppressed)` : '';
  if (total === 0 && failed === 0) return `${color('32', '✔')} no retry problems in ${plural(report.fileCount, 'file')}${suppressed}\n`;
  if (herd && shownHerd) {
    lines.push(color('2', `herd:   the simulated load of each retry: ${herd.describeScenario()}; set with --clients, --capacity, --outage.`));
    lines.push(color('2', `jitter: the same attempts and waits with full jitter; fix: after the quick fix the editor offers (its title), in the same outage.`));
    lines.push('');
  }
  const ruleSummary = [...byRule]
    .map(([rule, n]) => [rule.replace('retry-hygiene/', ''), n] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([rule, n]) => `${n} ${rule}`)
    .join(', ');
  lines.push(
    color(errors > 0 || failed > 0 ? '31' : '33', `✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${withFindings} of ${plural(report.fileCount, 'file')}${suppressed}${failedFiles(failed)}`),
  );
  if (ruleSummary) lines.push(`  ${ruleSummary}`);
  return `${lines.join('\n')}\n`;
}

interface ComparisonRow {
  key: string;
  label: string;
  spark: string;
  summary: string;
}

/** The site, the same with full jitter, the quick fix: one line each, sparklines on one time axis. */
function comparisonRows(comparison: SiteComparison): ComparisonRow[] {
  const { site, fix, outageMs, auto, fixIsJitterAlone } = comparison;
  const jittered = fixIsJitterAlone ? undefined : comparison.jittered;
  const rows: Omit<ComparisonRow, 'spark'>[] = [
    { key: 'herd', label: auto ? `this retry (server down ${formatDuration(outageMs)})` : 'this retry', summary: comparisonSummaryOf(site) },
    ...(jittered ? [{ key: 'jitter', label: SAME_WITH_JITTER_LABEL, summary: comparisonSummaryOf(jittered) }] : []),
    ...(fix ? [{ key: 'fix', label: fixIsJitterAlone ? `${fix.label} (${fix.addsJitter ? 'same budget' : SAME_WITH_JITTER_LABEL})` : fix.label, summary: comparisonSummaryOf(fix.herd) }] : []),
  ];
  const sparks = herdSparklines([site, ...(jittered ? [jittered] : []), ...(fix ? [fix.herd] : [])], SPARK_WIDTH);
  return rows.map((row, i) => ({ ...row, spark: sparks[i]! }));
}

/** What the numbers alone would hide: jitter with the same budget gave up on clients the site served. */
function comparisonNote({ site, jittered }: SiteComparison): string | undefined {
  return jittered ? tradeOffNote(site, jittered) : undefined;
}

function comparisonSummaryOf(result: SimulationResult): string {
  return herdNumbers(result).summary;
}

/** A site's comparison in a machine-readable report: the outage, then each herd's numbers and policy. */
function comparisonNumbers(comparison: SiteComparison, policy: unknown) {
  const { site, jittered, fix, outageMs, auto } = comparison;
  return {
    outageMs,
    outageChosen: auto ? 'half the retry\'s span, at most 10 s' : 'set',
    herd: herdNumbers(site),
    ...(jittered ? { jitterHerd: { policy: { ...(policy as object), jitter: 'full' }, ...herdNumbers(jittered) } } : {}),
    ...(fix ? { fixHerd: { title: fix.label, policy: fix.policy, ...herdNumbers(fix.herd) } } : {}),
  };
}

// ——— json ——————————————————————————————————————————————————————————————————

/**
 * ESLint's own result shape (absolute paths, messageId…), each message with its site's
 * policy and herds; without the file's `source`, and each suggestion with minimal `edits`
 * for ESLint's merged `fix`: the report grows with the findings, not with the file.
 */
function json(report: Report) {
  return report.files.map(({ result, findings }) => {
    const { source: kept, ...rest } = result;
    let source: string | undefined;
    const sourceText = () => (source ??= kept ?? readOrEmpty(result.filePath));
    return {
      ...rest,
      messages: findings.map(({ message, site, comparison }) => ({
        ...message,
        ...(message.suggestions ? { suggestions: jsonSuggestions(message.suggestions, sourceText()) } : {}),
        ...(site ? { policy: site.policy } : {}),
        ...(site && comparison ? comparisonNumbers(comparison, site.policy) : {}),
      })),
    };
  });
}

// ——— sarif —————————————————————————————————————————————————————————————————

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const FINGERPRINT = 'retryHygiene/v1';

/**
 * SARIF 2.1.0 for code scanning. Paths relative to the repository's root (uriBaseId %SRCROOT%),
 * absolute file URIs for files outside it. Each result has a partial fingerprint from the
 * file, the rule and the text of the reported line (not its number) and an occurrence
 * count, so a finding keeps its identity when code above it moves.
 */
function sarif(report: Report) {
  const ruleIds = Object.keys(report.rules).sort();
  const results: unknown[] = [];
  const notifications: unknown[] = [];
  // A file that could not be linted makes the run unsuccessful: its results are incomplete.
  let failed = false;
  for (const { result, findings } of report.files) {
    if (findings.length === 0) continue;
    const location = artifactLocation(report.root, result.filePath);
    const lines = findings[0]!.failure ? [] : sourceLines(result.source ?? readOrEmpty(result.filePath));
    const seen = new Map<string, number>();
    findings.forEach(({ message, site, comparison, failure }) => {
      if (failure) {
        failed = true;
        notifications.push({
          level: 'error',
          message: { text: `${FAILURE_TEXT}: ${failure.reason}` },
          locations: [{ physicalLocation: { artifactLocation: location, ...(failure.line ? { region: { startLine: failure.line } } : {}) } }],
        });
        return;
      }
      const region = {
        startLine: Math.max(1, message.line),
        startColumn: Math.max(1, message.column),
        ...(message.endLine ? { endLine: message.endLine } : {}),
        ...(message.endColumn ? { endColumn: message.endColumn } : {}),
      };
      if (!message.ruleId) {
        notifications.push({
          level: 'error',
          message: { text: message.message },
          locations: [{ physicalLocation: { artifactLocation: location, region } }],
        });
        return;
      }
      const key = `${posixPath(report.root, result.filePath)}\0${message.ruleId}\0${(lines[message.line - 1] ?? '').replace(/\s+/g, ' ').trim()}`;
      const occurrence = (seen.get(key) ?? 0) + 1;
      seen.set(key, occurrence);
      const index = ruleIds.indexOf(message.ruleId);
      results.push({
        ruleId: message.ruleId,
        ...(index >= 0 ? { ruleIndex: index } : {}),
        level: message.severity === 2 ? 'error' : 'warning',
        message: { text: herdMessage(message.message, comparison) },
        locations: [{ physicalLocation: { artifactLocation: location, region } }],
        partialFingerprints: { [FINGERPRINT]: `${createHash('sha256').update(key).digest('hex').slice(0, 32)}:${occurrence}` },
        ...(site && comparison ? { properties: { policy: site.policy, ...comparisonNumbers(comparison, site.policy) } } : {}),
      });
    });
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'retry-hygiene',
            version: report.version,
            informationUri: 'https://github.com/retry-hygiene/retry-hygiene',
            rules: ruleIds.map((id) => ({
              id,
              name: id.replace('retry-hygiene/', ''),
              shortDescription: { text: report.rules[id]!.description },
              helpUri: report.rules[id]!.url,
              help: { text: `${report.rules[id]!.description}. ${report.rules[id]!.url}` },
              defaultConfiguration: { level: 'error' },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: `${pathToFileURL(report.root).href.replace(/\/?$/, '/')}` } },
        invocations: [{ executionSuccessful: !failed, toolExecutionNotifications: notifications }],
        results,
      },
    ],
  };
}

/** A finding's text with its comparison, a line each (SARIF and GitHub annotations carry no table). */
function herdMessage(text: string, comparison: SiteComparison | undefined): string {
  if (!comparison) return text;
  return [text, ...comparisonRows(comparison).map((row) => `${row.key === 'herd' ? 'Herd, ' : row.key === 'jitter' ? 'Jitter alone, ' : 'Fix, '}${row.label}: ${row.summary}.`)].join('\n');
}

function artifactLocation(cwd: string, filePath: string) {
  if (!isAbsolute(filePath)) return { uri: encodeURIComponent(filePath) };
  const rel = relative(cwd, filePath);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return { uri: pathToFileURL(filePath).href };
  return { uri: rel.split(sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function sourceLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

// ——— github ————————————————————————————————————————————————————————————————

/** Workflow commands: each finding becomes an annotation on the pull request's diff. */
function github(report: Report): string {
  const out: string[] = [];
  for (const { result, findings } of report.files) {
    for (const { message, comparison, failure } of findings) {
      if (failure) {
        const where = [`file=${escapeProperty(posixPath(report.root, result.filePath))}`, ...(failure.line ? [`line=${failure.line}`] : []), `title=${escapeProperty(FAILURE_TEXT)}`];
        out.push(`::error ${where.join(',')}::${escapeData(failure.reason)}`);
        continue;
      }
      const props = [
        `file=${escapeProperty(posixPath(report.root, result.filePath))}`,
        `line=${message.line}`,
        ...(message.endLine ? [`endLine=${message.endLine}`] : []),
        `col=${message.column}`,
        ...(message.endColumn && message.endLine === message.line ? [`endColumn=${message.endColumn}`] : []),
        `title=${escapeProperty(ruleLabel(message))}`,
      ];
      const text = herdMessage(message.message, comparison);
      out.push(`::${message.severity === 2 ? 'error' : 'warning'} ${props.join(',')}::${escapeData(text)}`);
    }
  }
  const { errors, warnings, total, failed } = counts(report);
  out.push(total === 0 && failed === 0 ? `retry-hygiene: no retry problems in ${plural(report.fileCount, 'file')}` : `retry-hygiene: ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${plural(report.fileCount, 'file')}${failedFiles(failed)}`);
  return `${out.join('\n')}\n`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
