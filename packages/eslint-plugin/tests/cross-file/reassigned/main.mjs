import { withRetries, withTracedRetries } from './lib/retry.mjs';

export const a = () => withRetries(() => fetch('/a'));
export const b = () => withTracedRetries(() => fetch('/b'));
