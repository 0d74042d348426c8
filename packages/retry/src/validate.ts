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

/** An integer in [min, max]; `undefined` means "use the default". */
export function integerInRange(name: string, value: unknown, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw typeError(name, 'a number', value);
  if (!Number.isInteger(value) || value < min || value > max) {
    const upper = max === Number.MAX_SAFE_INTEGER ? `${max} (Number.MAX_SAFE_INTEGER)` : String(max);
    throw optionError(name, `must be an integer from ${min} to ${upper}`, value);
  }
  return value;
}

/** A wait `setTimeout` can hold: finite, ≥ 0 and ≤ MAX_TIMER_MS (beyond, Node fires it after 1 ms). */
export function checkTimerDelay(name: string, value: unknown): number {
  checkFinite(name, value, 0);
  if ((value as number) > MAX_TIMER_MS) {
    throw optionError(name, `must be ≤ ${MAX_TIMER_MS}, the longest delay setTimeout can hold`, value);
  }
  return value as number;
}

export function optionalSignal(name: string, value: unknown): AbortSignal | undefined {
  if (value === undefined) return undefined;
  const s = value as Partial<AbortSignal> | null;
  if (typeof s !== 'object' || s === null || typeof s.aborted !== 'boolean' || typeof s.addEventListener !== 'function') {
    throw typeError(name, 'an AbortSignal', value);
  }
  return value as AbortSignal;
}

/** Options objects: `undefined` is "all defaults"; anything else must be an object with known keys only. */
export function checkOptionKeys(
  options: unknown,
  known: ReadonlySet<string>,
  unknownKey: (key: string) => string,
): asserts options is object | undefined {
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null) throw typeError('options', 'an object', options);
  for (const key in options) {
    if (!known.has(key)) throw new TypeError(`${PREFIX} ${unknownKey(key)}`);
  }
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
