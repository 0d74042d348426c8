export const MAX_RECONNECTS = 8;
export const RECONNECT_PAUSE_MS = 1_000;
