/** What the webview shows for a site and a scenario: the chart, the numbers, the outcome in words. No DOM here (unit-tested). */
import { COMPARISON_COLUMNS, SAME_WITH_JITTER_LABEL, comparedPolicies, comparisonCells, comparisonNote, outcomeWords, renderSvg, simulate, type ComparisonRole, type SimulationResult } from '@retry-hygiene/herd';
import type { Policy, Scenario } from '../config.js';

export interface View {
  /** The herd package's SVG without its <style> (the page's nonce'd stylesheet styles it, in theme colours). */
  svg: string;
  /** The header row (an empty cell, then COMPARISON_COLUMNS), then one row per policy: its label and numbers. */
  rows: string[][];
  /** Which curve each row after the header is (its colour class). */
  roles: Role[];
  results: SimulationResult[];
  /** The outcome in words: who gives up, and what jitter alone costs when it costs clients. */
  words: string;
  ms: number;
}

export type Role = ComparisonRole;

/** Curve colours, the hover's (packages/language-server/src/hover.ts): this retry, jitter alone, the quick fix. */
export const COLORS: Record<Role, string> = { site: '#e8590c', jittered: '#1c7ed6', fix: '#2f9e44' };
/** The narrowest chart drawn at its own size; below it the panel scrolls sideways rather than shrink the text. */
export const MIN_CHART_WIDTH = 420;

export interface ViewSite {
  policy: Policy;
  fix?: { title: string; policy: Policy };
  /** "orders.ts:12 `syncOrders()`": where the chart's title says the retry is. */
  where?: string;
}

export function computeView(site: ViewSite, scenario: Scenario, width = 760, now: () => number = () => performance.now()): View {
  const started = now();
  const options = { clients: scenario.clients, capacity: scenario.capacity, outageMs: scenario.outageMs };
  const compared = comparedPolicies(site.policy, site.fix?.policy);
  const label = (role: Role) => (role === 'site' ? 'this retry' : role === 'jittered' ? SAME_WITH_JITTER_LABEL : `${site.fix!.title}${compared.fixIsTwin ? ` (${SAME_WITH_JITTER_LABEL})` : ''}`);
  const plan = compared.rows.map((row) => ({ ...row, label: label(row.role) }));
  const results = plan.map((p) => simulate(p.policy, options));
  const title = site.where ? `Retry herd of ${site.where}` : 'Retry herd';
  // Drawn at the panel's width: scaling a wide chart down made its text unreadably small.
  const drawn = Math.round(Math.min(1000, Math.max(MIN_CHART_WIDTH, width)));
  // The numbers are the page's table: the chart's legend names the curves only.
  const raw = renderSvg(results.map((r, i) => ({ ...r, label: plan[i]!.label })), { title, width: drawn, labelsOnly: true });
  const svg = recolor(stripStyle(raw), plan.map((p) => COLORS[p.role]));
  const rows: string[][] = [['', ...COMPARISON_COLUMNS], ...plan.map((p, i) => [p.label, ...comparisonCells(results[i]!)])];
  const words = [`This retry: ${outcomeWords(results[0]!)}.`];
  const fixIndex = plan.findIndex((p) => p.role === 'fix');
  if (fixIndex > 0) words.push(`Its quick fix: ${outcomeWords(results[fixIndex]!)}.`);
  const note = comparisonNote(compared, results);
  if (note) words.push(note.charAt(0).toUpperCase() + note.slice(1));
  return { svg, rows, roles: plan.map((p) => p.role), results, words: words.join(' '), ms: now() - started };
}

export function stripStyle(svg: string): string {
  return svg.replace(/<style>[\s\S]*?<\/style>/, '');
}

/** The curves (and their legend keys) in the hover's colours, in order of appearance: the herd package picks its own per label. */
export function recolor(svg: string, colors: readonly string[]): string {
  const map = new Map<string, string>();
  return svg.replace(/stroke="(#[0-9a-fA-F]{3,8})"/g, (_m, color: string) => {
    if (!map.has(color)) map.set(color, colors[map.size] ?? color);
    return `stroke="${map.get(color)!}"`;
  });
}
