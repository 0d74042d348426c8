import type { RetrySite } from '@retry-hygiene/analysis';
import { DEFAULTS, SimulationCache, formatCount, formatDuration, type RetryPolicy, type SimulateOptions, type SimulationResult } from '@retry-hygiene/herd';
import { RETRY_DEFAULTS } from '@retry-hygiene/retry';

export interface Scenario {
  clients: number;
  capacity: number;
  outageMs: number;
}

export const DEFAULT_SCENARIO: Scenario = { clients: DEFAULTS.clients, capacity: DEFAULTS.capacity, outageMs: DEFAULTS.outageMs };

/**
 * What the rules' advice produces: `retry(fn)` from @retry-hygiene/retry with its defaults
 * (3 attempts counting the first, 100 ms doubling up to 20 s, full jitter). Read from the
 * helper itself, so a change of its defaults changes this comparison too.
 */
export const FIX_POLICY: RetryPolicy = {
  maxAttempts: RETRY_DEFAULTS.maxAttempts,
  delay: { kind: 'exponential', baseMs: RETRY_DEFAULTS.baseMs, factor: RETRY_DEFAULTS.factor, capMs: RETRY_DEFAULTS.capMs },
  jitter: RETRY_DEFAULTS.jitter,
};

export const FIX_LABEL = `retry() defaults (${RETRY_DEFAULTS.maxAttempts} attempts, ${formatDuration(RETRY_DEFAULTS.baseMs)} ×${RETRY_DEFAULTS.factor} up to ${formatDuration(RETRY_DEFAULTS.capMs)}, full jitter)`;

/** Full jitter with no attempt limit: the same backoff kept up until the server is back. */
export const FULL_JITTER_LABEL = 'full jitter, no attempt limit';

/** The three herds a report shows: this site's, the fix's, full jitter's; each distinct policy simulated once. */
export class HerdComparison {
  private readonly cache = new SimulationCache(1024);
  private readonly options: SimulateOptions;

  constructor(readonly scenario: Scenario) {
    this.options = { clients: scenario.clients, capacity: scenario.capacity, outageMs: scenario.outageMs };
  }

  site(site: RetrySite): SimulationResult {
    return this.cache.simulate(site.policy, this.options);
  }

  get fix(): SimulationResult {
    return this.cache.simulate(FIX_POLICY, this.options);
  }

  get fullJitter(): SimulationResult {
    return this.cache.simulate('full', this.options);
  }

  describeScenario(): string {
    const { clients, capacity, outageMs } = this.scenario;
    return `${formatCount(clients)} clients, a server of ${formatCount(capacity)} req/s down for the first ${formatDuration(outageMs)}`;
  }
}

/** The numbers a machine-readable report carries for one herd. */
export function herdNumbers(result: SimulationResult) {
  return {
    totalCalls: result.totalCalls,
    wastedCalls: result.wastedCalls,
    peakOverCapacity: round(result.peakOverCapacity),
    recoveryPeakOverCapacity: round(result.recoveryPeakOverCapacity),
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    succeededClients: result.succeededClients,
    failedClients: result.failedClients,
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

/** A short phrase: "30 000 calls, 0 gave up, p99 12 s". */
export function shortSummary(result: SimulationResult): string {
  const p99 = result.p99Ms === null ? 'nobody served' : `p99 ${formatDuration(result.p99Ms)}`;
  return `${formatCount(result.totalCalls)} calls, ${formatCount(result.failedClients)} gave up, ${p99}`;
}
