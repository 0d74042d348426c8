import { readFileSync } from 'node:fs';
import { BoundedPolicy } from './bounded.mjs';
import { OpaquePolicy } from './opaque.mjs';
import { Reconnector } from './reconnector.mjs';

export const fast = new Reconnector({ url: 'http://a', retryStrategy: (n) => n * 100 });
export const careful = new Reconnector({ url: 'http://b', retryStrategy: (n) => (n > 5 ? null : 100) });

export const opaque = new OpaquePolicy(JSON.parse(readFileSync('policy.json', 'utf8')));

export function bounded(opts = {}) {
  return new BoundedPolicy({ maxAttempts: opts.maxAttempts ?? 5 });
}
