import type { Value } from './value.js';

/**
 * What a call passes in an options object, as the helper in another file reads it
 * (`withRetry(op, { retries: 2 })` read as `opts.retries` or `{ retries = 5 }`).
 * `complete`: the object is written out in full (no spread), so a key it lacks is absent and
 * the helper's own default applies; with a spread, a missing key may come from it.
 */
export interface ObjectArgument {
  props: ReadonlyMap<string, Value>;
  complete: boolean;
}

/** `opts.retries` where `opts` holds what the call passed: the value, or 'absent' when the call left it out. */
export function readProperty(object: ObjectArgument, key: string): Value | 'absent' {
  const value = object.props.get(key);
  if (value) return value;
  return object.complete ? 'absent' : UNSEEN;
}

/** Passed by the caller, but not a number the analysis knows: fixed for the whole retry. */
export const UNSEEN: Value = { t: 'invariant', random: false };
