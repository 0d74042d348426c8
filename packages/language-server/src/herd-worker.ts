import { parentPort } from 'node:worker_threads';
import { SimulationCache, type RetryPolicy, type SimulationResult } from '@retry-hygiene/herd';
import type { ResolvedScenario } from './settings.js';

/** Main thread → herd worker. */
export interface HerdRequest {
  id: number;
  /** The site's, the same with full jitter, the quick fix's: each simulated in the one scenario. */
  policies: RetryPolicy[];
  scenario: ResolvedScenario;
}

/** Herd worker → main thread: 'ready' once the simulator is loaded, then one reply per request. */
export type HerdReply =
  | { type: 'ready' }
  /** One result per policy, in order. */
  | { type: 'result'; id: number; results: SimulationResult[] }
  | { type: 'result'; id: number; error: string };

/**
 * The body of the herd worker: simulates what the main thread posts. A simulation has no
 * upper bound on its time within the settings' ranges, so it runs here, where the main thread
 * can stop it (terminate) without the protocol's message loop ever waiting for it.
 */
export function runHerdWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('retry-hygiene: runHerdWorker runs in a worker thread');
  // A policy shared by several sites (the same fix, the same twin) is simulated once.
  const cache = new SimulationCache(64);
  port.postMessage({ type: 'ready' } satisfies HerdReply);
  port.on('message', ({ id, policies, scenario }: HerdRequest) => {
    let reply: HerdReply;
    try {
      reply = { type: 'result', id, results: policies.map((policy) => cache.simulate(policy, { ...scenario })) };
    } catch (error) {
      reply = { type: 'result', id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
