import type { Scenario } from './model.js';

/** Offered and accepted requests per window, growing as later windows are reached. */
export class WindowSeries {
  offered = new Float64Array(64);
  accepted = new Float64Array(64);
  /** Windows 0 … windows − 1 have been reached (anything offered in the last of them). */
  windows = 0;

  add(w: number, offered: number, accepted: number): void {
    if (w >= this.offered.length) this.grow(w);
    this.offered[w]! += offered;
    this.accepted[w]! += accepted;
    if (w >= this.windows) this.windows = w + 1;
  }

  private grow(w: number): void {
    let size = this.offered.length;
    while (size <= w) size *= 2;
    const offered = new Float64Array(size);
    offered.set(this.offered);
    const accepted = new Float64Array(size);
    accepted.set(this.accepted);
    this.offered = offered;
    this.accepted = accepted;
  }
}

/**
 * The server for engines that see arrivals one instant at a time, in nondecreasing time
 * and in the tie order: then "first come first served" needs only the count accepted so
 * far in the window.
 */
export class ServerLoad extends WindowSeries {
  private readonly windowMs: number;
  private readonly capacity: number;
  private readonly outageMs: number;

  constructor(scenario: Scenario) {
    super();
    this.windowMs = scenario.windowMs;
    this.capacity = scenario.capacity;
    this.outageMs = scenario.outageMs;
  }

  /** `count` requests arrive at `t`; returns how many of them are accepted. */
  offer(t: number, count: number): number {
    const w = Math.floor(t / this.windowMs);
    this.add(w, count, 0);
    if (t < this.outageMs) return 0;
    const room = this.capacity - this.accepted[w]!;
    const taken = count < room ? count : room;
    this.accepted[w]! += taken;
    return taken;
  }
}
