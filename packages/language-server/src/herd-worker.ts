import { parentPort } from 'node:worker_threads';
import { SimulationCache, type RetryPolicy, type SimulationResult } from '@retry-hygiene/herd';
import type { ScenarioSettings } from './settings.js';

/** Main thread → herd worker. */
export interface HerdRequest {
  id: number;
  policy: RetryPolicy;
  scenario: ScenarioSettings;
}

/** Herd worker → main thread: 'ready' once the simulator is loaded, then one reply per request. */
export type HerdReply =
  | { type: 'ready' }
  /** The site's policy, then full jitter under the same scenario (the hover's reference line). */
  | { type: 'result'; id: number; results: [SimulationResult, SimulationResult] }
  | { type: 'result'; id: number; error: string };

/**
 * The body of the herd worker: simulates what the main thread posts. A simulation has no
 * upper bound on its time within the settings' ranges, so it runs here, where the main thread
 * can stop it (terminate) without the protocol's message loop ever waiting for it.
 */
export function runHerdWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('retry-hygiene: runHerdWorker runs in a worker thread');
  // Full jitter under one scenario is asked for by every site: simulated once.
  const cache = new SimulationCache(64);
  port.postMessage({ type: 'ready' } satisfies HerdReply);
  port.on('message', ({ id, policy, scenario }: HerdRequest) => {
    let reply: HerdReply;
    try {
      reply = { type: 'result', id, results: [cache.simulate(policy, { ...scenario }), cache.simulate('full', { ...scenario })] };
    } catch (error) {
      reply = { type: 'result', id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
