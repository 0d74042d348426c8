/** The wait before attempt `attempts + 1`, or -1 to give up. */
export function backoffFor(err: { status?: number }, attempts: number): number {
  if (attempts > 4) return -1;
  if (err.status === 400) return -1;
  return 1000 * 2 ** attempts;
}
