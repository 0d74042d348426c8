import { withRetries } from './retry.mjs';

// Retries through the helper of another module: seen only by following this module's import.
export function readRecord(key) {
  return withRetries(() => fetch(`/records/${key}`));
}
