import { once, pollFor, waitUntil } from './lib/wait-until.mjs';

// Polls for a state: no failure is turned into a "not yet".
export const finished = (job) => waitUntil(async () => (await job.status()) === 'done', { interval: 500 });

// The check lets its failures out: the poller stops on the first one.
export const reachable = (host) =>
  pollFor(async () => {
    try {
      return await host.ping();
    } catch (err) {
      console.error(err);
      throw err;
    }
  });

// A failure becomes a value that is not falsy: the poller stops on it.
export const state = (svc) =>
  waitUntil(async () => {
    try {
      return await svc.read();
    } catch {
      return 'unavailable';
    }
  });

// Calls once: nothing runs the swallowed failure again.
export const tried = (svc) =>
  once(async () => {
    try {
      return await svc.read();
    } catch {
      return false;
    }
  });
