export interface Settings {
  pause: number;
  growth: number;
  spread: 'off' | 'all';
  eager: boolean;
  tries: number;
}

const standard: Settings = { pause: 250, growth: 2, spread: 'off', eager: false, tries: 5 };

export function settle(given: Partial<Settings>): Settings {
  const settled: Settings = { ...standard, ...given };
  if (settled.tries < 1) {
    settled.tries = 1;
  }
  return settled;
}
