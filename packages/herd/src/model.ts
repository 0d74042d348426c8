/**
 * The retry policy of a retry site. Structurally the same interface as
 * `@retry-hygiene/analysis`'s `RetryPolicy` (the simulator is a leaf package and
 * cannot import it), so a site's policy can be passed straight to `simulate`.
 */
export interface RetryPolicy {
  /** Counts the first call. */
  maxAttempts: number | 'unbounded' | 'unknown';
  deadlineMs?: number;
  delay: {
    kind: 'none' | 'constant' | 'linear' | 'exponential' | 'decorrelated' | 'unknown';
    baseMs?: number;
    factor?: number;
    capMs?: number;
  };
  jitter: 'none' | 'full' | 'equal' | 'decorrelated' | 'proportional' | 'unknown';
}

/** The built-in strategies of the issue and the seeds' Go simulation. */
export const STRATEGY_NAMES = ['constant', 'linear', 'exponential', 'full', 'equal', 'decorrelated'] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];

export function isStrategyName(name: string): name is StrategyName {
  return (STRATEGY_NAMES as readonly string[]).includes(name);
}

/** Everything `simulate` can be told; every field is optional and has a documented default. */
export interface SimulateOptions {
  /** Clients that all fail at once (default 1 000). */
  clients?: number;
  /** Requests the server accepts per one-second window once it is back (default 200). */
  capacity?: number;
  /** The server rejects every request while t < outageMs (default 10 000). */
  outageMs?: number;
  /**
   * First requests spread evenly over [0, startSpreadMs): client i starts at
   * i·startSpreadMs/clients (default 0: everyone at t = 0). Even spacing rather than random
   * starts keeps deterministic policies deterministic, so both engines stay comparable.
   */
  startSpreadMs?: number;
  /** PRNG seed for jittered policies (default 1). Same seed, same result. */
  seed?: number;
  /** First delay of the named strategies, and of a RetryPolicy that does not know its own (default 100). */
  baseMs?: number;
  /** Largest delay, likewise (default 10 000). */
  capMs?: number;
  /** Attempt limit for the named strategies, counting the first call (default unbounded). */
  maxAttempts?: number;
  /**
   * Nothing is sent at or after this time; clients still waiting then count as failed
   * (default 24 h, at most MAX_HORIZON_MS). A guard, so that a policy waiting for years
   * cannot hang a language server or exhaust memory; no realistic scenario reaches it.
   */
  horizonMs?: number;
  /**
   * Called now and then during a long run with the share of clients settled so far (0 to
   * 1), and with 1 at the end; for progress bars. Runs are synchronous: it is the only way
   * to hear from one before it ends.
   */
  onProgress?: (settled: number) => void;
}

/** About 11.6 days: a million one-second windows, 16 MB of series at most. */
export const MAX_HORIZON_MS = 1e9;

export interface Scenario {
  clients: number;
  capacity: number;
  outageMs: number;
  startSpreadMs: number;
  seed: number;
  horizonMs: number;
  /** Length of a capacity window; fixed by the model. */
  windowMs: number;
}

export const DEFAULTS = {
  clients: 1000,
  capacity: 200,
  outageMs: 10_000,
  startSpreadMs: 0,
  seed: 1,
  baseMs: 100,
  capMs: 10_000,
  horizonMs: 86_400_000,
  windowMs: 1000,
} as const;

export interface SimulationResult {
  /** Short name of the simulated policy (the strategy name, or a description of a RetryPolicy). */
  label: string;
  scenario: Scenario;
  /**
   * Which engine produced the result: cohorts for deterministic policies, per client
   * otherwise; fluid (expected values, rounded) for runs too big to follow each client.
   */
  engine: 'cohort' | 'per-client' | 'fluid';
  totalCalls: number;
  /** Rejected calls. */
  wastedCalls: number;
  succeededClients: number;
  /** Clients that gave up: attempts or deadline exhausted (or still waiting at the horizon). */
  failedClients: number;
  /** Completion time (acceptance minus the client's start) over clients that succeeded, nearest rank; null when none did. */
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  /** Requests per window [k·windowMs, (k+1)·windowMs), up to the last window anything was sent in. */
  series: { offered: number[]; accepted: number[] };
  peakOffered: number;
  /** peakOffered / capacity. */
  peakOverCapacity: number;
  /**
   * The peak from the window in which the server comes back: the herd the recovering
   * server meets. (Every policy offers its most while the server is still down, when
   * nothing can be served, so peakOffered alone says little about the herd.)
   */
  recoveryPeakOffered: number;
  /** recoveryPeakOffered / capacity. */
  recoveryPeakOverCapacity: number;
  /** Start of the last window whose offered load exceeded capacity; null when none did. */
  settledAtMs: number | null;
}

function requireNumber(name: string, value: number, min: number, integer: boolean, max = Number.MAX_VALUE): number {
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= min &&
    value <= max &&
    (!integer || Number.isInteger(value));
  if (!ok) {
    const range = max === Number.MAX_VALUE ? `>= ${min}` : `between ${min} and ${max}`;
    throw new RangeError(`${name} must be ${integer ? 'an integer' : 'a number'} ${range}, got ${String(value)}`);
  }
  return value;
}

/** Fills in defaults and rejects values the model cannot run (a zero capacity never drains). */
export function resolveScenario(options: SimulateOptions = {}): Scenario {
  return {
    clients: requireNumber('clients', options.clients ?? DEFAULTS.clients, 0, true),
    capacity: requireNumber('capacity', options.capacity ?? DEFAULTS.capacity, 1, true),
    outageMs: requireNumber('outageMs', options.outageMs ?? DEFAULTS.outageMs, 0, false),
    startSpreadMs: requireNumber('startSpreadMs', options.startSpreadMs ?? DEFAULTS.startSpreadMs, 0, false),
    seed: requireNumber('seed', options.seed ?? DEFAULTS.seed, Number.MIN_SAFE_INTEGER, true),
    horizonMs: requireNumber('horizonMs', options.horizonMs ?? DEFAULTS.horizonMs, 0, false, MAX_HORIZON_MS),
    windowMs: DEFAULTS.windowMs,
  };
}

/** When client i sends its first request: evenly spaced over [0, startSpreadMs). */
export function startTime(scenario: Scenario, client: number): number {
  return scenario.startSpreadMs === 0 ? 0 : (client * scenario.startSpreadMs) / scenario.clients;
}
