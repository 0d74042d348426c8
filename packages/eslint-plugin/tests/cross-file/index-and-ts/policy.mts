export const nextDelay = (n: number): number => 250 * n;
