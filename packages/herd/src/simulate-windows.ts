import { WindowSeries } from './load.js';
import { startTime, type Scenario, type SimulationResult } from './model.js';
import { createDelay, type ResolvedPolicy } from './policies.js';
import { WORK } from './cost.js';
import { createUniform } from './prng.js';
import { buildResult, completionsOf, select, type Tally } from './stats.js';

/**
 * The fast per-client engine, for jittered policies: same model and same results as the
 * reference engine (simulate-per-client.ts), without ordering every call.
 *
 * Order only matters where the server still has room: while it is down, or once a
 * window's capacity is used up, every arrival is rejected whatever its position. And
 * while a window has room nothing is rejected, so nothing new arrives in it until it is
 * full. So each window is settled in two steps:
 *  1. arrivals before the end of the outage are rejected in the order they were queued;
 *     a resend that falls in the same window is rejected on the spot, or, if it falls
 *     after the outage, joins the contenders;
 *  2. the contenders are a set fixed in advance: the `capacity` first by (time, client
 *     index) — found by selection, not sorting — are accepted, the rest rejected, and
 *     their resends inside the window rejected too.
 * Jitter draws are addressed by (client, draw), so processing clients out of time order
 * does not change a single number.
 *
 * A waiting client is an entry in its window's bucket carrying its whole state (index,
 * send time, calls so far, previous wait), so a window is read front to back and no
 * per-client array is touched at random. Buckets are chains of fixed-size chunks taken
 * from a pool and returned once their window is settled; each client is in one bucket
 * at a time, so memory is about 50 bytes per client whatever the number of calls, and
 * nothing is copied or left for the garbage collector as buckets grow.
 */
export function runWindows(
  policy: ResolvedPolicy,
  scenario: Scenario,
  onProgress?: (settled: number) => void,
  maxWork = Infinity,
): SimulationResult {
  const { clients, capacity, outageMs, windowMs, horizonMs } = scenario;
  const { maxAttempts, deadlineMs, baseMs } = policy;
  const delay = createDelay(policy, createUniform(scenario.seed));
  const series = new WindowSeries();
  const tally: Tally = { totalCalls: 0, wastedCalls: 0, failedClients: 0 };
  const start = scenario.startSpreadMs === 0 ? null : new Float64Array(clients);
  // Chunks of up to 4 096 entries (96 KB): long runs to read, little waste. Small runs
  // take small chunks, or allocating and zeroing them would cost more than simulating.
  // Every window that holds someone holds a chunk, so starts spread over many windows
  // take chunks sized to the clients per window: 100 000 clients over a day in 96 KB
  // chunks held 8 GB.
  const startWindows = Math.max(1, Math.min(clients, Math.ceil(Math.min(scenario.startSpreadMs, horizonMs) / windowMs)));
  const shift = Math.min(12, Math.max(4, Math.ceil(Math.log2(Math.max(1, clients / startWindows) / 16))));
  const chunkSize = 1 << shift;
  const mask = chunkSize - 1;
  const pool = new ChunkPool(chunkSize);
  const buckets: (Bucket | undefined)[] = [];
  // Scratch for step 2, shared by all windows.
  const keys = new Float64Array(clients);
  const tied = new Int32Array(clients);
  const doneAt = new Float64Array(clients);
  let done = 0;
  let pending = 0;
  let rejected = 0;
  // State of a client whose resend joins the current window's contenders (see reject).
  let lateTime = 0;
  let lateCalls = 0;
  let latePrev = 0;

  const queue = (c: number, t: number, calls: number, prev: number): void => {
    (buckets[Math.floor(t / windowMs)] ??= new Bucket(pool)).push(c, t, calls, prev);
    pending++;
  };

  /**
   * Rejects client c at t, and each resend before windowEnd, until it gives up, resends
   * in a later window (queued), or resends at or after contendFrom in this window: then
   * returns true with its state in lateTime, lateCalls, latePrev.
   */
  const reject = (c: number, t: number, calls: number, prev: number, windowEnd: number, contendFrom: number): boolean => {
    const began = start ? start[c]! : 0;
    for (;;) {
      rejected++;
      const n = calls++;
      if (calls >= maxAttempts) break;
      const wait = delay(c, n, prev);
      prev = wait;
      t += wait;
      if (t - began > deadlineMs || t >= horizonMs) break;
      if (t >= windowEnd) {
        queue(c, t, calls, prev);
        return false;
      }
      if (t >= contendFrom) {
        lateTime = t;
        lateCalls = calls;
        latePrev = prev;
        return true;
      }
    }
    tally.failedClients++;
    return false;
  };

  for (let c = 0; c < clients; c++) {
    const t = startTime(scenario, c);
    if (start) start[c] = t;
    if (t >= horizonMs) tally.failedClients++;
    else queue(c, t, 0, baseMs);
  }

  // Checked window by window, so a run may pass maxWork by one window's calls.
  let work = 0;
  for (let w = 0; pending > 0; w++) {
    if (onProgress && (w & 0x3ff) === 0) onProgress((done + tally.failedClients) / Math.max(1, clients));
    work += WORK.window;
    if (work > maxWork) {
      tally.cutAtMs = w * windowMs;
      tally.failedClients += pending;
      break;
    }
    const bucket = buckets[w];
    if (bucket === undefined) continue;
    buckets[w] = undefined;
    pending -= bucket.length;
    const windowEnd = (w + 1) * windowMs;
    const chunks = bucket.chunks;
    rejected = 0;

    // Step 1. Contenders are compacted to the front of the bucket; a slot is free by the
    // time it is written, since the entry it held has been read.
    let contending = 0;
    let into = chunks[0]!;
    for (let r = 0, left = bucket.length; left > 0; r++, left -= chunkSize) {
      const from = chunks[r]!;
      const end = Math.min(chunkSize, left);
      for (let i = 0; i < end; i++) {
        const t = from.time[i]!;
        if (t >= outageMs) {
          const o = contending & mask;
          if (o === 0) into = chunks[contending >> shift]!;
          into.client[o] = from.client[i]!;
          into.time[o] = t;
          into.calls[o] = from.calls[i]!;
          into.prev[o] = from.prev[i]!;
          contending++;
        } else if (reject(from.client[i]!, t, from.calls[i]!, from.prev[i]!, windowEnd, outageMs)) {
          const o = contending & mask;
          if (o === 0) into = chunks[contending >> shift]!;
          into.client[o] = from.client[i]!;
          into.time[o] = lateTime;
          into.calls[o] = lateCalls;
          into.prev[o] = latePrev;
          contending++;
        }
      }
    }

    // Step 2.
    const accepted = Math.min(contending, capacity);
    const began = (i: number): number => (start ? start[chunks[i >> shift]!.client[i & mask]!]! : 0);
    if (contending <= capacity) {
      for (let i = 0; i < contending; i++) doneAt[done++] = chunks[i >> shift]!.time[i & mask]! - began(i);
    } else {
      for (let r = 0; r * chunkSize < contending; r++) {
        keys.set(chunks[r]!.time.subarray(0, Math.min(chunkSize, contending - r * chunkSize)), r * chunkSize);
      }
      const threshold = select(keys, contending, capacity - 1);
      let below = 0;
      let ties = 0;
      for (let i = 0; i < contending; i++) {
        const chunk = chunks[i >> shift]!;
        const o = i & mask;
        const t = chunk.time[o]!;
        if (t < threshold) {
          below++;
          doneAt[done++] = t - began(i);
        } else if (t === threshold) {
          tied[ties++] = i;
        } else {
          reject(chunk.client[o]!, t, chunk.calls[o]!, chunk.prev[o]!, windowEnd, Infinity);
        }
      }
      // Equal times are served in client order, as in the reference engine.
      const clientAt = (i: number): number => chunks[i >> shift]!.client[i & mask]!;
      const order = tied.subarray(0, ties).sort((a, b) => clientAt(a) - clientAt(b));
      for (let k = 0; k < ties; k++) {
        const i = order[k]!;
        const chunk = chunks[i >> shift]!;
        const o = i & mask;
        if (below + k < capacity) doneAt[done++] = threshold - began(i);
        else reject(chunk.client[o]!, threshold, chunk.calls[o]!, chunk.prev[o]!, windowEnd, Infinity);
      }
    }
    for (const chunk of chunks) pool.give(chunk);
    tally.totalCalls += rejected + accepted;
    tally.wastedCalls += rejected;
    work += (rejected + accepted) * WORK.windowCall;
    series.add(w, rejected + accepted, accepted);
  }
  onProgress?.(1);
  return buildResult(policy.label, scenario, 'per-client', series, tally, completionsOf(doneAt, done));
}

class Chunk {
  readonly client: Int32Array;
  readonly time: Float64Array;
  readonly calls: Uint32Array;
  readonly prev: Float64Array;

  constructor(size: number) {
    this.client = new Int32Array(size);
    this.time = new Float64Array(size);
    this.calls = new Uint32Array(size);
    this.prev = new Float64Array(size);
  }
}

/** Settled windows give their chunks back; later windows take them again. */
class ChunkPool {
  private readonly free: Chunk[] = [];
  constructor(readonly size: number) {}
  take(): Chunk {
    return this.free.pop() ?? new Chunk(this.size);
  }
  give(chunk: Chunk): void {
    this.free.push(chunk);
  }
}

/** The clients waiting for one window, in the order they were queued. */
class Bucket {
  readonly chunks: Chunk[] = [];
  length = 0;
  private last: Chunk | undefined;
  private readonly mask: number;

  constructor(private readonly pool: ChunkPool) {
    this.mask = pool.size - 1;
  }

  push(c: number, t: number, calls: number, prev: number): void {
    const o = this.length & this.mask;
    if (o === 0) this.chunks.push((this.last = this.pool.take()));
    const chunk = this.last!;
    chunk.client[o] = c;
    chunk.time[o] = t;
    chunk.calls[o] = calls;
    chunk.prev[o] = prev;
    this.length++;
  }
}
