import { retryable } from './node_modules/pkg/index.mjs';
import { retryable as fromPackage } from 'pkg';

export const a = () => retryable(() => fetch('/a'));
export const b = () => fromPackage(() => fetch('/b'));
