import { b } from './b.mjs';
export function a(fn) {
  return b(fn);
}
