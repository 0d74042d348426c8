import { getHeapStatistics } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { forgetProjectFiles } from '@retry-hygiene/analysis';
import { LintEngine, type Analysis, type SiteFix } from './engine.js';
import { DEFAULT_SETTINGS, type Settings } from './settings.js';
import { fixesOf, packFixes, withoutFixes, type PackedFixes } from './wire.js';

/** Main thread → worker. Messages are handled in order: a configure applies to every lint posted after it. */
export type WorkerRequest =
  | { type: 'configure'; settings: Settings }
  /** Files of the project changed: what was read of other modules is dropped. */
  | { type: 'forget' }
  | { type: 'lint'; id: number; uri: string; version: number; text: string; filename: string }
  /** This thread's heap, after a collection when asked (and node runs with --expose-gc, which workers inherit). */
  | { type: 'heap'; id: number; gc: boolean };

/** Worker → main thread: one reply per lint; after an analysis, its messages' fixes (packed against the posted text: wire.ts). */
export type WorkerReply =
  /** Sent once ESLint and the plugin are loaded: a worker lost before this never worked at all. */
  | { type: 'ready' }
  /** The analysis without fixes and suggestions: a 'fixes' reply with the same id follows. */
  | { type: 'lint'; id: number; analysis: Analysis }
  | { type: 'lint'; id: number; error: string }
  /** `siteFixes`: each site's quick fix for the herd comparison (engine.ts), in the order of the analysis's sites. */
  | { type: 'fixes'; id: number; fixes: PackedFixes; siteFixes: (SiteFix | null)[] }
  | { type: 'heap'; id: number; heapUsed: number; heapTotal: number };

/**
 * The body of a lint worker: an ESLint Linter of its own, on the embedded config, that
 * lints what the main thread posts and answers with the plain-data Analysis (its fixes in a
 * second message: wire.ts). A long lint here keeps only this thread busy; the protocol's
 * message loop stays free.
 */
export function runLintWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('retry-hygiene: runLintWorker runs in a worker thread');
  const engine = new LintEngine();
  engine.configure(DEFAULT_SETTINGS);
  port.postMessage({ type: 'ready' } satisfies WorkerReply);
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'configure') {
      engine.configure(request.settings);
      return;
    }
    if (request.type === 'forget') {
      forgetProjectFiles();
      return;
    }
    if (request.type === 'heap') {
      const gc = (globalThis as { gc?: () => void }).gc;
      if (request.gc && gc) gc();
      const heap = getHeapStatistics();
      port.postMessage({ type: 'heap', id: request.id, heapUsed: heap.used_heap_size, heapTotal: heap.total_heap_size } satisfies WorkerReply);
      return;
    }
    let linted: ReturnType<LintEngine['lintFirst']>;
    try {
      linted = engine.lintFirst(request.uri, request.version, request.text, request.filename);
    } catch (error) {
      port.postMessage({ type: 'lint', id: request.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies WorkerReply);
      return;
    }
    // Diagnostics first; the suggestions are built while the main thread publishes them.
    port.postMessage({ type: 'lint', id: request.id, analysis: withoutFixes(linted.analysis) } satisfies WorkerReply);
    linted.completeSuggestions();
    port.postMessage({
      type: 'fixes',
      id: request.id,
      fixes: packFixes(fixesOf(linted.analysis), request.text),
      siteFixes: linted.analysis.sites.map((site) => site.fix ?? null),
    } satisfies WorkerReply);
  });
}
