import { describeAttempts, describeDelay, formatMs, type RetryPolicy } from '@retry-hygiene/analysis';
import {
  COMPARISON_COLUMNS,
  SAME_WITH_JITTER_LABEL,
  comparedPolicies,
  comparisonCells,
  comparisonNote,
  comparisonOutageMs,
  formatCount,
  herdSparklines,
  outageWords,
  outcomeWords,
  renderCompactSvg,
  type ComparedPolicies,
  type ComparisonRole,
  type SimulationResult,
} from '@retry-hygiene/herd';
import { MarkupKind, type Hover, type Position } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { describeKind, rangeOfLoc } from './diagnostics.js';
import type { Analysis, LintEngine, SiteView } from './engine.js';
import type { HerdOutcome } from './herd-runner.js';
import type { ResolvedScenario, ScenarioSettings } from './settings.js';

export interface HoverOptions {
  /** The client renders markdown (else plain text). */
  markdown: boolean;
  /** The client said (initializationOptions.hoverImages) that it renders data-URI images and command links. */
  images: boolean;
  /** The command a link in the image variant runs to open the full chart. */
  chartCommand: string;
  /** The settings' scenario (its outage unset: each site's own). */
  scenario: ScenarioSettings;
}

const SPARK_WIDTH = 24;
/** Curve colours of the compact chart, named in the hover text: the site, jitter alone, the quick fix. */
export const CURVES = {
  site: { color: '#e8590c', name: 'orange' },
  jittered: { color: '#1c7ed6', name: 'blue' },
  fix: { color: '#2f9e44', name: 'green' },
} as const;

/** What a hover compares (herd's comparedPolicies), labelled, in the order its herds are simulated, under the outage chosen. */
export interface ComparisonPlan {
  scenario: ResolvedScenario;
  /** The outage was chosen from the site's own schedule. */
  auto: boolean;
  compared: ComparedPolicies;
  rows: { role: ComparisonRole; label: string; policy: RetryPolicy }[];
}

/** The site's comparison: its policy, jitter alone, the quick fix's policy (`site.fix`, once the suggestions are built). */
export function comparisonPlan(site: Pick<SiteView, 'policy' | 'fix'>, scenario: ScenarioSettings): ComparisonPlan {
  const outageMs = comparisonOutageMs(site.policy, scenario.outageMs);
  const compared = comparedPolicies(site.policy, site.fix?.policy);
  const label = (role: ComparisonRole) => (role === 'site' ? 'this retry' : role === 'jittered' ? SAME_WITH_JITTER_LABEL : compared.fixIsTwin ? `quick fix (${SAME_WITH_JITTER_LABEL})` : 'quick fix');
  const rows = compared.rows.map((row) => ({ ...row, label: label(row.role) }));
  return { scenario: { clients: scenario.clients, capacity: scenario.capacity, outageMs }, auto: scenario.outageMs === undefined, compared, rows };
}

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

/**
 * The hover: the chart first (320 × 120), the colours named and the full chart's link on its
 * own line, then what the site does, the numbers in a compact table, the scenario and the
 * outcome in words, the rules. `herd`: the plan's simulations (HerdRunner), or why there are none.
 */
export function hoverFor(site: SiteView, analysis: Analysis, engine: LintEngine, herd: HerdOutcome, plan: ComparisonPlan, options: HoverOptions): Hover {
  const md = options.markdown;
  const lines: string[] = [];
  // Library names keep their case: "p-retry call", not "P-retry call".
  const kind = site.kind === 'library' ? describeKind(site) : capitalize(describeKind(site));
  const behaviour = `${md ? '**' : ''}${kind}${md ? '**' : ''}: ${describeSiteBehaviour(site)}.`;
  const { clients, capacity, outageMs } = plan.scenario;
  const scenarioWords = `${formatCount(clients)} clients fail at once; the server takes ${formatCount(capacity)} requests/s and is ${outageWords(outageMs, plan.auto)}.`;
  const results = herd.kind === 'simulated' ? herd.results : [];
  if (herd.kind === 'simulated' && options.images && md && results.length === plan.rows.length) {
    const svg = renderCompactSvg(results, { colors: plan.rows.map((r) => CURVES[r.role].color) });
    const alt = `herd of ${plan.rows.map((r) => `${r.label} (${CURVES[r.role].name})`).join(', ')}`;
    lines.push(`![${alt}](data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}|width=320,height=120)`, '');
    lines.push(plan.rows.map((r) => `${CURVES[r.role].name}: ${r.label}`).join(' · '), '');
    const args = [
      { uri: analysis.uri, line: site.loc.start.line - 1, character: site.loc.start.column, policy: site.policy, scenario: plan.scenario, ...(site.fix ? { fix: site.fix } : {}), ...(site.inFunction ? { name: site.inFunction } : {}) },
    ];
    // Parentheses too: a `)` in a quick fix's title ("retry() …") would end the markdown link.
    const query = encodeURIComponent(JSON.stringify(args)).replace(/\(/g, '%28').replace(/\)/g, '%29');
    lines.push(`[Open the full herd chart](command:${options.chartCommand}?${query})`, '');
  }
  lines.push(behaviour);
  if (herd.kind === 'skipped') {
    lines.push('', `Herd chart skipped: ${herd.reason}. ${scenarioWords}`);
  } else if (results.length === plan.rows.length) {
    const [result] = results;
    if (hasUnknowns(site.policy)) lines.push(`Simulated as: ${result!.label}.`);
    lines.push('', ...herdTable(plan, results, md, !(options.images && md)), scenarioWords);
    const words = [`This retry: ${outcomeWords(result!)}.`];
    const fixRow = plan.rows.findIndex((r) => r.role === 'fix');
    if (fixRow > 0) words.push(`Its quick fix (${site.fix!.title}): ${outcomeWords(results[fixRow]!)}.`);
    const note = comparisonNote(plan.compared, results);
    if (note) words.push(capitalize(note));
    lines.push('', words.join(' '));
  }

  lines.push('');
  const findings = analysis.messages.filter((m) => m.line === site.loc.start.line && m.column === site.loc.start.column + 1 && m.ruleId);
  const rules = [...new Set(findings.map((m) => m.ruleId!))];
  if (rules.length === 0) {
    const docs = engine.docsUrl('retry-hygiene/no-fixed-sleep-retry')?.replace(/\/[^/]*$/, '');
    // No tick: a retry with no finding may still give up before the server is back (the words above say so).
    lines.push(md && docs ? `No retry-hygiene finding here · [rules](${docs})` : `No retry-hygiene finding here${docs ? ` · rules: ${docs}` : ''}`);
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

/** The numbers, one row per policy (a sparkline column when there is no chart), as a fixed-width table. */
function herdTable(plan: ComparisonPlan, results: readonly SimulationResult[], md: boolean, sparks: boolean): string[] {
  // One time axis for all lines: the shorter runs are padded with silence to the longest.
  const lines = sparks ? herdSparklines(sameLength([...results]), SPARK_WIDTH) : [];
  const rows: string[][] = [['', ...(sparks ? ['herd'] : []), ...COMPARISON_COLUMNS]];
  plan.rows.forEach((row, i) => rows.push([row.label, ...(sparks ? [lines[i]!] : []), ...comparisonCells(results[i]!)]));
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => [...r[c]!].length)));
  const table = rows.map((r) => r.map((cell, c) => cell + ' '.repeat(widths[c]! - [...cell].length)).join('  ').trimEnd());
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



function capitalize(text: string): string {
  return text.startsWith('`') ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
