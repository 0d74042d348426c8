import { describeAttempts, describeDelay, formatMs, type RetryPolicy } from '@retry-hygiene/analysis';
import { formatCount, formatDuration, formatRatio, herdSparklines, renderCompactSvg, type SimulationResult } from '@retry-hygiene/herd';
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { describeKind, rangeOfLoc } from './diagnostics.js';
import type { Analysis, LintEngine, SiteView } from './engine.js';
import type { HerdOutcome } from './herd-runner.js';
import type { ScenarioSettings } from './settings.js';

export interface HoverOptions {
  /** The client renders markdown (else plain text). */
  markdown: boolean;
  /** The client said (initializationOptions.hoverImages) that it renders data-URI images and command links. */
  images: boolean;
  /** The command a link in the image variant runs to open the full chart. */
  chartCommand: string;
  scenario: ScenarioSettings;
}

const SPARK_WIDTH = 32;
/** Curve colours of the compact chart, named in the hover text. */
const CURVES = { site: { color: '#e8590c', name: 'orange' }, full: { color: '#1c7ed6', name: 'blue' } } as const;

/**
 * The site under the cursor: the innermost site whose reported range holds the position,
 * or whose node does on the node's first line (the loop head, the function's signature,
 * the library call), so that good sites, which have no diagnostic, hover too.
 */
export function siteAt(analysis: Analysis, document: TextDocument, position: Position): SiteView | undefined {
  const offset = document.offsetAt(position);
  let best: SiteView | undefined;
  let bestSize = Infinity;
  for (const site of analysis.sites) {
    const loc = rangeOfLoc(site.loc);
    const inLoc = offset >= document.offsetAt(loc.start) && offset <= document.offsetAt(loc.end);
    const [start, end] = site.range;
    const onHead = offset >= start && offset <= end && position.line === site.headLine - 1;
    if (!inLoc && !onHead) continue;
    const size = end - start;
    if (size < bestSize) {
      best = site;
      bestSize = size;
    }
  }
  return best;
}

/** `herd`: the site's simulation and full jitter's (HerdRunner), or why there is no chart. */
export function hoverFor(site: SiteView, analysis: Analysis, engine: LintEngine, herd: HerdOutcome, options: HoverOptions): Hover {
  const md = options.markdown;
  const lines: string[] = [];
  // Library names keep their case: "p-retry call", not "P-retry call".
  const kind = site.kind === 'library' ? describeKind(site) : capitalize(describeKind(site));
  lines.push(`${md ? '**' : ''}${kind}${md ? '**' : ''}: ${describeSiteBehaviour(site)}.`);
  const { clients, capacity, outageMs } = options.scenario;
  const scenarioWords = `${formatCount(clients)} clients fail at once; the server takes ${formatCount(capacity)} requests/s and is down for the first ${formatDuration(outageMs)}.`;
  if (herd.kind === 'skipped') {
    lines.push('', `Herd chart skipped: ${herd.reason}. ${scenarioWords}`);
  } else {
    const [result, full] = herd.results;
    if (hasUnknowns(site.policy)) lines.push(`Simulated as: ${result.label}.`);
    lines.push('', ...herdTable(result, full, md), scenarioWords);
    if (options.images && md) {
      const svg = renderCompactSvg([result, full], { colors: [CURVES.site.color, CURVES.full.color] });
      const alt = `herd of this retry (${CURVES.site.name}) and full jitter (${CURVES.full.name})`;
      lines.push('', `![${alt}](data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}|width=320,height=120)`);
      const args = [{ uri: analysis.uri, line: site.loc.start.line - 1, character: site.loc.start.column, policy: site.policy, scenario: options.scenario }];
      lines.push(`${CURVES.site.name}: this retry, ${CURVES.full.name}: full jitter · [Open the full herd chart](command:${options.chartCommand}?${encodeURIComponent(JSON.stringify(args))})`);
    }
  }

  lines.push('');
  const findings = analysis.messages.filter((m) => m.line === site.loc.start.line && m.column === site.loc.start.column + 1 && m.ruleId);
  const rules = [...new Set(findings.map((m) => m.ruleId!))];
  if (rules.length === 0) {
    const docs = engine.docsUrl('retry-hygiene/no-fixed-sleep-retry')?.replace(/\/[^/]*$/, '');
    lines.push(md && docs ? `✔ No retry-hygiene problem here · [rules](${docs})` : `✔ No retry-hygiene problem here${docs ? ` · rules: ${docs}` : ''}`);
  } else {
    for (const rule of rules) {
      const url = engine.docsUrl(rule);
      lines.push(md && url ? `✖ [${rule}](${url})` : `✖ ${rule}${url ? `: ${url}` : ''}`);
    }
  }
  // Blank lines separate paragraphs in markdown; a plain-text client shows them as they are.
  return {
    contents: { kind: md ? MarkupKind.Markdown : MarkupKind.PlainText, value: lines.join('\n').replace(/\n{3,}/g, '\n\n') },
    range: rangeOfLoc(site.loc),
  };
}

/** The sparklines and numbers of the site beside full jitter's, as a fixed-width table. */
function herdTable(result: SimulationResult, full: SimulationResult, md: boolean): string[] {
  // One time axis for both lines: the shorter run is padded with silence to the longer one.
  const [siteLine, fullLine] = herdSparklines(sameLength([result, full]), SPARK_WIDTH);
  const rows: [string, string, string][] = [
    ['', 'this retry', 'full jitter'],
    ['herd', siteLine!, fullLine!],
    ['calls', formatCount(result.totalCalls), formatCount(full.totalCalls)],
    ['× the work', workOf(result), workOf(full)],
    ['peak on recovery', `${formatRatio(result.recoveryPeakOverCapacity)} capacity`, `${formatRatio(full.recoveryPeakOverCapacity)} capacity`],
    ['p99 to success', p99Of(result), p99Of(full)],
    ['gave up', `${formatCount(result.failedClients)} clients`, `${formatCount(full.failedClients)} clients`],
  ];
  // The sparklines are the widest cells: the table stays two columns side by side.
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => [...r[1]].length));
  const table = rows.map(([a, b, c]) => `${a.padEnd(w0)}  ${b}${' '.repeat(w1 - [...b].length)}  ${c}`.trimEnd());
  return md ? ['```text', ...table, '```'] : [...table, ''];
}

/** "waits a fixed 1 s between attempts, no jitter, up to 4 attempts". */
export function describeSiteBehaviour(site: Pick<SiteView, 'policy' | 'deadlineBound' | 'abortAware'>): string {
  const { policy } = site;
  const parts: string[] = [];
  // "100 ms × 2^n, capped at 10 s" → "waits 100 ms × 2^n between attempts, capped at 10 s".
  const [delay, cap] = describeDelay(policy).split(', capped at ');
  parts.push(policy.delay.kind === 'none' ? 'retries at once, with no delay' : `waits ${delay} between attempts${cap ? `, capped at ${cap}` : ''}`);
  if (policy.delay.kind !== 'none') parts.push(JITTER[policy.jitter]);
  parts.push(describeAttempts(policy));
  if (typeof policy.maxAttempts === 'number' && policy.deadlineMs !== undefined) parts.push(`for up to ${formatMs(policy.deadlineMs)}`);
  else if (site.deadlineBound && policy.deadlineMs === undefined) parts.push('until a deadline');
  if (site.abortAware) parts.push('stops on an AbortSignal');
  return parts.join(', ');
}

const JITTER: Record<RetryPolicy['jitter'], string> = {
  none: 'no jitter',
  full: 'full jitter',
  equal: 'equal jitter',
  decorrelated: 'decorrelated jitter',
  proportional: 'proportional jitter',
  unknown: 'jitter not known',
};

function hasUnknowns(policy: RetryPolicy): boolean {
  const { delay } = policy;
  return (
    policy.maxAttempts === 'unknown' ||
    policy.jitter === 'unknown' ||
    delay.kind === 'unknown' ||
    ((delay.kind === 'constant' || delay.kind === 'linear' || delay.kind === 'polynomial' || delay.kind === 'exponential') && delay.baseMs === undefined)
  );
}

function sameLength(results: SimulationResult[]): SimulationResult[] {
  const length = Math.max(...results.map((r) => r.series.offered.length));
  return results.map((r) => {
    const missing = length - r.series.offered.length;
    if (missing === 0) return r;
    const pad = (values: number[]) => values.concat(new Array<number>(missing).fill(0));
    return { ...r, series: { offered: pad(r.series.offered), accepted: pad(r.series.accepted) } };
  });
}

function workOf(result: SimulationResult): string {
  return formatRatio(result.scenario.clients > 0 ? result.totalCalls / result.scenario.clients : 0);
}

function p99Of(result: SimulationResult): string {
  return result.p99Ms === null ? 'none succeeded' : formatDuration(result.p99Ms);
}

function capitalize(text: string): string {
  return text.startsWith('`') ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
