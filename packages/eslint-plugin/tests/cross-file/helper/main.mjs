import { jittered, retryable } from './lib/retry.mjs';

export const loadA = () => retryable(() => fetch('/a'));
export const loadB = () => retryable(() => fetch('/b'), 2);
export const loadC = () => retryable(() => fetch('/c'), Infinity);
export const loadD = () => jittered(() => fetch('/d'));
export const loadE = () => jittered(() => retryable(() => fetch('/e')));
