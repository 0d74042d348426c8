/** The process clock in whole milliseconds. */
export function clockMs(): number {
  return Math.floor(performance.now());
}
