// A signal no one can abort (its controller is dropped), and one whose controller is kept.
export const neverAbortedSignal = new AbortController().signal;

const shutdown = new AbortController();
export const shutdownSignal = shutdown.signal;
export const stopAll = () => shutdown.abort();
