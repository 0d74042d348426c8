import { a } from './a.mjs';
export function b(fn) {
  return a(() => fn());
}
