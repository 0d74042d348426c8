import type { RetrySite } from '@retry-hygiene/analysis';
import {
  DEFAULTS,
  SAME_WITH_JITTER_LABEL,
  SimulationCache,
  callsPerClient,
  comparedPolicies,
  comparisonOutageMs,
  comparisonSummary,
  drainedAtMs,
  formatCount,
  outageWords,
  type RetryPolicy,
  type SimulationResult,
} from '@retry-hygiene/herd';

export interface Scenario {
  clients: number;
  capacity: number;
  /** Undefined: each site's own (half the time it keeps trying, at most 10 s; see compare.ts in the herd package). */
  outageMs?: number;
}

export const DEFAULT_SCENARIO: Scenario = { clients: DEFAULTS.clients, capacity: DEFAULTS.capacity };

/** What a site's quick fix does: the suggestion as the editor lists it, and its policy simulated. */
export interface FixComparison {
  /** "Rewrite with retry() (stops after 5 attempts)". */
  label: string;
  /** The suggestion is "Add full jitter" (its title says jitter already). */
  addsJitter: boolean;
  policy: RetryPolicy;
  herd: SimulationResult;
}

/** One site's comparison, under one outage: the site, the same with full jitter, its quick fix. */
export interface SiteComparison {
  outageMs: number;
  /** The outage was chosen from the site's own schedule (no --outage). */
  auto: boolean;
  site: SimulationResult;
  /** The same attempts and waits with full jitter (the fix's herd when the fix is just that); undefined when the site is random already or never waits. */
  jittered?: SimulationResult;
  /** The quick fix's policy; undefined when no suggestion changes this retry's waits. */
  fix?: FixComparison;
  /** The quick fix only adds jitter (its policy is `jittered`'s): one row says both. */
  fixIsJitterAlone: boolean;
}

/** The herds a report shows: each site's, beside its twin with jitter and its fix; each distinct policy simulated once. */
export class HerdComparison {
  private readonly cache = new SimulationCache(1024);

  constructor(readonly scenario: Scenario) {}

  compare(site: Pick<RetrySite, 'policy'>, suggestion: { title: string; policy: RetryPolicy; messageId?: string } | undefined): SiteComparison {
    const outageMs = comparisonOutageMs(site.policy, this.scenario.outageMs);
    const options = { clients: this.scenario.clients, capacity: this.scenario.capacity, outageMs };
    const compared = comparedPolicies(site.policy, suggestion?.policy);
    const herds = compared.rows.map((row) => this.cache.simulate(row.policy, options));
    const at = (role: string) => herds[compared.rows.findIndex((r) => r.role === role)];
    const fixHerd = at('fix');
    const jittered = at('jittered') ?? (compared.fixIsTwin ? fixHerd : undefined);
    return {
      outageMs,
      auto: this.scenario.outageMs === undefined,
      site: herds[0]!,
      ...(jittered ? { jittered } : {}),
      ...(suggestion && fixHerd ? { fix: { label: suggestion.title, addsJitter: suggestion.messageId === 'addJitter', policy: suggestion.policy, herd: fixHerd } } : {}),
      fixIsJitterAlone: compared.fixIsTwin,
    };
  }

  /** "1 000 clients, a server of 200 req/s down for …": the outage's rule when each site has its own. */
  describeScenario(): string {
    const { clients, capacity, outageMs } = this.scenario;
    const down = outageMs === undefined ? 'down for half the time each retry keeps trying (at most 10 s)' : outageWords(outageMs, false);
    return `${formatCount(clients)} clients fail at once, a server of ${formatCount(capacity)} req/s ${down}`;
  }
}

export { SAME_WITH_JITTER_LABEL };

/** The numbers a machine-readable report carries for one herd. */
export function herdNumbers(result: SimulationResult) {
  return {
    totalCalls: result.totalCalls,
    callsPerClient: round(callsPerClient(result)),
    wastedCalls: result.wastedCalls,
    peakOverCapacity: round(result.peakOverCapacity),
    recoveryPeakOverCapacity: round(result.recoveryPeakOverCapacity),
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    succeededClients: result.succeededClients,
    failedClients: result.failedClients,
    drainedAtMs: drainedAtMs(result),
    summary: comparisonSummary(result),
  };
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
