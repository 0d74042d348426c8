import { comparisonBrief, formatDuration } from '@retry-hygiene/herd';
import { posixPath, ruleLabel } from './labels.js';
import { FAILURE_TEXT } from './lint-failures.js';
import { counts, failedNote, plural, type Finding, type Report } from './report.js';

/**
 * GitHub refuses a comment over 65 536 characters. Counted here in UTF-8 bytes, which are
 * never fewer than characters however GitHub counts them, with room to spare for a
 * workflow that adds a line of its own.
 */
export const MARKDOWN_LIMIT = 65_536;
const BUDGET = 64_000;

interface Row {
  text: string;
  rule: string;
}

/**
 * A review summary for a pull-request comment or $GITHUB_STEP_SUMMARY: the counts, a table
 * of findings by rule, then each rule's findings in a collapsed <details> table. However
 * many findings there are it stays under GitHub's limit: rows that do not fit are counted
 * in a "… N more" line of their rule, and the full list is in the other formats.
 */
export function markdown(report: Report): string {
  const { errors, warnings, total, failed } = counts(report);
  if (total === 0 && failed === 0) return `### ✅ retry-hygiene: no retry problems in ${plural(report.fileCount, 'file')}\n`;
  const herd = report.herd;
  const groups = new Map<string, Row[]>();
  for (const { result, findings } of report.files) {
    const path = cell(posixPath(report.root, result.filePath));
    for (const finding of findings) {
      const row = rowOf(path, finding, Boolean(herd));
      const group = groups.get(row.rule);
      if (group) group.push(row);
      else groups.set(row.rule, [row]);
    }
  }
  const ordered = [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));

  const head = [
    `### ❌ retry-hygiene: ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${plural(report.fileCount, 'file')}${failedNote(failed)}`,
    '',
    '| rule | findings |',
    '|---|---|',
    ...ordered.map(([rule, rows]) => `| ${ruleLink(rule, report)} | ${rows.length} |`),
    '',
  ];
  const foot: string[] = [];
  if (herd) {
    foot.push(
      `Herd: the simulated load of each retry, ${herd.describeScenario()}. `
        + 'Jitter alone: the same attempts and waits with full jitter. Its quick fix: the policy the suggested edit leaves (—: no quick fix changes its waits). All three in the same outage. '
        + 'Peak: the load the recovering server meets, × its capacity; drained: when the load falls under capacity for good.',
    );
  }
  if (report.suppressedCount > 0) foot.push('', `${plural(report.suppressedCount, 'existing error')} suppressed by the suppressions file.`);

  const tableHead = herd ? ['| where | finding | this retry | jitter alone | its quick fix |', '|---|---|---|---|---|'] : ['| where | finding |', '|---|---|'];
  const opening = (rule: string, n: number) => ['<details>', `<summary>${summaryText(rule)} — ${plural(n, 'finding')}</summary>`, '', ...tableHead];
  const closing = ['', '</details>', ''];
  const more = (n: number) => `\n_… ${n} more ${n === 1 ? 'finding' : 'findings'} of this rule not shown: GitHub's comment limit. The \`json\` or \`sarif\` format lists them all._`;

  // What every group needs whether or not its rows fit: its opening, its closing, a "more" line.
  let used = bytes(head) + bytes(foot);
  for (const [rule, rows] of ordered) used += bytes(opening(rule, rows.length)) + bytes(closing) + bytes([more(rows.length)]);
  // Rows handed out a round at a time, one per rule, so that when they do not all fit every rule still shows its first ones.
  const shown = ordered.map(() => 0);
  const open = new Set(ordered.map((_, g) => g));
  while (open.size > 0) {
    for (const g of open) {
      const rows = ordered[g]![1];
      const size = shown[g]! < rows.length ? bytes([rows[shown[g]!]!.text]) : Infinity;
      if (used + size > BUDGET) open.delete(g);
      else {
        used += size;
        shown[g]!++;
      }
    }
  }
  const body: string[] = [];
  ordered.forEach(([rule, rows], g) => {
    body.push(...opening(rule, rows.length), ...rows.slice(0, shown[g]).map((r) => r.text));
    if (shown[g]! < rows.length) body.push(more(rows.length - shown[g]!));
    body.push(...closing);
  });
  return `${[...head, ...body, ...foot].join('\n').replace(/\n+$/, '')}\n`;
}

function rowOf(path: string, { message, comparison, failure }: Finding, withHerd: boolean): Row {
  if (failure) {
    const row = [`\`${path}${failure.line ? `:${failure.line}` : ''}\``, cell(failure.reason)];
    return { rule: FAILURE_TEXT, text: `| ${[...row, ...(withHerd ? ['', '', ''] : [])].join(' | ')} |` };
  }
  const row = [`\`${path}:${message.line}\``, cell(message.message)];
  if (withHerd) {
    // Numbers only: the sentences of the other formats would cut the table at GitHub's limit sooner.
    const summary = comparisonBrief;
    if (!comparison) row.push('', '', '');
    else {
      const { site, jittered, fix, outageMs, auto, fixIsJitterAlone } = comparison;
      row.push(
        cell(`${auto ? `server down ${formatDuration(outageMs)}: ` : ''}${summary(site)}`),
        jittered ? (fixIsJitterAlone ? 'as its quick fix' : cell(summary(jittered))) : '—',
        fix ? cell(`${fix.label}: ${summary(fix.herd)}`) : '—',
      );
    }
  }
  return { rule: ruleLabel(message), text: `| ${row.join(' | ')} |` };
}

function ruleLink(rule: string, report: Report): string {
  const url = report.rules[rule]?.url;
  return url ? `[${rule.replace('retry-hygiene/', '')}](${url})` : rule;
}

function summaryText(rule: string): string {
  return rule.replace('retry-hygiene/', '').replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** Lines joined with their newlines, in UTF-8 bytes. */
function bytes(lines: readonly string[]): number {
  return lines.reduce((n, line) => n + Buffer.byteLength(line, 'utf8') + 1, 0);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}
