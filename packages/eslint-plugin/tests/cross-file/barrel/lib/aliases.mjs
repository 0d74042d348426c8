import { retryable } from './retry.mjs';

export { retryable as again };
