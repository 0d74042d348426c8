import type { FunctionNode, VisitorKeys } from '../ast.js';
import { continuationsOf, type Continuation, type Resolve } from './continuations.js';

/** The continuation graph of one file, each function's edges read once, when first asked. */
export interface ContinuationGraph {
  edgesOf(fn: FunctionNode): readonly Continuation[];
}

export function continuationGraph(resolve: Resolve, keys: VisitorKeys): ContinuationGraph {
  const cache = new Map<FunctionNode, readonly Continuation[]>();
  return {
    edgesOf(fn) {
      let edges = cache.get(fn);
      if (!edges) cache.set(fn, (edges = continuationsOf(fn, resolve, keys)));
      return edges;
    },
  };
}

/** Bounds of one search: the path length and the functions read, whatever the file. */
export interface SearchLimits {
  depth: number;
  functions: number;
}

const LIMITS: SearchLimits = { depth: 4, functions: 64 };

/**
 * The shortest way from `from` to `to` over continuation edges (calls, timers, microtasks,
 * promise reactions, listeners): the edges in order, or undefined when there is none within
 * the limits. `from === to` asks for a cycle back to the function itself.
 */
export function findWayBack(from: FunctionNode, to: FunctionNode, graph: ContinuationGraph, limits: SearchLimits = LIMITS): Continuation[] | undefined {
  // Each function reached, with the edge that first reached it and the function that edge leaves.
  const reached = new Map<FunctionNode, { edge: Continuation; from: FunctionNode } | null>([[from, null]]);
  let frontier: FunctionNode[] = [from];
  for (let depth = 0; depth < limits.depth && frontier.length > 0; depth++) {
    const next: FunctionNode[] = [];
    for (const fn of frontier) {
      for (const edge of graph.edgesOf(fn)) {
        if (edge.target === to) return [...pathTo(fn, reached), edge];
        if (reached.has(edge.target) || reached.size >= limits.functions) continue;
        reached.set(edge.target, { edge, from: fn });
        next.push(edge.target);
      }
    }
    frontier = next;
  }
  return undefined;
}

function pathTo(fn: FunctionNode, reached: ReadonlyMap<FunctionNode, { edge: Continuation; from: FunctionNode } | null>): Continuation[] {
  const path: Continuation[] = [];
  for (let step = reached.get(fn); step; step = reached.get(step.from)) path.unshift(step.edge);
  return path;
}
