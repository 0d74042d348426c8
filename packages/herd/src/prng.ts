/**
 * A seeded source of uniform numbers in [0, 1), addressed by (client, draw) rather than
 * consumed as one stream. Each client's n-th draw is the same number whatever order the
 * events are processed in, so every engine — cohort, per-client reference, windowed —
 * gives bit-identical results for the same seed, jittered policies included, and the
 * engines are free to process a window's events in any order. It needs no per-client
 * state, so memory stays a few numbers per client.
 */
export type Uniform = (client: number, draw: number) => number;

export function createUniform(seed: number): Uniform {
  // Fold all of a large seed in, so seeds that differ only above bit 32 differ.
  const key = lowbias32(lowbias32((Math.trunc(seed) >>> 0) ^ 0x2545f491) ^ (Math.trunc(seed / 0x1_0000_0000) >>> 0));
  return (client, draw) => {
    // A counter hashed through a full-avalanche mixer, as counter-based generators do. The
    // client goes in twice: once to pick its sequence, once more at the end so that two
    // clients whose sequences happen to overlap at an offset still draw unrelated numbers.
    const perClient = lowbias32(key ^ Math.imul(client, 0x9e3779b1));
    return lowbias32(lowbias32(perClient + Math.imul(draw, 0x85ebca77)) ^ client) / 0x1_0000_0000;
  };
}

/** Chris Wellons' lowbias32: a 32-bit integer mixer with near-ideal avalanche. */
function lowbias32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}
