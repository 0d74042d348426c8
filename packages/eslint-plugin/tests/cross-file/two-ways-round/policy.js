// The same policy in JavaScript.
export const MAX_TRIES = 3;
export const TRANSIENT_CODES = [502, 503, 504];
export const nextPauseDelay = (attempt) => Math.min(250 * 2 ** attempt, 8000);
