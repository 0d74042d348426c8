import { SCENARIO_LIMITS, checkLimit } from './limits.js';

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
    kind: 'none' | 'constant' | 'linear' | 'polynomial' | 'exponential' | 'decorrelated' | 'unknown';
    baseMs?: number;
    factor?: number;
    /** The power of the attempt number a polynomial wait grows by (2 for base·n²). */
    power?: number;
    capMs?: number;
    /** The waits one by one, when the code lists them: the last repeats for later attempts (a linear `kind` beside them is only the nearest shape). */
    stepsMs?: number[];
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
  /**
   * The most work a run may do, in work units (about a nanosecond each on a 2024 laptop;
   * see DEFAULT_MAX_WORK and cost.ts). A run that reaches it stops where it is, as at the
   * horizon: clients still waiting count as failed, and `cutAtMs` says when it stopped.
   * Counted, not timed, so the same options give the same result on every machine.
   * 0 stops at once.
   */
  maxWork?: number;
}

/**
 * About ten seconds of work: every run the CLI's benchmarks make (ten million clients)
 * fits, and no input takes longer. A language server asks for far less per hover.
 */
export const DEFAULT_MAX_WORK = 1e10;

/** About 11.6 days: a million one-second windows, 16 MB of series at most. */
export const MAX_HORIZON_MS = SCENARIO_LIMITS.horizonMs.max;

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
  maxWork: DEFAULT_MAX_WORK,
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
  /**
   * Null when the run finished. Otherwise it reached `maxWork` and stopped at this
   * simulated time: the series ends there and the clients still waiting then are counted
   * as failed, so every total is a lower bound of the full run's.
   */
  cutAtMs: number | null;
}

/** Fills in defaults and rejects values outside SCENARIO_LIMITS (a zero capacity never drains). */
export function resolveScenario(options: SimulateOptions = {}): Scenario {
  return {
    clients: checkLimit('clients', options.clients ?? DEFAULTS.clients),
    capacity: checkLimit('capacity', options.capacity ?? DEFAULTS.capacity),
    outageMs: checkLimit('outageMs', options.outageMs ?? DEFAULTS.outageMs),
    startSpreadMs: checkLimit('startSpreadMs', options.startSpreadMs ?? DEFAULTS.startSpreadMs),
    seed: checkLimit('seed', options.seed ?? DEFAULTS.seed),
    horizonMs: checkLimit('horizonMs', options.horizonMs ?? DEFAULTS.horizonMs),
    windowMs: DEFAULTS.windowMs,
  };
}

/** The work a run may do: SimulateOptions.maxWork, checked, or DEFAULT_MAX_WORK. */
export function resolveMaxWork(options: SimulateOptions = {}): number {
  return checkLimit('maxWork', options.maxWork ?? DEFAULTS.maxWork);
}

/** When client i sends its first request: evenly spaced over [0, startSpreadMs). */
export function startTime(scenario: Scenario, client: number): number {
  return scenario.startSpreadMs === 0 ? 0 : (client * scenario.startSpreadMs) / scenario.clients;
}
