/** What the webview shows for a policy and a scenario: the chart and the numbers. No DOM here (unit-tested). */
import { formatCount, formatDuration, formatRatio, renderSvg, simulate, type SimulationResult } from '@retry-hygiene/herd';
import type { Policy, Scenario } from '../config.js';

export interface View {
  /** The herd package's SVG without its <style> (the page's nonce'd stylesheet styles it, in theme colours). */
  svg: string;
  /** Label, this retry, full jitter. */
  rows: [string, string, string][];
  site: SimulationResult;
  full: SimulationResult;
  ms: number;
}

/** Curve colours of the hover's compact chart, kept here so that both read the same. */
export const SITE_COLOR = '#e8590c';
export const FULL_COLOR = '#1c7ed6';

export function computeView(policy: Policy, scenario: Scenario, width = 760, now: () => number = () => performance.now()): View {
  const started = now();
  const options = { clients: scenario.clients, capacity: scenario.capacity, outageMs: scenario.outageMs };
  const site = simulate(policy, options);
  const full = simulate('full', options);
  const title = `This retry against full jitter: ${formatCount(scenario.clients)} clients`;
  const raw = renderSvg([{ ...site, label: `this retry (${site.label})` }, { ...full, label: 'full jitter' }], { title, width: Math.round(Math.min(1000, Math.max(720, width))) });
  const svg = recolor(stripStyle(raw), [SITE_COLOR, FULL_COLOR]);
  const work = (r: SimulationResult) => formatRatio(r.scenario.clients > 0 ? r.totalCalls / r.scenario.clients : 0);
  const p99 = (r: SimulationResult) => (r.p99Ms === null ? 'none succeeded' : formatDuration(r.p99Ms));
  const rows: [string, string, string][] = [
    ['', 'this retry', 'full jitter'],
    ['calls', formatCount(site.totalCalls), formatCount(full.totalCalls)],
    ['× the work', work(site), work(full)],
    ['peak on recovery', `${formatRatio(site.recoveryPeakOverCapacity)} capacity`, `${formatRatio(full.recoveryPeakOverCapacity)} capacity`],
    ['p50 to success', site.p50Ms === null ? 'none succeeded' : formatDuration(site.p50Ms), full.p50Ms === null ? 'none succeeded' : formatDuration(full.p50Ms)],
    ['p99 to success', p99(site), p99(full)],
    ['gave up', `${formatCount(site.failedClients)} clients`, `${formatCount(full.failedClients)} clients`],
  ];
  return { svg, rows, site, full, ms: now() - started };
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
