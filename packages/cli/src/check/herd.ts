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
 * `retry(fn)` from @retry-hygiene/retry with its defaults (3 attempts counting the first,
 * 100 ms doubling up to 20 s, full jitter): what the messages name as an example. Shown
 * once, under the findings, for reference; each finding's own fix line is its quick fix's.
 * Read from the helper itself, so a change of its defaults changes this line too.
 */
export const RETRY_DEFAULTS_POLICY: RetryPolicy = {
  maxAttempts: RETRY_DEFAULTS.maxAttempts,
  delay: { kind: 'exponential', baseMs: RETRY_DEFAULTS.baseMs, factor: RETRY_DEFAULTS.factor, capMs: RETRY_DEFAULTS.capMs },
  jitter: RETRY_DEFAULTS.jitter,
};

export const RETRY_DEFAULTS_LABEL = `retry() defaults (${RETRY_DEFAULTS.maxAttempts} attempts, ${formatDuration(RETRY_DEFAULTS.baseMs)} ×${RETRY_DEFAULTS.factor} up to ${formatDuration(RETRY_DEFAULTS.capMs)}, full jitter)`;

/** Full jitter with no attempt limit: the same backoff kept up until the server is back. */
export const FULL_JITTER_LABEL = 'full jitter, no attempt limit';

/** What a site with no quick fix is compared with: it says so, rather than passing a reference off as the fix. */
export const REFERENCE_LABEL = `no quick fix; ${FULL_JITTER_LABEL}, for reference`;

/**
 * The same for a nested retry: its quick fixes make one layer a single attempt, which changes
 * how many calls a request makes, not this retry's waits (the herd is of one layer's policy).
 */
export const LAYERS_REFERENCE_LABEL = `its quick fixes choose which layer retries; ${FULL_JITTER_LABEL}, for reference`;

/**
 * The "what the fix does" herd of one retry site: the policy its quick fix leaves (the
 * plugin's own planning, see choose-fix.ts), or full jitter for reference when no
 * suggestion is offered for it.
 */
export interface FixComparison {
  /** The suggestion as the editor lists it ("Rewrite with retry() (stops after 5 attempts)"), or REFERENCE_LABEL. */
  label: string;
  /** False when no suggestion is offered: the herd is full jitter's, a reference, not this site's fix. */
  suggested: boolean;
  policy: RetryPolicy | 'full';
  herd: SimulationResult;
}

/** The herds a report shows: each site's, its fix's, and the references; each distinct policy simulated once. */
export class HerdComparison {
  private readonly cache = new SimulationCache(1024);
  private readonly options: SimulateOptions;

  constructor(readonly scenario: Scenario) {
    this.options = { clients: scenario.clients, capacity: scenario.capacity, outageMs: scenario.outageMs };
  }

  site(site: RetrySite): SimulationResult {
    return this.cache.simulate(site.policy, this.options);
  }

  /** A suggestion's policy, or the full-jitter reference when there is none (`layers`: only no-nested-retry's). */
  fix(suggestion: { title: string; policy: RetryPolicy } | undefined, layers = false): FixComparison {
    if (!suggestion) return { label: layers ? LAYERS_REFERENCE_LABEL : REFERENCE_LABEL, suggested: false, policy: 'full', herd: this.fullJitter };
    return { label: suggestion.title, suggested: true, policy: suggestion.policy, herd: this.cache.simulate(suggestion.policy, this.options) };
  }

  get retryDefaults(): SimulationResult {
    return this.cache.simulate(RETRY_DEFAULTS_POLICY, this.options);
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

/** The honest half of the reference: retry()'s 3 attempts do not outlast a long outage. */
export function retryDefaultsNote(defaults: SimulationResult, clients: number): string {
  if (defaults.failedClients === 0) return 'retry() with its defaults gets every client through.';
  return `retry() with its defaults gives up after ${RETRY_DEFAULTS_POLICY.maxAttempts} attempts (${formatCount(defaults.failedClients)} of ${formatCount(clients)} clients fail); pass maxAttempts or a deadline to ride out a longer outage, as full jitter does.`;
}
