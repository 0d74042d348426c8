import type { FunctionNode, Node } from '../ast.js';

/**
 * What is a way back in through a second function? The shape the analysis hands between the
 * modules that find such a way (analyze.ts, handed.ts, interceptors.ts) and those that read it.
 */

/**
 * A way back in through a second function: the call `a()` makes of `b()` on its failure
 * path (the self-call's place), `b` itself, and the calls in `b` that reach `a` again.
 */
export interface Reentry {
  through: FunctionNode;
  backs: Node[];
  /** The uses of `b` outside `a`, with the function each sits in: each must be a failure's. */
  others: { node: Node; holder: FunctionNode | undefined }[];
  /** The retrying function hands the second one on to code that calls it on failure only (handed.ts). */
  handed?: boolean;
  /**
   * Two functions in between (analyze.ts, twoHopReentry): the failure path calls `via.fn`, whose
   * call `via.call` of `through` leads back in. What `through` is handed comes from that call.
   */
  via?: { fn: FunctionNode; call: Node };
}
