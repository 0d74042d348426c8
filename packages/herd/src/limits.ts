/**
 * The ranges a scenario's numbers may take, for every caller: the library rejects a
 * value outside them (RangeError), `retry-hygiene simulate` names the flag and the range
 * (exit 2), and the language server clamps its settings to them. One table, so that the
 * three agree and the READMEs can quote it.
 *
 * Each bound keeps a run's memory and time bounded together with `maxWork`: clients and
 * attempts size the engines' arrays (per client, per attempt state), times size the
 * series (one entry per second up to the horizon).
 */
export interface Limit {
  min: number;
  max: number;
  integer: boolean;
}

export const SCENARIO_LIMITS = {
  /** Above a million the fluid engine runs, whose memory does not grow with clients. */
  clients: { min: 0, max: 10_000_000, integer: true },
  /** Costs nothing: a bigger server only shortens a run. */
  capacity: { min: 1, max: 1e15, integer: true },
  /** Times in ms: at most the largest horizon (MAX_HORIZON_MS, 11.6 days). */
  outageMs: { min: 0, max: 1e9, integer: false },
  startSpreadMs: { min: 0, max: 1e9, integer: false },
  horizonMs: { min: 0, max: 1e9, integer: false },
  baseMs: { min: 0, max: 1e9, integer: false },
  capMs: { min: 0, max: 1e9, integer: false },
  /**
   * Counts the first call. Past this, the fluid engine's per-attempt arrays would not fit
   * its memory bound; an analysed policy with more is run with this many (its label says so).
   */
  maxAttempts: { min: 1, max: 10_000, integer: true },
  seed: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, integer: true },
  /** Work units (about a nanosecond each here); see DEFAULT_MAX_WORK. */
  maxWork: { min: 0, max: 1e12, integer: false },
} as const satisfies Record<string, Limit>;

export type LimitedOption = keyof typeof SCENARIO_LIMITS;

/** `value` when it is within the option's range; a RangeError naming the option and the range otherwise. */
export function checkLimit(name: LimitedOption, value: number): number {
  const limit: Limit = SCENARIO_LIMITS[name];
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= limit.min &&
    value <= limit.max &&
    (!limit.integer || Number.isInteger(value));
  if (!ok) {
    throw new RangeError(
      `${name} must be ${limit.integer ? 'an integer' : 'a number'} from ${limit.min} to ${limit.max}, got ${String(value)}`,
    );
  }
  return value;
}

/** The nearest value within the option's range (integers rounded); NaN gives the minimum. For settings that must not fail. */
export function clampToLimit(name: LimitedOption, value: number): number {
  const limit: Limit = SCENARIO_LIMITS[name];
  if (Number.isNaN(value)) return limit.min;
  const clamped = Math.min(limit.max, Math.max(limit.min, value));
  return limit.integer ? Math.round(clamped) : clamped;
}
