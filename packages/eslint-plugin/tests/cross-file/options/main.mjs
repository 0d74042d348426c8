import { retrying, withRetry } from './lib/retry.mjs';

export const a = () => withRetry(() => fetch('/a'));
export const b = () => withRetry(() => fetch('/b'), { retries: 2 });
export const c = () => withRetry(() => fetch('/c'), { retries: Infinity, delayMs: 200 });
const POLICY = { retries: 4, delayMs: 250 };
export const d = () => withRetry(() => fetch('/d'), POLICY);
export const e = () => retrying(() => fetch('/e'), { attempts: 7, wait: 100 });
export const f = () => retrying(() => fetch('/f'));
export const g = (overrides) => withRetry(() => fetch('/g'), { ...overrides, delayMs: 300 });
export const h = (settings) => retrying(() => fetch('/h'), settings);
