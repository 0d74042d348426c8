/**
 * Progress for `retry-hygiene simulate` on a terminal: nothing for a run that ends within
 * `quietMs`, then one line, rewritten in place, naming the strategy and the share of
 * clients settled; cleared when the run ends, so that the output that follows starts on
 * a clean line. Runs are synchronous, so it is fed by the simulator's onProgress.
 */
export interface Progress {
  /** A new strategy starts; `index` counts from 1. */
  strategy(name: string, index: number, count: number): void;
  /** The current strategy has settled this share of its clients (0 to 1). */
  update(settled: number): void;
  /** Everything is done: clears the line if one was shown. */
  done(): void;
}

export function createProgress(write: (text: string) => void, now: () => number = Date.now, quietMs = 1000): Progress {
  const startedAt = now();
  let label = '';
  let shown = '';
  const show = (settled: number): void => {
    const text = `${label}: ${Math.floor(Math.max(0, Math.min(1, settled)) * 100)}% of clients settled`;
    if (text === shown) return;
    shown = text;
    write(`\r\x1b[K${text}`);
  };
  return {
    strategy(name, index, count) {
      label = count > 1 ? `simulating ${name} (${index} of ${count})` : `simulating ${name}`;
      if (shown !== '') show(0);
    },
    update(settled) {
      if (shown === '' && now() - startedAt < quietMs) return;
      show(settled);
    },
    done() {
      if (shown !== '') write('\r\x1b[K');
      shown = '';
    },
  };
}
