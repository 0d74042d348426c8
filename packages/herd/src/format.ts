import type { SimulationResult } from './model.js';

/** "9 468", "120 800", "12.0 M", "4.0 T", "1.0e15": digit groups stay readable; millions are rounded. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1e15) return value.toExponential(1).replace('e+', 'e');
  if (abs >= 1e12) return `${(value / 1e12).toFixed(1)} T`;
  if (abs >= 1e9) return `${(value / 1e9).toFixed(1)} G`;
  if (abs >= 1e6) return `${(value / 1e6).toFixed(1)} M`;
  const rounded = Math.round(value);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return rounded < 0 ? `-${digits}` : digits;
}

/** "0.5 ms", "850 ms", "52.7 s", "4.2 min", "3.1 h", "11.6 d", "11 574 d" — one decimal at most. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 1) return `${trim(ms.toFixed(1))} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 100_000) return `${trim((ms / 1000).toFixed(1))} s`;
  if (ms < 6_000_000) return `${trim((ms / 60_000).toFixed(1))} min`;
  if (ms < 360_000_000) return `${trim((ms / 3_600_000).toFixed(1))} h`;
  const days = ms / 86_400_000;
  return days < 100 ? `${trim(days.toFixed(1))} d` : `${formatCount(days)} d`;
}

/** "5.0×", "0.9×", "12 000×". */
export function formatRatio(value: number): string {
  return value >= 100 ? `${formatCount(value)}×` : `${value.toFixed(1)}×`;
}

function trim(fixed: string): string {
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

/**
 * One line for hovers, check reports and tables:
 * "10 000 calls (10.0× the work), peak 5.0× capacity on recovery, p99 52.7 s".
 * "The work" is one call per client, the least any policy can do; the peak is the one
 * the recovering server meets (see recoveryPeakOffered).
 */
export function summarizeResult(result: SimulationResult): string {
  const work = result.scenario.clients > 0 ? result.totalCalls / result.scenario.clients : 0;
  const calls = `${formatCount(result.totalCalls)} calls (${formatRatio(work)} the work)`;
  if (result.succeededClients === 0 && result.recoveryPeakOffered === 0 && result.failedClients > 0) {
    return `${calls}, every client gave up before the server was back`;
  }
  const parts = [
    calls,
    `peak ${formatRatio(result.recoveryPeakOverCapacity)} capacity on recovery`,
    result.p99Ms === null ? 'no client succeeded' : `p99 ${formatDuration(result.p99Ms)}`,
  ];
  if (result.failedClients > 0 && result.succeededClients > 0) {
    parts.push(`${formatCount(result.failedClients)} clients gave up`);
  }
  return parts.join(', ');
}
