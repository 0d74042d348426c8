import type { Worker } from 'node:worker_threads';
import { forgetProjectFiles } from '@retry-hygiene/analysis';
import type { Analysis, LintEngine } from './engine.js';
import type { WorkerReply, WorkerRequest } from './lint-worker.js';
import type { Settings } from './settings.js';
import { attachFixes } from './wire.js';
import { startWorker } from './start-worker.js';

/**
 * Documents at least this long (UTF-16 units, ~6 000 lines of code) lint in a lane of their
 * own: however long one takes, the documents below it never wait behind it.
 */
export const LARGE_DOCUMENT = 200_000;

export interface LintRequest {
  uri: string;
  version: number;
  text: string;
  filename: string;
}

interface Waiter {
  resolve: (analysis: Analysis | undefined) => void;
  reject: (error: unknown) => void;
}

interface Job extends LintRequest {
  id: number;
  waiters: Waiter[];
}

interface Lane {
  name: 'small' | 'large';
  /** Waiting jobs, one per document (a newer version replaces an older one that has not started). */
  queue: Map<string, Job>;
  running?: Job;
  worker?: Worker;
  /** The large lane's worker is let go after a while without work: huge files are rare, its heap is not small. */
  idle?: NodeJS.Timeout;
  /** Heap questions its worker has not answered yet. */
  heapWaiters: Map<number, (heap: WorkerHeap) => void>;
  /** Analyses posted by its worker whose fixes are still on the way, by lint id. */
  fixesDue: Map<number, { analysis: Analysis; text: string; done: () => void }>;
}

/** A worker thread's V8 heap: the bytes in use and the bytes it holds from the system. */
export interface WorkerHeap {
  used: number;
  total: number;
}

/** How long the large lane's worker waits for another huge file before it is let go (a new one starts in about a second). */
export const LARGE_IDLE_MS = 60_000;

export interface SchedulerOptions {
  /** The lint worker's script; undefined: lint on this thread (tests that hand the server rule objects, which cannot cross threads). */
  workerScript?: string | URL;
  /** Lints on this thread when there is no worker script. */
  inline: LintEngine;
  log: (message: string) => void;
  /** Overrides LARGE_IDLE_MS (tests). */
  largeIdleMs?: number;
}

/**
 * Runs lints off the protocol's message loop, in two lanes of one worker thread each:
 * documents under LARGE_DOCUMENT in one, larger ones in the other, so a huge file never
 * holds back a small one (and hovers and requests are answered meanwhile: the main thread
 * only converts results). Each lane takes its smallest waiting document first. A document
 * that changed before its lint started is linted once, at its newest version.
 */
export class LintScheduler {
  private readonly lanes: [Lane, Lane] = [
    { name: 'small', queue: new Map(), heapWaiters: new Map(), fixesDue: new Map() },
    { name: 'large', queue: new Map(), heapWaiters: new Map(), fixesDue: new Map() },
  ];
  /** Analyses from a worker until their fixes have arrived (or never will: the worker is gone). */
  private readonly fixesArrived = new WeakMap<Analysis, Promise<void>>();
  private nextId = 1;
  /** Lints that ran to an analysis (shared ones once). */
  completed = 0;
  private settings: Settings | undefined;
  private disposed = false;
  /** No worker could be started (a bundle without its worker file…): lint on this thread rather than not at all. */
  private noWorkers = false;

  constructor(private readonly options: SchedulerOptions) {}

  /** Starts the small lane's worker now, so the first document does not wait for ESLint to load. */
  warm(): void {
    if (this.usesWorkers()) this.workerOf(this.lanes[0]);
  }

  private usesWorkers(): boolean {
    return this.options.workerScript !== undefined && !this.noWorkers;
  }

  /** Every lint posted from now on uses these settings (the worker applies them in order). */
  configure(settings: Settings): void {
    this.settings = settings;
    for (const lane of this.lanes) lane.worker?.postMessage({ type: 'configure', settings } satisfies WorkerRequest);
  }

  /**
   * Files of the project changed: every lint posted from now on reads other modules afresh (in
   * the workers, whose analysis keeps its own caches, and here, where lints run without them).
   */
  forgetProjectFiles(): void {
    forgetProjectFiles();
    for (const lane of this.lanes) lane.worker?.postMessage({ type: 'forget' } satisfies WorkerRequest);
  }

  /** The analysis of this text, once a lane has linted it; undefined when the job was cancelled first. */
  lint(request: LintRequest): Promise<Analysis | undefined> {
    if (this.disposed) return Promise.resolve(undefined);
    const lane = this.lanes[request.text.length >= LARGE_DOCUMENT ? 1 : 0];
    return new Promise((resolve, reject) => {
      const waiter = { resolve, reject };
      // Already being linted (a hover that came while its diagnostics are on the way): share that lint.
      const running = this.lanes.find((l) => l.running?.uri === request.uri)?.running;
      if (running && running.version === request.version && running.text === request.text) {
        running.waiters.push(waiter);
        return;
      }
      const queued = lane.queue.get(request.uri);
      if (queued && queued.version === request.version && queued.text === request.text) {
        queued.waiters.push(waiter);
      } else {
        // A document that moved between lanes (it grew or shrank) leaves the other lane's queue too.
        const stale = this.dropQueued(request.uri);
        lane.queue.set(request.uri, { ...request, id: this.nextId++, waiters: [...stale, waiter] });
      }
      this.pump(lane);
    });
  }

  /**
   * Resolves once the analysis carries its messages' fixes and suggestions: a worker posts
   * them after the analysis (wire.ts). At once for an analysis linted on this thread.
   */
  fixesOf(analysis: Analysis): Promise<void> {
    return this.fixesArrived.get(analysis) ?? Promise.resolve();
  }

  /** Forgets the document's waiting job (changed or closed): its waiters get undefined. A running lint finishes, unread. */
  cancel(uri: string): void {
    for (const waiter of this.dropQueued(uri)) waiter.resolve(undefined);
  }

  /** Documents being linted right now. */
  running(): string[] {
    return this.lanes.flatMap((lane) => (lane.running ? [lane.running.uri] : []));
  }

  workers(): number {
    return this.lanes.filter((lane) => lane.worker).length;
  }

  /** The heap of each live worker (answered between lints, in order with them). */
  async workerHeaps(gc: boolean): Promise<WorkerHeap[]> {
    const asks = this.lanes.flatMap((lane) => {
      const worker = lane.worker;
      if (!worker) return [];
      const id = this.nextId++;
      return [
        new Promise<WorkerHeap>((resolve) => {
          lane.heapWaiters.set(id, resolve);
          worker.postMessage({ type: 'heap', id, gc } satisfies WorkerRequest);
        }),
      ];
    });
    return Promise.all(asks);
  }

  dispose(): void {
    this.disposed = true;
    for (const lane of this.lanes) {
      for (const job of [...lane.queue.values(), ...(lane.running ? [lane.running] : [])]) for (const w of job.waiters) w.resolve(undefined);
      lane.queue.clear();
      lane.running = undefined;
      clearTimeout(lane.idle);
      this.settleForGoneWorker(lane);
      void lane.worker?.terminate();
      lane.worker = undefined;
    }
  }

  /** What the lane's worker will never answer now that it is gone: heap questions get 0. */
  private settleForGoneWorker(lane: Lane): void {
    for (const resolve of lane.heapWaiters.values()) resolve({ used: 0, total: 0 });
    lane.heapWaiters.clear();
    // Nor will it send the fixes still due: those analyses stay without them.
    for (const due of lane.fixesDue.values()) due.done();
    lane.fixesDue.clear();
  }

  private dropQueued(uri: string): Waiter[] {
    const waiters: Waiter[] = [];
    for (const lane of this.lanes) {
      const job = lane.queue.get(uri);
      if (job) waiters.push(...job.waiters);
      lane.queue.delete(uri);
    }
    return waiters;
  }

  private pump(lane: Lane): void {
    if (lane.running || this.disposed) return;
    let job: Job | undefined;
    for (const candidate of lane.queue.values()) if (!job || candidate.text.length < job.text.length) job = candidate;
    if (!job) {
      if (lane.name === 'large' && lane.worker && !lane.idle) {
        const worker = lane.worker;
        lane.idle = setTimeout(() => {
          lane.idle = undefined;
          if (lane.worker !== worker || lane.running) return;
          lane.worker = undefined; // before terminate: its exit is not a loss
          this.settleForGoneWorker(lane);
          void worker.terminate();
        }, this.options.largeIdleMs ?? LARGE_IDLE_MS);
        lane.idle.unref();
      }
      return;
    }
    clearTimeout(lane.idle);
    lane.idle = undefined;
    lane.queue.delete(job.uri);
    lane.running = job;
    const worker = this.usesWorkers() ? this.workerOf(lane) : undefined;
    if (worker) {
      worker.postMessage({ type: 'lint', id: job.id, uri: job.uri, version: job.version, text: job.text, filename: job.filename } satisfies WorkerRequest);
      return;
    }
    // No worker: lint here, but on a later turn, so that the requests already read go first.
    setImmediate(() => {
      if (lane.running !== job) return;
      let analysis: Analysis | undefined;
      let error: unknown;
      try {
        analysis = this.options.inline.lint(job.uri, job.version, job.text, job.filename);
      } catch (e) {
        error = e;
      }
      this.finish(lane, job.id, analysis, error);
    });
  }

  private finish(lane: Lane, id: number, analysis: Analysis | undefined, error: unknown): void {
    const job = lane.running;
    if (!job || job.id !== id) return;
    lane.running = undefined;
    if (analysis) this.completed++;
    for (const waiter of job.waiters) {
      if (error !== undefined) waiter.reject(error);
      else waiter.resolve(analysis);
    }
    this.pump(lane);
  }

  private workerOf(lane: Lane): Worker | undefined {
    if (lane.worker) return lane.worker;
    const script = this.options.workerScript!;
    let worker: Worker;
    try {
      worker = startWorker(script);
    } catch (error) {
      this.noWorkers = true;
      this.options.log(`retry-hygiene: no lint worker (${error instanceof Error ? error.message : String(error)}); linting on the main thread`);
      return undefined;
    }
    lane.worker = worker;
    const forward = (chunk: Buffer | string) => this.options.log(`retry-hygiene (${lane.name} lint worker): ${String(chunk).trimEnd()}`);
    worker.stdout.on('data', forward);
    worker.stderr.on('data', forward);
    if (this.settings) worker.postMessage({ type: 'configure', settings: this.settings } satisfies WorkerRequest);
    let ready = false;
    worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') {
        ready = true;
      } else if (reply.type === 'heap') {
        lane.heapWaiters.get(reply.id)?.({ used: reply.heapUsed, total: reply.heapTotal });
        lane.heapWaiters.delete(reply.id);
      } else if (reply.type === 'fixes') {
        const due = lane.fixesDue.get(reply.id);
        lane.fixesDue.delete(reply.id);
        if (due) {
          attachFixes(due.analysis, reply.fixes, due.text);
          reply.siteFixes.forEach((fix, i) => {
            const site = due.analysis.sites[i];
            if (fix && site) site.fix = fix;
          });
          due.done();
        }
      } else if ('error' in reply) this.finish(lane, reply.id, undefined, new Error(reply.error));
      else {
        const job = lane.running;
        if (job?.id === reply.id) {
          const analysis = reply.analysis;
          this.fixesArrived.set(analysis, new Promise((done) => lane.fixesDue.set(reply.id, { analysis, text: job.text, done })));
        }
        this.finish(lane, reply.id, reply.analysis, undefined);
      }
    });
    // A worker that dies (out of memory on a document, a crash in a parser) fails its job, not
    // the server: the next job starts a fresh one.
    const lost = (why: string) => {
      if (lane.worker !== worker) return;
      lane.worker = undefined;
      this.settleForGoneWorker(lane);
      if (!ready && !this.disposed) {
        // It never started (its script does not load here): lint on this thread from now on, this job too.
        this.noWorkers = true;
        this.options.log(`retry-hygiene: the ${lane.name} lint worker did not start (${why}); linting on the main thread`);
        const job = lane.running;
        lane.running = undefined;
        const queued = job && lane.queue.get(job.uri);
        if (queued) queued.waiters.unshift(...job.waiters);
        else if (job) lane.queue.set(job.uri, job);
        for (const other of this.lanes) this.pump(other);
        return;
      }
      const job = lane.running;
      if (job) this.finish(lane, job.id, undefined, new Error(`the ${lane.name} lint worker ${why} while linting ${job.uri}`));
      else this.pump(lane);
    };
    worker.on('error', (error) => lost(`failed (${error.message})`));
    worker.on('exit', (code) => lost(`exited with code ${code}`));
    // An idle worker does not keep the process alive after the connection has closed.
    worker.unref();
    return worker;
  }
}
