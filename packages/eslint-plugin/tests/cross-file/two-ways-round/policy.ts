// What a client of this directory retries on, and how long it waits: constants and a pure
// function computing a wait from the attempt number (it does not wait itself).
export const MAX_TRIES = 3;
export const TRANSIENT_CODES = [502, 503, 504] as const;
export const nextPauseDelay = (attempt: number): number => Math.min(250 * 2 ** attempt, 8000);
