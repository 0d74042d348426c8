import { evenly, wildly } from './shapes.js';

export type Spread = (ms: number) => number;

// Picks how a wait is spread by the caller's `spread` option.
export function spreadFor(settings: { spread: 'even' | 'wild' }): Spread {
  switch (settings.spread) {
    case 'wild':
      return wildly;
    case 'even':
    default:
      return evenly;
  }
}
