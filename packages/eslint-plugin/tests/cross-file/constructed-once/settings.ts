export interface Settings {
  pause: number;
  growth: number;
  tries: number;
  spread: boolean;
}

const fallback: Settings = { pause: 250, growth: 2, tries: 5, spread: true };

// Fills in what the caller leaves out; clamps the number of tries.
export function settle(given: Partial<Settings>): Settings {
  const settled: Settings = { ...fallback, ...given };
  if (settled.tries < 1) {
    settled.tries = 1;
  }
  return settled;
}
