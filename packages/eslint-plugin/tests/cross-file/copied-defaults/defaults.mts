// Written-out defaults of a pool's rejoin strategy.
export interface PoolOptions {
  rejoinStrategy?: ((attempt: number) => number | null) | null;
  label?: string;
}

export const POOL_DEFAULTS: PoolOptions = {
  rejoinStrategy: (attempt) => Math.min(250 * attempt, 5000),
  label: 'pool',
};
