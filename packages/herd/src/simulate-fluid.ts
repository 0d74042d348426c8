import { WindowSeries } from './load.js';
import type { Scenario, SimulationResult } from './model.js';
import { PROPORTIONAL_SPREAD, growthOf, type ResolvedPolicy } from './policies.js';
import { WORK } from './cost.js';
import { buildResult, type Completions, type Tally } from './stats.js';

/**
 * The fluid engine: the same model, with clients as amounts rather than individuals, so
 * that its cost depends on how long the herd lasts, never on how many clients or calls
 * there are. 10 million clients against a server of 200/s make some 5·10¹⁰ calls, which
 * no engine that looks at calls can run; this one runs them in seconds, in a few MB.
 *
 * Time is cut into cells of `cellMs` (the window divided by a whole number: as short as
 * about a second of work allows, no shorter than an eighth of the shortest wait). A
 * client's state is how many times it was rejected (or, for decorrelated jitter, its
 * previous wait, in log-spaced bins, with the bin's mean). For each state, a ring of cells holds how many
 * clients will send in each cell ahead, as point amounts plus a piecewise-constant
 * density, so spreading a jittered wait over thousands of cells is O(1) (a difference
 * array). Each cell, in time order:
 *  1. the amounts arriving in it are summed over states;
 *  2. the server, if up, accepts up to what is left of the window's capacity, the same
 *     share of every state (arrivals within a cell are not ordered);
 *  3. the rest is rejected and spread over the cells ahead by the state's wait
 *     distribution, from the cell's middle. A part that lands in the same cell (waits
 *     shorter than the cell) is rejected again at once, as the window is full or the
 *     server down: in the next state's turn, or for the last state by a geometric series.
 *
 * The results are expected values — what the exact engines average to over seeds — and
 * are rounded to whole calls and clients; completion times are known to the cell, and
 * with `startSpreadMs` a retried client's start is taken as the mean start of the clients
 * it arrives with, spread by their deviation. The seed plays no part. `simulate` uses this
 * engine only when an exact run would be too big (see simulate.ts).
 */
export function runFluid(
  policy: ResolvedPolicy,
  scenario: Scenario,
  onProgress?: (settled: number) => void,
  maxWork = Infinity,
): SimulationResult {
  const plan = planFluid(policy, scenario);
  if (typeof plan === 'string') throw new RangeError(`the fluid engine cannot run '${policy.label}': ${plan}`);
  return new FluidRun(policy, scenario, plan, onProgress, maxWork).run();
}

/** Whether the fluid engine can run this policy and scenario in bounded memory and time; the reason when not. */
export function fluidSupport(policy: ResolvedPolicy, scenario: Scenario): true | string {
  const plan = planFluid(policy, scenario);
  return typeof plan === 'string' ? plan : true;
}

/**
 * The fluid engine's work for this run as planned — cells × states × channels, in
 * cells (WORK.fluidCell each) — or why it cannot run it. The run ends earlier when the
 * herd settles sooner than planned, never later.
 */
export function fluidWork(policy: ResolvedPolicy, scenario: Scenario): number | string {
  const plan = planFluid(policy, scenario);
  return typeof plan === 'string' ? plan : plan.work;
}

/**
 * Cells × states × channels of one run, about a second of work: cells are as short as
 * this allows, so that big runs stay fast…
 */
const TARGET_WORK = 1.5e8;
/** … but need not be shorter than an eighth of the shortest wait: a wait spreads over eight cells or more. */
const CELLS_PER_SHORTEST_WAIT = 8;
/** Ring entries (states × cells ahead) at most: 32 MB per array. */
const MAX_RING_ENTRIES = 4e6;
const MAX_STATES = 32_768;
/** Cells are never shorter: waits are at least 1 ms (MIN_DELAY_MS), so an eighth of that. */
const MIN_CELL_MS = 0.125;
/**
 * Interior bins of the previous wait for decorrelated jitter, log-spaced over (base, cap):
 * each 25 % wider than the last (21 bins from 100 ms to 10 s), 48 at most.
 */
const DECORRELATED_BIN_RATIO = 1.25;
const MAX_DECORRELATED_BINS = 48;
/** A decorrelated state costs about this many level states' work per cell. */
const DECORRELATED_WORK = 4;
/** Clients still in flight below this share of all clients are dust: the run ends. */
const DUST = 1e-9;

interface Plan {
  cellMs: number;
  /** Cells × states × channels over the planned duration (see fluidWork). */
  work: number;
  /** Cells ahead a wait can reach, plus slack. */
  ring: number;
  states: number;
  /** Level-based policies: the wait distribution of each state, as offsets from the send. */
  lo: Float64Array;
  hi: Float64Array;
  /** Next state after a rejection; the same state for the last state of an unbounded policy; -1 for giving up. */
  next: Int32Array;
  decorrelated?: DecorrelatedPlan;
}

interface DecorrelatedPlan {
  /** States per attempt level: initial (the base), the interior bins (none when cap ≤ base), the cap. */
  perLevel: number;
  /** Attempt levels: 1 when unbounded (the level does not matter), else maxAttempts. */
  levels: number;
  bounded: boolean;
  /** Interior bin edges, from base to cap, log-spaced: edges[i] = base·ratio^i. */
  edges: Float64Array;
  /** Bins between a previous wait and factor times it. */
  binShift: number;
  base: number;
  cap: number;
  factor: number;
}

function planFluid(policy: ResolvedPolicy, scenario: Scenario): Plan | string {
  const { baseMs: base, capMs: cap, factor, maxAttempts } = policy;
  const { windowMs } = scenario;
  if (policy.deadlineMs !== Infinity && scenario.startSpreadMs > 0) {
    return 'a deadline with spread starts needs each client’s own start';
  }
  let states: number;
  let lo: Float64Array;
  let hi: Float64Array;
  let next: Int32Array;
  let decorrelated: DecorrelatedPlan | undefined;
  /**
   * The longest cell allowed: a state that sends clients back to itself must send most of
   * them past the cell, or the in-cell retries would never end.
   */
  let longestCell: number;
  let longest: number;
  let shortest: number;
  if (policy.shape === 'decorrelated') {
    const bounded = maxAttempts !== Infinity;
    const levels = bounded ? maxAttempts : 1;
    // Many attempt levels get fewer bins each, so that the states stay within MAX_STATES.
    const interior =
      cap > base
        ? Math.max(
            1,
            Math.min(
              MAX_DECORRELATED_BINS,
              Math.floor(MAX_STATES / levels) - 2,
              Math.max(4, Math.ceil(Math.log(cap / base) / Math.log(DECORRELATED_BIN_RATIO))),
            ),
          )
        : 0;
    const perLevel = interior + 2;
    if (levels * perLevel > MAX_STATES) return `${maxAttempts} attempts of decorrelated jitter are too many states`;
    states = levels * perLevel;
    const edges = new Float64Array(interior + 1);
    for (let i = 0; i <= interior; i++) edges[i] = i === interior ? cap : base * (cap / base) ** (i / interior);
    const logRatio = interior > 0 ? Math.log(cap / base) / interior : 0;
    const binShift = logRatio > 0 ? Math.round(Math.log(factor) / logRatio) : 0;
    decorrelated = { perLevel, levels, bounded, edges, binShift, base, cap, factor };
    lo = new Float64Array(0);
    hi = new Float64Array(0);
    next = new Int32Array(0);
    longestCell = windowMs; // the next wait goes to another bin, and from the base on
    longest = Math.max(base, cap);
    shortest = Math.min(base, cap);
  } else {
    const grow = growthOf(policy);
    // From nCap on, every wait has the same distribution.
    let nCap = 0;
    while (nCap < MAX_STATES && grow(nCap) !== grow(nCap + 1)) nCap++;
    if (nCap >= MAX_STATES) return 'its waits take too long to reach the cap';
    // State 0 holds first sends only, so that a start can be known from it.
    states = maxAttempts === Infinity ? Math.max(1, nCap) + 1 : maxAttempts;
    if (states > MAX_STATES) return `${maxAttempts} attempts are too many states`;
    lo = new Float64Array(states);
    hi = new Float64Array(states);
    next = new Int32Array(states);
    longestCell = windowMs;
    longest = 0;
    shortest = Infinity;
    for (let s = 0; s < states; s++) {
      const d = grow(Math.min(s, nCap));
      [lo[s], hi[s]] =
        policy.jitter === 'none'
          ? [d, d]
          : policy.jitter === 'full'
            ? [0, d]
            : policy.jitter === 'equal'
              ? [d / 2, d]
              : [d * (1 - PROPORTIONAL_SPREAD), d * (1 + PROPORTIONAL_SPREAD)];
      next[s] = maxAttempts === Infinity ? Math.min(s + 1, states - 1) : s + 1 < maxAttempts ? s + 1 : -1;
      // Uniform waits: at most half of them land in the cell they left; a point lands past it.
      // Not only for a state that sends back to itself: what lands in the cell it left is
      // rejected again at the same instant, so a point wait shorter than the cell would
      // run a bounded policy through all its attempts without time passing (10 000
      // attempts of a constant 100 ms in one second: every client failed, none served).
      if (next[s]! >= 0) longestCell = Math.min(longestCell, hi[s]! > lo[s]! ? hi[s]! : lo[s]!);
      longest = Math.max(longest, hi[s]!);
      shortest = Math.min(shortest, hi[s]!);
    }
  }

  const herdMs =
    Math.max(scenario.outageMs, scenario.startSpreadMs) + (scenario.clients / scenario.capacity) * windowMs + 2 * longest;
  // No client lives longer than its attempts' waits (or its deadline) after its start.
  const lifeMs = Math.min(policy.deadlineMs, maxAttempts * longest);
  const durationMs = Math.min(scenario.horizonMs, herdMs, scenario.startSpreadMs + lifeMs);
  // As fine as the work budget allows, and coarse enough for the ring to fit in memory.
  // Cells divide the window (windowMs / n), so none straddles two.
  const channels = (scenario.startSpreadMs > 0 ? 3 : 1) + (decorrelated ? 1 : 0);
  const perState = channels * (decorrelated ? DECORRELATED_WORK : 1);
  const memory = (longest * states) / MAX_RING_ENTRIES;
  const wanted = Math.max(
    (durationMs * states * perState) / TARGET_WORK,
    memory,
    // The largest divisor within an eighth of the shortest wait, when that is coarser.
    largestDivisor(windowMs, shortest / CELLS_PER_SHORTEST_WAIT),
  );
  // The shortest cell of at least `wanted` (windows, when that is more than the budget).
  let cellMs = wanted >= windowMs ? windowMs : windowMs / Math.floor(windowMs / Math.max(wanted, MIN_CELL_MS));
  // Short waits that return to their own state win over the budget: more work, not a wrong answer.
  if (cellMs > longestCell) cellMs = largestDivisor(windowMs, longestCell);
  if (cellMs < memory) return `waits from ${longestCell} ms to ${longest} ms would need more memory than allowed`;
  // Counted per state and channel alone: DECORRELATED_WORK is what a busy decorrelated
  // state costs, but with thousands of attempt levels most states are empty, and the
  // benchmark measured a quarter of a unit per counted one with it (cut 4× too early).
  const work = Math.ceil(durationMs / cellMs) * states * channels;
  return { cellMs, work, ring: Math.ceil(longest / cellMs) + 3, states, lo, hi, next, decorrelated };
}

/**
 * What a ring holds per state and cell, as channels: the amount of clients, and with
 * spread starts the sum of their start times and of their squares, from which a parcel's
 * mean start and the spread of its starts are known.
 */
type Channels = Float64Array[];

/** The longest cell windowMs / n within `atMost`. */
function largestDivisor(windowMs: number, atMost: number): number {
  return windowMs / Math.ceil(windowMs / Math.min(windowMs, Math.max(atMost, MIN_CELL_MS)));
}

class FluidRun {
  private readonly cellMs: number;
  private readonly ring: number;
  private readonly states: number;
  /** amount; start sum and start² sum with startSpreadMs; previous wait sum for decorrelated jitter. */
  private readonly channels: number;
  /** The start channels are there. */
  private readonly spread: boolean;
  /** Index of the previous-wait channel, or -1. */
  private readonly prevChannel: number;
  /** Per channel, per state and ring cell: what arrives as an amount, and the change of the density at the cell's start. */
  private readonly extra: Channels;
  private readonly slope: Channels;
  /** Per channel and state: the running density. */
  private readonly density: Channels;
  /** Sends at or after this fail (the horizon, or the deadline when everyone starts at 0). */
  private readonly limitMs: number;
  private cell = 0;
  private cellEnd = 0;
  /** Decorrelated densities of the current cell by (target level, upper bin), per channel. */
  private readonly decorrelatedAcc: { sums: Channels; touched: number[] } | undefined;
  /** Clients in the ring, still to arrive. */
  private pending = 0;
  private failed = 0;
  /** The mean start and mean squared start of the parcel being sent (0 without spread). */
  private mean = 0;
  private meanSq = 0;
  /** For decorrelated jitter, the mean wait of the clients being sent: their next previous wait. */
  private prev = 0;

  constructor(
    private readonly policy: ResolvedPolicy,
    private readonly scenario: Scenario,
    private readonly plan: Plan,
    private readonly onProgress: ((settled: number) => void) | undefined,
    private readonly maxWork: number,
  ) {
    this.cellMs = plan.cellMs;
    this.ring = plan.ring;
    this.states = plan.states;
    this.spread = scenario.startSpreadMs > 0;
    this.prevChannel = plan.decorrelated ? (this.spread ? 3 : 1) : -1;
    this.channels = (this.spread ? 3 : 1) + (plan.decorrelated ? 1 : 0);
    const size = plan.states * plan.ring;
    const make = (n: number): Channels => Array.from({ length: this.channels }, () => new Float64Array(n));
    this.extra = make(size);
    this.slope = make(size);
    this.density = make(plan.states);
    this.limitMs = Math.min(scenario.horizonMs, policy.deadlineMs);
    const d = plan.decorrelated;
    if (d) this.decorrelatedAcc = { sums: make((d.bounded ? d.levels : 1) * (d.perLevel + 1)), touched: [] };
  }

  run(): SimulationResult {
    const { policy, scenario, plan, states, cellMs, channels, ring, spread, prevChannel } = this;
    const { clients, capacity, outageMs, windowMs, horizonMs, startSpreadMs } = scenario;
    const make = (): Channels => Array.from({ length: channels }, () => new Float64Array(states));
    const arrived = make();
    const carry = make();
    const amounts = arrived[0]!;
    const completions = new CompletionHistogram();
    const series = new WindowSeries();
    const cellsPerWindow = Math.round(windowMs / cellMs);
    // First sends: all at t = 0, or evenly over [0, startSpreadMs) (later than the horizon: never).
    const startsUntil = spread ? Math.min(startSpreadMs, horizonMs) : 0;
    const startRate = spread ? clients / startSpreadMs : 0;
    if (spread) this.failed += clients - startRate * startsUntil;
    const dust = DUST * Math.max(1, clients);
    // Work per cell, in WORK.fluidCell units; the run stops at the cell that would pass maxWork.
    const perCell = states * channels;
    const cells = Math.floor(this.maxWork / WORK.fluidCell / perCell);
    let cutAtMs: number | null = null;

    let calls = 0;
    let wasted = 0;
    let accepted = 0;
    let windowOffered = 0;
    let windowAccepted = 0;
    let room = capacity;
    let window = 0;
    const flushWindow = (): void => {
      const offered = Math.round(windowOffered);
      if (offered > 0) series.add(window, offered, Math.round(windowAccepted));
      windowOffered = 0;
      windowAccepted = 0;
    };

    for (let k = 0; ; k++) {
      const t0 = k * cellMs;
      if (t0 >= horizonMs) break;
      const starting = spread ? Math.max(0, Math.min(t0 + cellMs, startsUntil) - t0) * startRate : k === 0 ? clients : 0;
      if (this.pending <= dust && starting === 0 && t0 >= startsUntil) break;
      if (k >= cells) {
        cutAtMs = t0;
        break;
      }
      if (k % cellsPerWindow === 0 && k > 0) {
        flushWindow();
        window = k / cellsPerWindow;
        room = capacity;
      }
      if ((k & 0xffff) === 0 && this.onProgress) this.onProgress(Math.min(1, (accepted + this.failed) / Math.max(1, clients)));
      this.cell = k;
      this.cellEnd = t0 + cellMs;
      const mid = t0 + cellMs / 2;

      // 1. Arrivals.
      const r = k % ring;
      for (let c = 0; c < channels; c++) {
        const extra = this.extra[c]!;
        const slope = this.slope[c]!;
        const density = this.density[c]!;
        const into = arrived[c]!;
        for (let s = 0, at = r; s < states; s++, at += ring) {
          const d = density[s]! + slope[at]!;
          density[s] = d;
          slope[at] = 0;
          into[s] = d * cellMs + extra[at]!;
          extra[at] = 0;
        }
      }
      let total = 0;
      for (let s = 0; s < states; s++) {
        if (amounts[s]! < 0) amounts[s] = 0; // rounding dust of the running density
        total += amounts[s]!;
      }
      this.pending -= total;
      amounts[0]! += starting;
      if (spread) {
        // A first send starts when it is sent.
        arrived[1]![0]! += starting * mid;
        arrived[2]![0]! += starting * mid * mid;
      }
      if (prevChannel > 0) arrived[prevChannel]![0]! += starting * policy.baseMs;
      total += starting;
      if (total <= 0) continue;

      // 2. The server takes the same share of every state.
      const share = mid < outageMs ? 0 : Math.min(1, room / total);
      if (share > 0) {
        const taken = share * total;
        room -= taken;
        accepted += taken;
        windowAccepted += taken;
        calls += taken;
        windowOffered += taken;
        for (let s = 0; s < states; s++) {
          const amount = amounts[s]! * share;
          if (amount <= 0) continue;
          if (s === 0 || !spread) {
            // First sends complete at once; without spread everyone started at 0.
            completions.add(s === 0 ? 0 : mid, amount, 0);
          } else {
            const mean = arrived[1]![s]! / amounts[s]!;
            const variance = arrived[2]![s]! / amounts[s]! - mean * mean;
            completions.add(mid - mean, amount, variance > 0 ? Math.sqrt(variance) : 0);
          }
        }
      }
      if (share === 1) continue;

      // 3. Rejections, in state order: a wait shorter than the cell lands in a later state
      // of this cell, which is rejected in its turn.
      for (let c = 0; c < channels; c++) carry[c]!.fill(0);
      let rejected = 0;
      // Clients at t = 0 send at 0, not at the first cell's middle; they are the only ones then.
      const sentAt = k === 0 && !spread ? 0 : mid;
      for (let s = 0; s < states; s++) {
        const amount = amounts[s]! * (1 - share) + carry[0]![s]!;
        if (amount <= 0) continue;
        if (spread) {
          this.mean = (arrived[1]![s]! * (1 - share) + carry[1]![s]!) / amount;
          this.meanSq = (arrived[2]![s]! * (1 - share) + carry[2]![s]!) / amount;
        }
        rejected += plan.decorrelated
          ? this.rejectDecorrelated(s, amount, arrived[prevChannel]![s]! / amounts[s]!, sentAt)
          : this.rejectLevel(s, amount, sentAt, carry);
      }
      if (plan.decorrelated) this.emitDecorrelated(sentAt);
      calls += rejected;
      wasted += rejected;
      windowOffered += rejected;
    }
    flushWindow();
    this.onProgress?.(1);

    const succeeded = Math.min(clients, Math.round(accepted));
    const tally: Tally = {
      totalCalls: Math.round(calls),
      wastedCalls: Math.round(wasted),
      failedClients: clients - succeeded,
      cutAtMs,
    };
    return buildResult(policy.label, scenario, 'fluid', series, tally, completions.result(succeeded, accepted));
  }

  /** Rejects `amount` clients of level state s sent at `sentAt`; returns the calls made (more than amount when some retry within the cell). */
  private rejectLevel(s: number, amount: number, sentAt: number, carry: Channels): number {
    const { lo, hi, next } = this.plan;
    const to = next[s]!;
    if (to < 0) {
      this.failed += amount;
      return amount;
    }
    const a = sentAt + lo[s]!;
    const b = sentAt + hi[s]!;
    if (to === s) {
      // The last state of an unbounded policy: a share q of each rejection lands back in
      // this cell and is rejected again, so amount / (1 - q) calls send amount onwards.
      const q = b > a ? Math.max(0, Math.min(b, this.cellEnd) - a) / (b - a) : a < this.cellEnd ? 1 : 0;
      this.spreadFuture(to, amount, a, b, q);
      return q < 1 ? amount / (1 - q) : amount;
    }
    const inCell = this.spreadFuture(to, amount, a, b, -1);
    if (inCell > 0) {
      carry[0]![to]! += inCell;
      if (this.spread) {
        carry[1]![to]! += inCell * this.mean;
        carry[2]![to]! += inCell * this.meanSq;
      }
    }
    return amount;
  }

  /**
   * Sends `amount` clients into state `to`, uniformly over [a, b) or all at a when a = b.
   * What lands in the current cell is returned instead; or, when `renormalise` (that
   * in-cell share, for a state sending to itself) is given, dropped with the rest scaled
   * up to the whole amount. What lands at or after the limit gives up.
   */
  private spreadFuture(to: number, amount: number, a: number, b: number, renormalise: number): number {
    const end = this.cellEnd;
    const keepInCell = renormalise < 0;
    if (b <= a) {
      if (a < end && keepInCell) return amount;
      this.addPoint(to, amount, a); // a point in this cell goes to the next one
      return 0;
    }
    if (b <= end) {
      if (keepInCell) return amount;
      this.addPoint(to, amount, end); // never for plans whose cells are shorter than the waits
      return 0;
    }
    let density = amount / (b - a);
    let inCell = 0;
    if (a < end) {
      inCell = density * (end - a);
      if (!keepInCell) density /= 1 - renormalise;
      a = end;
    }
    this.addRange(to, density, a, b);
    return keepInCell ? inCell : 0;
  }

  /**
   * Decorrelated jitter: the next wait is uniform over [base, factor·prev), the part above
   * the cap at the cap, where prev is the mean previous wait of the state's clients (each
   * state is a bin of previous waits; the mean, not the bin's middle, keeps the waits'
   * mean exact). Whole bins get one density summed over every state of the cell
   * (emitDecorrelated), so a cell costs O(states), not O(states × bins).
   */
  private rejectDecorrelated(s: number, amount: number, prev: number, sentAt: number): number {
    const d = this.plan.decorrelated!;
    const level = Math.floor(s / d.perLevel);
    if (d.bounded && level + 1 >= d.levels) {
      this.failed += amount;
      return amount;
    }
    const target = (d.bounded ? level + 1 : 0) * d.perLevel;
    const interior = d.perLevel - 2;
    const { base, cap } = d;
    const top = d.factor * prev;
    const width = top - base;
    if (interior === 0 || !(width > 1e-9 * base)) {
      // cap ≤ base: every wait is the cap; factor 1 from the base: every wait is the base.
      const wait = interior === 0 ? cap : base;
      this.prev = wait;
      this.addPoint(target + (interior === 0 ? d.perLevel - 1 : 1), amount, sentAt + wait);
      return amount;
    }
    const upper = top < cap ? top : cap;
    if (top > cap) {
      this.prev = cap;
      this.addPoint(target + d.perLevel - 1, (amount * (top - cap)) / width, sentAt + cap);
    }
    const density = amount / width;
    // The interior bin the upper end falls in: bins below it are covered whole.
    let bin = interior + 1;
    if (upper < cap) {
      // factor·prev lies about log(factor) / log(ratio) bins above prev's own bin.
      bin = Math.min(interior, Math.max(1, s - level * d.perLevel + d.binShift));
      while (bin > 1 && d.edges[bin - 1]! >= upper) bin--;
      while (bin < interior && d.edges[bin]! < upper) bin++;
      const from = d.edges[bin - 1]!;
      this.prev = (from + upper) / 2;
      this.addRange(target + bin, density, sentAt + from, sentAt + upper);
    }
    const { sums, touched } = this.decorrelatedAcc!;
    const at = (target / d.perLevel) * (d.perLevel + 1) + bin;
    if (sums[0]![at] === 0) touched.push(at);
    sums[0]![at]! += density;
    if (this.spread) {
      sums[1]![at]! += density * this.mean;
      sums[2]![at]! += density * this.meanSq;
    }
    return amount;
  }

  /** The whole bins of this cell's decorrelated rejections: bin i gets the density of every state whose wait goes past it. */
  private emitDecorrelated(sentAt: number): void {
    const d = this.plan.decorrelated!;
    const { sums, touched } = this.decorrelatedAcc!;
    if (touched.length === 0) return;
    const interior = d.perLevel - 2;
    const stride = d.perLevel + 1;
    const spread = this.spread;
    let done = -1;
    // Touched in state order, so each target level's entries come together.
    for (const entry of touched) {
      const level = Math.floor(entry / stride);
      if (level === done) continue;
      done = level;
      let density = 0;
      let start = 0;
      let startSq = 0;
      for (let i = interior; i >= 1; i--) {
        const at = level * stride + i + 1;
        density += sums[0]![at]!;
        sums[0]![at] = 0;
        if (spread) {
          start += sums[1]![at]!;
          startSq += sums[2]![at]!;
          sums[1]![at] = 0;
          sums[2]![at] = 0;
          this.mean = start / density;
          this.meanSq = startSq / density;
        }
        // A whole bin's waits are uniform over it: their mean is its middle.
        this.prev = (d.edges[i - 1]! + d.edges[i]!) / 2;
        if (density > 0) this.addRange(level * d.perLevel + i, density, sentAt + d.edges[i - 1]!, sentAt + d.edges[i]!);
      }
    }
    touched.length = 0;
  }

  /** `amount` clients of the current parcel (this.mean, this.meanSq, this.prev) send at t. */
  private addPoint(state: number, amount: number, t: number): void {
    if (t >= this.limitMs) {
      this.failed += amount;
      return;
    }
    // A send within the current cell (a wait shorter than the cell, which only decorrelated
    // jitter leaves here) arrives in the next one: the cell's arrivals are settled.
    const cell = Math.max(this.cell + 1, Math.floor(t / this.cellMs));
    this.addToChannels(this.extra, state * this.ring + (cell % this.ring), amount);
    this.pending += amount;
  }

  /** Clients of the current parcel send at `density` per ms over [a, b). */
  private addRange(state: number, density: number, a: number, b: number): void {
    if (a < this.cellEnd) {
      // Waits shorter than the cell (decorrelated jitter only): into the next cell, as in addPoint.
      const cut = Math.min(b, this.cellEnd);
      this.addPoint(state, density * (cut - a), cut);
      a = cut;
      if (b <= a) return;
    }
    if (b > this.limitMs) {
      const over = b - Math.max(a, this.limitMs);
      this.failed += density * over;
      b = Math.max(a, this.limitMs);
      if (b <= a) return;
    }
    const { cellMs, ring } = this;
    const base = state * ring;
    const k0 = Math.floor(a / cellMs);
    const k1 = Math.floor(b / cellMs);
    this.pending += density * (b - a);
    const first = base + (k0 % ring);
    if (k0 === k1) {
      this.addToChannels(this.extra, first, density * (b - a));
      return;
    }
    const second = base + ((k0 + 1) % ring);
    const last = base + (k1 % ring);
    const head = (k0 + 1) * cellMs - a;
    const tail = b - k1 * cellMs;
    this.addToChannels(this.extra, first, density * head);
    this.addToChannels(this.slope, second, density);
    this.addToChannels(this.slope, last, -density);
    this.addToChannels(this.extra, last, density * tail);
  }

  /** Adds `amount` clients of the current parcel at `at`: the amount, and its starts and previous waits. */
  private addToChannels(arrays: Channels, at: number, amount: number): void {
    arrays[0]![at]! += amount;
    if (this.spread) {
      arrays[1]![at]! += amount * this.mean;
      arrays[2]![at]! += amount * this.meanSq;
    }
    if (this.prevChannel > 0) arrays[this.prevChannel]![at]! += amount * this.prev;
  }

}

/**
 * Completion times weighted by amounts: 256 buckets per power of two (each within 0.4 %),
 * each remembering the least and the largest time that fell in it. A percentile is
 * interpolated between those by rank, so a bucket holding one time returns it exactly.
 * Memory is fixed, whatever the run.
 */
class CompletionHistogram {
  private readonly amount = new Float64Array(BUCKETS);
  private readonly least = new Float64Array(BUCKETS).fill(Infinity);
  private readonly most = new Float64Array(BUCKETS).fill(-Infinity);

  /**
   * `amount` clients complete after `ms` on average, their starts spread with standard
   * deviation `sd`: spread over the uniform range of that deviation, ±√3·sd.
   */
  add(ms: number, amount: number, sd: number): void {
    if (sd < 1) {
      this.put(ms, amount);
      return;
    }
    const half = Math.sqrt(3) * sd;
    for (let i = 0; i < SPREAD_POINTS; i++) this.put(ms - half + ((2 * i + 1) * half) / SPREAD_POINTS, amount / SPREAD_POINTS);
  }

  private put(ms: number, amount: number): void {
    if (ms < 0) ms = 0;
    let i = 0;
    if (ms >= 1) {
      // floor(log2(ms)) from the leading zeros of its integer part (the same value, and this
      // runs for every completion point of a long run); Math.log2 past 2^31 ms (24.8 days).
      const e = ms < 0x80000000 ? 31 - Math.clz32(ms) : Math.floor(Math.log2(ms));
      i = 1 + e * 256 + Math.min(255, Math.floor((ms / 2 ** e - 1) * 256));
    }
    this.amount[i]! += amount;
    if (ms < this.least[i]!) this.least[i] = ms;
    if (ms > this.most[i]!) this.most[i] = ms;
  }

  /**
   * Percentiles over `total` clients (an amount), nearest rank; the 100th is the last
   * whole client's, so that dust in the far tail does not decide the maximum.
   */
  result(count: number, total: number): Completions {
    return {
      count,
      percentile: (p) => {
        if (count === 0 || total <= 0) return null;
        // Sums of shares carry rounding: a rank reached within a millionth of a client counts.
        const rank = (p >= 100 ? Math.max(0, total - 0.5) : (p / 100) * total) - 1e-6;
        let seen = 0;
        let last: number | null = null;
        for (let i = 0; i < BUCKETS; i++) {
          const amount = this.amount[i]!;
          if (amount <= 0) continue;
          last = this.most[i]!;
          if (seen + amount >= rank) {
            const within = Math.max(0, Math.min(1, (rank - seen) / amount));
            return this.least[i]! + within * (this.most[i]! - this.least[i]!);
          }
          seen += amount;
        }
        return last;
      },
    };
  }
}

const BUCKETS = 1 + 64 * 256;
/** Points a parcel's completions are spread over when its starts differ. */
const SPREAD_POINTS = 16;
