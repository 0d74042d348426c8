function holdOff(ms: number): Promise<void>;
function holdOff(ms: number, reason: string): Promise<void>;
function holdOff(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

export function stepDelay(attempt: number): number;
export function stepDelay(attempt: number, unit: number): number;
export function stepDelay(attempt: number, unit = 250): number {
  return unit * attempt;
}

export { holdOff };
