import type { Worker } from 'node:worker_threads';
import type { RetryPolicy } from '@retry-hygiene/analysis';
import { SimulationCache, formatDuration, type SimulationResult } from '@retry-hygiene/herd';
import type { HerdReply, HerdRequest } from './herd-worker.js';
import type { ResolvedScenario } from './settings.js';
import { startWorker } from './start-worker.js';

/** How long a hover waits for its herd simulation before it shows the policy in words only. */
export const HOVER_SIMULATION_BUDGET_MS = 1500;
/** A herd worker that has not loaded the simulator by then never will: the runner stops using workers. */
const WORKER_START_LIMIT_MS = 30_000;
/** Outcomes kept (results and skips), least recently used out first. */
const CACHE_ENTRIES = 512;

export type HerdOutcome =
  /** One result per policy asked for, in order. */
  | { kind: 'simulated'; results: SimulationResult[] }
  /** No chart: `reason` completes "herd chart skipped: …". */
  | { kind: 'skipped'; reason: string };

export interface HerdRunnerOptions {
  /** The herd worker's script; undefined: simulate on this thread (an in-process server whose dist/ is not beside it). */
  workerScript?: string | URL;
  budgetMs?: number;
  log: (message: string) => void;
}

interface Job {
  key: string;
  request: HerdRequest;
  waiters: ((outcome: HerdOutcome) => void)[];
  /** When the hover asked: a job that waited out its budget behind another one is not started. */
  askedAt: number;
  timer?: NodeJS.Timeout;
}

/**
 * The hover's herd simulations, off the protocol thread: one worker thread runs them one at
 * a time, each within a time budget. Past it the worker is terminated (a synchronous
 * simulation cannot be interrupted otherwise) and the hover says the chart was skipped; the
 * next simulation starts a fresh worker. Each policy and scenario is simulated once, and a
 * skip is remembered too, so hovering the same site again does not wait out the budget again.
 */
export class HerdRunner {
  private readonly outcomes = new Map<string, HerdOutcome>();
  private readonly queue: Job[] = [];
  private running: Job | undefined;
  private worker: Worker | undefined;
  private ready = false;
  /** When the current worker said it was ready: its start-up is not charged to the hovers that waited for it. */
  private readySince = 0;
  private startTimer: NodeJS.Timeout | undefined;
  private nextId = 1;
  private disposed = false;
  /** No worker could be started: simulate on this thread rather than not at all (unbounded, as before workers). */
  private inline: SimulationCache | undefined;
  readonly budgetMs: number;

  constructor(private readonly options: HerdRunnerOptions) {
    this.budgetMs = options.budgetMs ?? HOVER_SIMULATION_BUDGET_MS;
    if (options.workerScript === undefined) this.inline = new SimulationCache(CACHE_ENTRIES);
  }

  /** Starts the worker now, so that the first hover does not wait for it (it loads the simulator only). */
  warm(): void {
    if (!this.inline && !this.disposed) this.workerOf();
  }

  /** Outcomes remembered. */
  get size(): number {
    return this.outcomes.size;
  }

  /** Worker threads alive (0 or 1). */
  workers(): number {
    return this.worker ? 1 : 0;
  }

  results(policies: RetryPolicy[], scenario: ResolvedScenario): Promise<HerdOutcome> {
    const key = JSON.stringify([policies, scenario]);
    const known = this.outcomes.get(key);
    if (known) {
      // Most recently used last.
      this.outcomes.delete(key);
      this.outcomes.set(key, known);
      return Promise.resolve(known);
    }
    if (this.disposed) return Promise.resolve({ kind: 'skipped', reason: 'the server is shutting down' });
    if (this.inline) return Promise.resolve(this.simulateHere(key, policies, scenario));
    return new Promise((resolve) => {
      const same = this.running?.key === key ? this.running : this.queue.find((j) => j.key === key);
      if (same) {
        same.waiters.push(resolve);
        return;
      }
      this.queue.push({ key, request: { id: this.nextId++, policies, scenario }, waiters: [resolve], askedAt: Date.now() });
      this.pump();
    });
  }

  dispose(): void {
    this.disposed = true;
    const jobs = [...(this.running ? [this.running] : []), ...this.queue.splice(0)];
    this.running = undefined;
    for (const job of jobs) {
      clearTimeout(job.timer);
      for (const w of job.waiters) w({ kind: 'skipped', reason: 'the server is shutting down' });
    }
    this.stopWorker();
  }

  private simulateHere(key: string, policies: RetryPolicy[], scenario: ResolvedScenario): HerdOutcome {
    let outcome: HerdOutcome;
    try {
      outcome = { kind: 'simulated', results: policies.map((policy) => this.inline!.simulate(policy, { ...scenario })) };
    } catch (error) {
      outcome = { kind: 'skipped', reason: `the simulation failed (${error instanceof Error ? error.message : String(error)})` };
    }
    this.remember(key, outcome);
    return outcome;
  }

  private remember(key: string, outcome: HerdOutcome): void {
    this.outcomes.set(key, outcome);
    if (this.outcomes.size > CACHE_ENTRIES) this.outcomes.delete(this.outcomes.keys().next().value!);
  }

  private pump(): void {
    // Nothing waits: no worker is started (one stopped over its budget stays stopped until needed).
    if (this.running || this.disposed || this.queue.length === 0) return;
    if (this.inline) {
      // The worker could not start: what waits is simulated here.
      for (const job of this.queue.splice(0)) {
        const outcome = this.simulateHere(job.key, job.request.policies, job.request.scenario);
        for (const w of job.waiters) w(outcome);
      }
      return;
    }
    const worker = this.workerOf();
    if (!worker || !this.ready) return; // 'ready' pumps again
    let job: Job | undefined;
    while ((job = this.queue.shift())) {
      // It waited its whole budget behind others: the hover is answered without the chart
      // (not remembered: its own simulation never ran, and may be quick).
      if (Date.now() - Math.max(job.askedAt, this.readySince) < this.budgetMs) break;
      this.settle(job, this.overBudget(), false);
    }
    if (!job) return;
    this.running = job;
    const started = job;
    job.timer = setTimeout(() => {
      if (this.running !== started) return;
      this.running = undefined;
      this.options.log(`retry-hygiene: a herd simulation took longer than ${this.budgetMs} ms; its worker is stopped`);
      this.stopWorker();
      this.settle(started, this.overBudget());
      // The hovers that waited a whole budget behind it are answered now, not after a fresh worker's start.
      const now = Date.now();
      for (const waited of this.queue.filter((j) => now - j.askedAt >= this.budgetMs)) {
        this.queue.splice(this.queue.indexOf(waited), 1);
        this.settle(waited, this.overBudget(), false);
      }
      this.pump();
    }, this.budgetMs);
    worker.postMessage(job.request);
  }

  private overBudget(): HerdOutcome {
    return { kind: 'skipped', reason: `the simulation took longer than ${formatDuration(this.budgetMs)}` };
  }

  private settle(job: Job, outcome: HerdOutcome, remember = true): void {
    clearTimeout(job.timer);
    if (remember) this.remember(job.key, outcome);
    for (const w of job.waiters) w(outcome);
  }

  private stopWorker(): void {
    clearTimeout(this.startTimer);
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    void worker?.terminate();
  }

  private workerOf(): Worker | undefined {
    if (this.worker) return this.worker;
    const script = this.options.workerScript!;
    let worker: Worker;
    try {
      worker = startWorker(script);
    } catch (error) {
      this.giveUpWorkers(error instanceof Error ? error.message : String(error));
      return undefined;
    }
    this.worker = worker;
    const forward = (chunk: Buffer | string) => this.options.log(`retry-hygiene (herd worker): ${String(chunk).trimEnd()}`);
    worker.stdout.on('data', forward);
    worker.stderr.on('data', forward);
    let ready = false;
    this.startTimer = setTimeout(() => {
      if (this.worker === worker && !ready) this.giveUpWorkers(`not ready after ${WORKER_START_LIMIT_MS / 1000} s`);
    }, WORKER_START_LIMIT_MS);
    this.startTimer.unref();
    worker.on('message', (reply: HerdReply) => {
      if (this.worker !== worker) return;
      if (reply.type === 'ready') {
        ready = this.ready = true;
        this.readySince = Date.now();
        clearTimeout(this.startTimer);
        this.pump();
        return;
      }
      const job = this.running;
      if (!job || job.request.id !== reply.id) return;
      this.running = undefined;
      this.settle(job, 'error' in reply ? { kind: 'skipped', reason: `the simulation failed (${reply.error})` } : { kind: 'simulated', results: reply.results });
      this.pump();
    });
    const lost = (why: string) => {
      if (this.worker !== worker) return; // stopped on purpose
      if (!ready) {
        this.giveUpWorkers(why);
        return;
      }
      this.worker = undefined;
      this.ready = false;
      const job = this.running;
      this.running = undefined;
      // Out of memory on one scenario: that hover goes without its chart; the next starts a fresh worker.
      if (job) this.settle(job, { kind: 'skipped', reason: `the simulation's worker ${why}` });
      this.pump();
    };
    worker.on('error', (error) => lost(`failed (${error.message})`));
    worker.on('exit', (code) => lost(`exited with code ${code}`));
    // An idle worker does not keep the process alive after the connection has closed.
    worker.unref();
    return worker;
  }

  private giveUpWorkers(why: string): void {
    this.options.log(`retry-hygiene: no herd worker (${why}); simulating on the main thread`);
    this.stopWorker();
    this.inline = new SimulationCache(CACHE_ENTRIES);
    const job = this.running;
    this.running = undefined;
    if (job) this.queue.unshift(job);
    this.pump();
  }
}
