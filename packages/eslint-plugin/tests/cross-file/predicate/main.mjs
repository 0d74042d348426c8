import { retryUntil } from './lib/retry.mjs';

export const a = () => retryUntil(() => fetch('/a'));
export const b = () => retryUntil(() => fetch('/b'), { tries: 3 });
export const c = () => retryUntil(() => fetch('/c'), { until: (res) => res.status === 200 });
export const d = (opts) => retryUntil(() => fetch('/d'), opts);
export const e = () => retryUntil(() => fetch('/e'), { until: () => true, pauseMs: 50 });
