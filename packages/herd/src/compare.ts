import { formatCount, formatDuration, formatRatio } from './format.js';
import { DEFAULTS, type RetryPolicy, type SimulationResult } from './model.js';
import { growthOf, resolvePolicy } from './policies.js';

/**
 * What a finding's herd is set beside, so that a reader can judge the fix by it: the site's
 * policy; the same policy with full jitter and the same attempt budget (what jitter alone
 * changes); and the quick fix's policy. Every surface (check's reports, the hover, the
 * webview) builds its comparison from here, so they show the same numbers.
 *
 * The scenario's outage, unless the user sets one, is an outage the retry is meant to ride
 * out: half the time it keeps trying (at most 10 s, and 10 s for a retry with no limit).
 * A fixed outage longer than a retry's whole schedule shows every policy giving up before
 * the server is back, and then nothing tells the policies apart; an outage that ends while
 * clients still retry shows the herd the recovering server meets.
 */

/** The share of a retry's span the automatic outage lasts, and its longest. */
export const AUTO_OUTAGE = { share: 0.5, maxMs: DEFAULTS.outageMs } as const;

/**
 * The time from a client's first call to its last, waits taken without jitter (their
 * mean under full jitter is half of it, so this is the longest a schedule runs), cut at the
 * deadline. Undefined for a retry with no attempt limit and no deadline.
 */
export function retrySpanMs(policy: RetryPolicy): number | undefined {
  const resolved = resolvePolicy(policy);
  if (resolved.maxAttempts === Infinity) return Number.isFinite(resolved.deadlineMs) ? resolved.deadlineMs : undefined;
  const grow = growthOf(resolved);
  let span = 0;
  for (let n = 0; n < resolved.maxAttempts - 1 && span < resolved.deadlineMs; n++) span += grow(n);
  return Math.min(span, resolved.deadlineMs);
}

/** The outage a comparison runs: the user's, or AUTO_OUTAGE of the site's span. */
export function comparisonOutageMs(site: RetryPolicy, outageMs?: number): number {
  if (outageMs !== undefined) return outageMs;
  const span = retrySpanMs(site);
  return span === undefined ? AUTO_OUTAGE.maxMs : Math.min(AUTO_OUTAGE.maxMs, Math.round(span * AUTO_OUTAGE.share));
}

/** How the outage was chosen, for the line that states the scenario. */
export function outageWords(outageMs: number, auto: boolean): string {
  const down = `down for the first ${formatDuration(outageMs)}`;
  return auto ? `${down} (half the time this retry keeps trying, at most ${formatDuration(AUTO_OUTAGE.maxMs)})` : down;
}

/**
 * The site's policy with full jitter and nothing else changed (attempts, deadline, waits):
 * what adding jitter alone does. Undefined when the policy is random already or never waits.
 */
export function withFullJitter(policy: RetryPolicy): RetryPolicy | undefined {
  if (policy.jitter !== 'none' && policy.jitter !== 'unknown') return undefined;
  if (policy.delay.kind === 'none' || policy.delay.kind === 'decorrelated') return undefined;
  return { ...policy, jitter: 'full' };
}

/**
 * Two policies that simulate alike: the same fields and values, whatever their order, or the
 * same attempts, deadline, jitter and the same wait before each retry they make (a cap that
 * no wait reaches is no difference: `retry()`'s 20 s cap on five waits of 100 ms × 2^n).
 */
export function samePolicy(a: RetryPolicy, b: RetryPolicy): boolean {
  if (canonical(a) === canonical(b)) return true;
  const [ra, rb] = [resolvePolicy(a), resolvePolicy(b)];
  if (ra.shape !== rb.shape || ra.jitter !== rb.jitter || ra.maxAttempts !== rb.maxAttempts || ra.deadlineMs !== rb.deadlineMs) return false;
  if (ra.maxAttempts === Infinity) return ra.baseMs === rb.baseMs && ra.capMs === rb.capMs && ra.factor === rb.factor && canonical(ra.steps) === canonical(rb.steps);
  const [ga, gb] = [growthOf(ra), growthOf(rb)];
  for (let n = 0; n < ra.maxAttempts - 1; n++) if (ga(n) !== gb(n)) return false;
  return true;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The label of the jittered twin's row. */
export const SAME_WITH_JITTER_LABEL = 'same budget, full jitter';

export type ComparisonRole = 'site' | 'jittered' | 'fix';

/** The policies a comparison simulates, in order: the site; jitter alone (unless the fix is just that); the fix, when there is one. */
export interface ComparedPolicies {
  rows: { role: ComparisonRole; policy: RetryPolicy }[];
  /** The fix only adds jitter: its row stands for jitter alone too. */
  fixIsTwin: boolean;
}

export function comparedPolicies(site: RetryPolicy, fix: RetryPolicy | undefined): ComparedPolicies {
  const twin = withFullJitter(site);
  const fixIsTwin = Boolean(twin && fix && samePolicy(twin, fix));
  const rows: ComparedPolicies['rows'] = [{ role: 'site', policy: site }];
  if (twin && !fixIsTwin) rows.push({ role: 'jittered', policy: twin });
  if (fix) rows.push({ role: 'fix', policy: fix });
  return { rows, fixIsTwin };
}

/** `tradeOffNote` for a comparison's results (in the order of its rows): the site against the row that is jitter alone. */
export function comparisonNote(compared: ComparedPolicies, results: readonly SimulationResult[]): string | undefined {
  const at = compared.rows.findIndex((r) => r.role === 'jittered' || (r.role === 'fix' && compared.fixIsTwin));
  return at > 0 && results[0] && results[at] ? tradeOffNote(results[0], results[at]) : undefined;
}

/** The end of the last one-second window offered more than the server takes; 0 when none was. */
export function drainedAtMs(result: SimulationResult): number {
  return result.settledAtMs === null ? 0 : result.settledAtMs + result.scenario.windowMs;
}

/** Every client gave up while the server was still down. */
export function gaveUpBeforeRecovery(result: SimulationResult): boolean {
  return result.succeededClients === 0 && result.recoveryPeakOffered === 0 && result.failedClients > 0;
}

/**
 * The outcome in words, never a tick: "every client served", "600 of 1 000 clients give up",
 * "every client gives up before the server is back".
 */
export function outcomeWords(result: SimulationResult): string {
  const { clients } = result.scenario;
  if (gaveUpBeforeRecovery(result)) return 'every client gives up before the server is back';
  if (result.failedClients === 0) return 'every client served';
  if (result.succeededClients === 0) return 'no client served';
  return `${formatCount(result.failedClients)} of ${formatCount(clients)} clients give up`;
}

/** Calls per client: one is the least any policy makes. */
export function callsPerClient(result: SimulationResult): number {
  return result.scenario.clients > 0 ? result.totalCalls / result.scenario.clients : 0;
}

/**
 * One line: "3 800 calls (3.8 per client), peak 5.0× capacity on recovery, 600 of 1 000
 * clients give up, load under capacity after 7 s".
 */
export function comparisonSummary(result: SimulationResult): string {
  const calls = `${formatCount(result.totalCalls)} calls (${formatRatio(callsPerClient(result)).replace('×', '')} per client)`;
  if (gaveUpBeforeRecovery(result)) return `${calls}, ${outcomeWords(result)}`;
  return [calls, `peak ${formatRatio(result.recoveryPeakOverCapacity)} capacity on recovery`, outcomeWords(result), `load under capacity after ${formatDuration(drainedAtMs(result))}`].join(', ');
}

/**
 * The honest half of jitter with the same budget: full jitter halves the mean wait, so the
 * same attempts end sooner and can give up on clients the fixed schedule still served.
 * Undefined when `other` serves at least as many.
 */
export function tradeOffNote(site: SimulationResult, other: SimulationResult): string | undefined {
  const lost = site.succeededClients - other.succeededClients;
  if (lost <= 0) return undefined;
  return `full jitter halves the mean wait, so the same attempts end sooner: ${formatCount(lost)} more clients give up in this outage. Allow more attempts or a deadline to ride out as long an outage.`;
}

/** For a table cell: "13.0 calls/client, peak 5.0×, 600/1 000 served, drained 7 s". */
export function comparisonBrief(result: SimulationResult): string {
  const [calls, peak, served, drained] = comparisonCells(result);
  return `${calls} calls/client, peak ${peak}, ${served} served, drained ${drained}`;
}

/** The compact table's columns, in order; each row's cells are `comparisonCells`. */
export const COMPARISON_COLUMNS = ['calls/client', 'peak on recovery', 'served', 'drained'] as const;

/** One row of the compact table: numbers only, the words are the outcome line's. */
export function comparisonCells(result: SimulationResult): [string, string, string, string] {
  const served = `${formatCount(result.succeededClients)}/${formatCount(result.scenario.clients)}`;
  return [
    formatRatio(callsPerClient(result)).replace('×', ''),
    `${formatRatio(result.recoveryPeakOverCapacity)}`,
    served,
    formatDuration(drainedAtMs(result)),
  ];
}
