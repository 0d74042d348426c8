import { checkTimerDelay, optionalSignal } from './validate.js';

/**
 * Waits `ms`, or rejects with `signal.reason` as soon as `signal` aborts. Either way it
 * leaves nothing behind: the timer is cleared on abort and the abort listener removed
 * when the timer fires, so a long-lived signal does not collect one listener per retry.
 *
 * `ms` must be finite, ≥ 0 and ≤ 2 147 483 647 (2³¹ − 1), the longest delay `setTimeout`
 * can hold: beyond it Node fires after 1 ms, and NaN or a negative delay fires at once,
 * so such a sleep would end long before a later abort. It rejects with a RangeError
 * naming `ms` instead, as `retry()` does for its options, and with a TypeError for a
 * `signal` that is not an AbortSignal.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    checkTimerDelay('ms', ms);
    optionalSignal('signal', signal);
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise<void>((resolve, reject) => {
    if (signal === undefined) {
      setTimeout(resolve, ms);
      return;
    }
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Resolves in a later macrotask (setImmediate in Node, a MessageChannel message in
 * browsers): the event loop runs timers and I/O in between, which awaiting a promise
 * never does.
 */
export function nextMacrotask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const g = globalThis as { setImmediate?: (callback: () => void) => unknown };
    if (typeof g.setImmediate === 'function') {
      g.setImmediate(resolve);
    } else if (typeof MessageChannel === 'function') {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(undefined);
    } else {
      setTimeout(resolve, 0);
    }
  });
}
