/**
 * A project's own retry package, declared in the ESLint settings (`settings.retryHygiene.helpers`,
 * shared by a flat config, `check --config` and the language server's `retryHygiene.helpers`):
 * which export retries, which argument holds its options, and which option is the attempt
 * count, the wait, its growth and the jitter switch, with the package's defaults. Its calls are
 * then read as a catalogued library's (libraries-in-house.ts).
 */
export interface HelperSpec {
  /** The module specifier it is imported from: `@acme/retry`. */
  module: string;
  /** The export that retries: a name, or `default`. */
  export: string;
  /** The argument holding the options object (0-based; default 1: `withRetry(fn, options)`). */
  options: number;
  /** The option holding the number of attempts, the first call included. */
  attempts?: string;
  /** Or the option holding the number of retries after the first call. */
  retries?: string;
  /** Attempts when the call sets none: a number, or `unbounded` (default 3). */
  defaultAttempts: number | 'unbounded';
  /** The option holding the first wait, in ms. */
  delay?: string;
  /** The first wait when the call sets none, in ms (default 0: at once). */
  defaultDelayMs: number;
  /** The option holding the factor the wait grows by per attempt. */
  factor?: string;
  /** The factor when the call sets none (default 1: a fixed wait). */
  defaultFactor: number;
  /** The option holding the largest wait, in ms. */
  maxDelay?: string;
  defaultMaxDelayMs?: number;
  /** The option that turns full jitter on (a boolean). */
  jitter?: string;
  /** Whether the package adds jitter when the call does not say (default false). */
  defaultJitter: boolean;
}

const OPTION_NAME = /^[A-Za-z_$][\w$]*$/;
const KEYS = new Set(['module', 'export', 'options', 'attempts', 'retries', 'defaultAttempts', 'delay', 'defaultDelayMs', 'factor', 'defaultFactor', 'maxDelay', 'defaultMaxDelayMs', 'jitter', 'defaultJitter']);

/**
 * Reads the setting: the specs it declares, and a line per mistake naming it
 * (`settings.retryHygiene.helpers[0].attempts must be an option name, got 5`). A spec with a
 * mistake is left out whole: reading half of it would state facts the package may not have.
 */
export function parseHelperSpecs(value: unknown, path = 'settings.retryHygiene.helpers'): { specs: HelperSpec[]; problems: string[] } {
  const specs: HelperSpec[] = [];
  const problems: string[] = [];
  if (value === undefined) return { specs, problems };
  if (!Array.isArray(value)) return { specs, problems: [`${path} must be an array of helpers, got ${describe(value)}`] };
  value.forEach((raw, i) => {
    const at = `${path}[${i}]`;
    const before = problems.length;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push(`${at} must be an object ({ module, export, … }), got ${describe(raw)}`);
      return;
    }
    const o = raw as Record<string, unknown>;
    for (const key of Object.keys(o)) if (!KEYS.has(key)) problems.push(`${at}.${key} is not a helper setting (known: ${[...KEYS].join(', ')})`);
    const text = (key: string, required: boolean, pattern?: RegExp): string | undefined => {
      const v = o[key];
      if (v === undefined) {
        if (required) problems.push(`${at}.${key} is required`);
        return undefined;
      }
      if (typeof v !== 'string' || v === '' || (pattern && !pattern.test(v))) {
        problems.push(`${at}.${key} must be ${pattern ? 'an option name' : 'a non-empty string'}, got ${describe(v)}`);
        return undefined;
      }
      return v;
    };
    const number = (key: string, fallback: number, min: number, integer: boolean): number => {
      const v = o[key];
      if (v === undefined) return fallback;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < min || (integer && !Number.isInteger(v))) {
        problems.push(`${at}.${key} must be ${integer ? 'an integer' : 'a number'} ≥ ${min}, got ${describe(v)}`);
        return fallback;
      }
      return v;
    };
    const module = text('module', true);
    const exported = text('export', true);
    const attempts = text('attempts', false, OPTION_NAME);
    const retries = text('retries', false, OPTION_NAME);
    if (attempts && retries) problems.push(`${at}: give attempts or retries, not both`);
    const defaultAttempts = o.defaultAttempts === 'unbounded' ? 'unbounded' : number('defaultAttempts', 3, 1, true);
    const jitterDefault = o.defaultJitter;
    if (jitterDefault !== undefined && typeof jitterDefault !== 'boolean') problems.push(`${at}.defaultJitter must be true or false, got ${describe(jitterDefault)}`);
    const spec: HelperSpec = {
      module: module ?? '',
      export: exported ?? '',
      options: number('options', 1, 0, true),
      defaultAttempts,
      defaultDelayMs: number('defaultDelayMs', 0, 0, false),
      defaultFactor: number('defaultFactor', 1, 1, false),
      defaultJitter: jitterDefault === true,
    };
    const optional: [keyof HelperSpec, string | undefined][] = [
      ['attempts', attempts],
      ['retries', retries],
      ['delay', text('delay', false, OPTION_NAME)],
      ['factor', text('factor', false, OPTION_NAME)],
      ['maxDelay', text('maxDelay', false, OPTION_NAME)],
      ['jitter', text('jitter', false, OPTION_NAME)],
    ];
    for (const [key, v] of optional) if (v !== undefined) (spec as unknown as Record<string, unknown>)[key] = v;
    if (o.defaultMaxDelayMs !== undefined) spec.defaultMaxDelayMs = number('defaultMaxDelayMs', 0, 0, false);
    if (problems.length === before) specs.push(spec);
  });
  return { specs, problems };
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'string' ? JSON.stringify(value) : typeof value === 'object' ? 'an object' : String(value);
}
