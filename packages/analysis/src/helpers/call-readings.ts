import type { TSESTree } from '@typescript-eslint/utils';
import type { RetrySite } from '../types.js';

/**
 * Calls of a helper of the file read with what they pass (`withLockRetry(ctx, key, fn, 3)`:
 * the helper's retry with `attempts` bound to 3), whether or not the call is a site of its own.
 * A wrapper handing its caller's operation through a call that makes one attempt retries
 * nothing (cross-file.ts handedOnParameter), whatever the helper's defaults. Filled as a module
 * is analysed, before any other module reads it.
 */
export const helperCallReadings = new WeakMap<TSESTree.CallExpression, RetrySite>();
