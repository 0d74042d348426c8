export function evenly(ms: number): number {
  return ms;
}

export function wildly(ms: number): number {
  return Math.floor(Math.random() * ms);
}
