// Option checks shared by retry(), backoffDelay() and RetryBudget. Every message names the
// option, because "invalid argument" three frames away from the call site helps no one.

const PREFIX = '@retry-hygiene/retry:';

/** setTimeout stores its delay in a signed 32-bit int; anything above fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

export function optionError(name: string, problem: string, value: unknown): RangeError {
  return new RangeError(`${PREFIX} option \`${name}\` ${problem} (got ${show(value)})`);
}

export function typeError(name: string, expected: string, value: unknown): TypeError {
  return new TypeError(`${PREFIX} option \`${name}\` must be ${expected} (got ${show(value)})`);
}

/** A finite number ≥ `min`; `undefined` means "use the default". */
export function finiteNumber(name: string, value: unknown, min: number, fallback: number): number {
  return value === undefined ? fallback : checkFinite(name, value, min);
}

/** A finite number ≥ `min`, for arguments that have no default. */
export function checkFinite(name: string, value: unknown, min: number): number {
  if (typeof value !== 'number') throw typeError(name, 'a number', value);
  if (!Number.isFinite(value)) throw optionError(name, 'must be a finite number', value);
  if (value < min) throw optionError(name, `must be ≥ ${min}`, value);
  return value;
}

export function optionalFunction<F>(name: string, value: unknown): F | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'function') throw typeError(name, 'a function', value);
  return value as F;
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return String(value);
}
