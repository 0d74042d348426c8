import fixedRule from '../src/rules/no-fixed-sleep-retry.js';
import jitterRule from '../src/rules/require-jitter.js';
import unboundedRule from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// A caller's predicate or callback option decides which way an attempt goes: `until(result)`
// on the success path, a `retryOn` status list in a response callback. Read with the defaults
// the code writes out (`until: () => true`, `retryOn: []`), the success path always leaves and
// only failures go round: a retry. A default that reads the result, or a predicate the caller
// supplies, may poll: no claim.

ruleTester.run('no-fixed-sleep-retry with predicate options read by their defaults', fixedRule, {
  valid: [
    {
      // Nothing says what `until` answers: the caller's predicate may wait for a state.
      name: 'a predicate option with no default',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function waitFor<T>(fn: () => Promise<T>, opts: { until: (t: T) => boolean }): Promise<T> {
  const config = { delayMs: 250, ...opts };
  for (let i = 0; i < 20; i++) {
    try {
      const value = await fn();
      if (config.until(value)) return value;
    } catch {}
    await sleep(config.delayMs);
  }
  throw new Error('gave up');
}
`,
    },
    {
      // The default itself reads the result: a poll until the job is finished.
      name: 'a predicate default that reads the result',
      code: `
const DEFAULTS = { delay: 500, tries: 30, until: (job: { finished: boolean }) => job.finished };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function pollJob(load: () => Promise<{ finished: boolean }>, options?: Partial<typeof DEFAULTS>) {
  const o = { ...DEFAULTS, ...options };
  for (let n = 0; n < o.tries; n++) {
    try {
      const job = await load();
      if (o.until(job)) {
        return job;
      }
    } catch (e) {
      console.warn(e);
    }
    await sleep(o.delay);
  }
}
`,
    },
    {
      // The options this code builds set the predicate: that one decides, and it reads the state.
      name: 'local options that set the predicate over the defaults',
      code: `
const DEFAULTS = { delay: 500, until: () => true };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function waitUntilDeployed(check: () => Promise<{ state: string }>) {
  const o = { ...DEFAULTS, until: (d: { state: string }) => d.state === 'live' };
  for (let n = 0; n < 10; n++) {
    try {
      const d = await check();
      if (o.until(d)) return d;
    } catch {}
    await sleep(o.delay);
  }
}
`,
    },
    {
      // `() => false`: a success never leaves, so this loop is no retry of failures.
      name: 'a predicate that defaults to false never lets a success out',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function repeat(fn: () => Promise<number>, opts: object = {}) {
  const o = Object.assign({}, { stop: () => false, pause: 100 }, opts);
  for (let n = 0; n < 10; n++) {
    try {
      const v = await fn();
      if (o.stop(v)) return v;
    } catch {}
    await sleep(o.pause);
  }
}
`,
    },
    {
      // A status list with entries: a response with one of them goes round again (a poll on 202).
      name: 'a callback that goes again on a listed status by default',
      code: `
module.exports = function (fetch, defaults) {
  defaults = defaults || {};
  var base = { retries: 3, retryDelay: 1000, retryOn: [202] };
  defaults = Object.assign(base, defaults);
  return function fetchAgain(input, init) {
    var retryOn = defaults.retryOn;
    return new Promise(function (resolve, reject) {
      var attemptFetch = function (attempt) {
        fetch(input, init)
          .then(function (response) {
            if (Array.isArray(retryOn) && retryOn.indexOf(response.status) === -1) {
              resolve(response);
            } else if (attempt < defaults.retries) {
              again(attempt);
            } else {
              resolve(response);
            }
          })
          .catch(function (error) {
            if (attempt < defaults.retries) again(attempt);
            else reject(error);
          });
      };
      function again(attempt) {
        setTimeout(function () { attemptFetch(++attempt); }, defaults.retryDelay);
      }
      attemptFetch(0);
    });
  };
};
`,
      filename: 'fetch-again.js',
    },
    {
      // `retryOn = init.retryOn` whenever the caller passes init, set or not: the default is not what it holds.
      name: 'a caller override written without a test that the caller set it',
      code: `
module.exports = function (fetch) {
  var base = { retryDelay: 1000, retryOn: [] };
  return function fetchAgain(input, init) {
    var retryOn = base.retryOn;
    if (init) retryOn = init.retryOn;
    return new Promise(function (resolve, reject) {
      function attempt(n) {
        fetch(input, init)
          .then(function (response) {
            if (Array.isArray(retryOn) && retryOn.indexOf(response.status) === -1) resolve(response);
            else setTimeout(function () { attempt(n + 1); }, base.retryDelay);
          })
          .catch(function (error) {
            if (n < 3) setTimeout(function () { attempt(n + 1); }, base.retryDelay);
            else reject(error);
          });
      }
      attempt(0);
    });
  };
};
`,
      filename: 'fetch-again.js',
    },
    {
      // The helper's one call in this file polls with its own predicate.
      name: 'a caller in the file that sets the predicate',
      code: `
const DEFAULTS = { tries: 5, pauseMs: 300, until: () => true };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function retryUntil<T>(fn: () => Promise<T>, options?: Partial<typeof DEFAULTS>) {
  const o = { ...DEFAULTS, ...options };
  for (let n = 0; n < o.tries; n++) {
    try {
      const value = await fn();
      if (o.until(value)) return value;
    } catch {}
    await pause(o.pauseMs);
  }
}
export const job = () => retryUntil(() => fetch('/job'), { until: (res: any) => res.status === 200 });
`,
    },
    {
      // One call hands options the analysis cannot read: they may set the predicate.
      name: 'a caller in the file that passes options it cannot read',
      code: `
const DEFAULTS = { tries: 5, pauseMs: 300, until: () => true };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function retryUntil<T>(fn: () => Promise<T>, options?: Partial<typeof DEFAULTS>) {
  const o = { ...DEFAULTS, ...options };
  for (let n = 0; n < o.tries; n++) {
    try {
      const value = await fn();
      if (o.until(value)) return value;
    } catch {}
    await pause(o.pauseMs);
  }
}
declare function loadOptions(): object;
export const job = () => retryUntil(() => fetch("/job"), loadOptions());
export const other = () => retryUntil(() => fetch("/other"));
`,
    },
    {
      name: 'a destructured predicate default that a caller in the file sets',
      code: `
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function withRetry<T>(fn: () => Promise<T>, { accept = (v: T) => true } = {}) {
  for (let n = 0; n < 4; n++) {
    try {
      const value = await fn();
      if (accept(value)) return value;
    } catch {}
    await pause(750);
  }
}
export const a = () => withRetry(() => fetch('/a'));
export const b = () => withRetry(() => fetch('/b'), { accept: (r: any) => r.ok });
`,
    },
    {
      // The default is a function that reads the response: it decides on success too.
      name: 'a response callback whose default reads the response',
      code: `
module.exports = function (request, options) {
  options = Object.assign({ delay: 300, shouldRepeat: function (res) { return res.status === 202; } }, options);
  return function call(url) {
    return new Promise(function (resolve, reject) {
      function attempt(n) {
        request(url)
          .then(function (res) {
            if (options.shouldRepeat(res)) later(n);
            else resolve(res);
          })
          .catch(function (err) {
            if (n < 5) later(n);
            else reject(err);
          });
      }
      function later(n) {
        setTimeout(function () { attempt(n + 1); }, options.delay);
      }
      attempt(0);
    });
  };
};
`,
      filename: 'repeat-on.js',
    },
    {
      // The loop's function is called from two places: its options are not the defaults' alone.
      name: 'options handed to a function of the file from two calls',
      code: `
const constant = (attempt: number, base: number) => base;
const growing = (attempt: number, base: number) => base * 2 ** attempt;

export const defaults = { backoff: 'CONSTANT', base: 100, tries: 10, accept: () => true };

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function attempt<T>(fn: () => Promise<T>, options?: Partial<typeof defaults>): Promise<T> {
  const settings = Object.assign({}, defaults, options);
  return run(fn, settings);
}
export function attemptTwice<T>(fn: () => Promise<T>, other: typeof defaults): Promise<T> {
  return run(fn, other);
}

async function run<T>(fn: () => Promise<T>, settings: typeof defaults): Promise<T> {
  let pause: (attempt: number, base: number) => number;
  switch (settings.backoff) {
    case 'GROWING':
      pause = growing;
      break;
    case 'CONSTANT':
      pause = constant;
      break;
    default:
      throw new Error('unknown backoff');
  }
  let failure: unknown;
  for (let i = 0; i < settings.tries; i++) {
    try {
      const value = await fn();
      if (settings.accept(value)) return value;
    } catch (e) {
      failure = e;
    }
    const ms = pause(i + 1, settings.base);
    await wait(ms);
  }
  throw failure;
}
`,
    },
    {
      // The switch picks the growing backoff by default: no fixed wait (require-jitter's case).
      name: 'a backoff option whose default string picks a growing wait',
      code: `
const constant = (attempt: number, base: number) => base;
const growing = (attempt: number, base: number) => base * 2 ** attempt;

export const defaults = { backoff: 'GROWING', base: 100, tries: 10, accept: () => true };

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function attempt<T>(fn: () => Promise<T>, options?: Partial<typeof defaults>): Promise<T> {
  const settings = Object.assign({}, defaults, options);
  return run(fn, settings);
}

async function run<T>(fn: () => Promise<T>, settings: typeof defaults): Promise<T> {
  let pause: (attempt: number, base: number) => number;
  switch (settings.backoff) {
    case 'GROWING':
      pause = growing;
      break;
    case 'CONSTANT':
      pause = constant;
      break;
    default:
      throw new Error('unknown backoff');
  }
  let failure: unknown;
  for (let i = 0; i < settings.tries; i++) {
    try {
      const value = await fn();
      if (settings.accept(value)) return value;
    } catch (e) {
      failure = e;
    }
    const ms = pause(i + 1, settings.base);
    await wait(ms);
  }
  throw failure;
}
`,
    },
    {
      // The override reads a local \`init\` that shadows the caller's: the scopes say it is not the
      // options parameter, so \`retryOn\` may hold anything and nothing is read by default.
      name: 'a caller override read from a local that shadows the options parameter',
      code: `
module.exports = function (fetch, defaults) {
  defaults = defaults || {};
  var base = { retries: 3, retryDelay: 1000, retryOn: [] };
  defaults = Object.assign(base, defaults);
  return function fetchAgain(input, init) {
    var retries = defaults.retries;
    var retryDelay = defaults.retryDelay;
    var retryOn = defaults.retryOn;
    {
      // A settings object of its own, named like the caller's options: not what the caller passed.
      const init = loadSettings();
      if (init && init.retryOn) {
        retryOn = init.retryOn;
      }
    }
    if (init && init.retryDelay !== undefined) {
      retryDelay = init.retryDelay;
    }
    return new Promise(function (resolve, reject) {
      var attemptFetch = function (attempt) {
        fetch(input, init)
          .then(function (response) {
            if (Array.isArray(retryOn) && retryOn.indexOf(response.status) === -1) {
              resolve(response);
            } else if (typeof retryOn === 'function') {
              Promise.resolve(retryOn(attempt, null, response)).then(function (yes) {
                if (yes) again(attempt);
                else resolve(response);
              });
            } else if (attempt < retries) {
              again(attempt);
            } else {
              resolve(response);
            }
          })
          .catch(function (error) {
            if (typeof retryOn === 'function') {
              Promise.resolve(retryOn(attempt, error, null)).then(function (yes) {
                if (yes) again(attempt);
                else reject(error);
              });
            } else if (attempt < retries) {
              again(attempt);
            } else {
              reject(error);
            }
          });
      };
      function again(attempt) {
        var delay = typeof retryDelay === 'function' ? retryDelay(attempt) : retryDelay;
        setTimeout(function () {
          attemptFetch(++attempt);
        }, delay);
      }
      attemptFetch(0);
    });
  };
};
`,
      filename: 'fetch-again.js',
    },
  ],
  invalid: [
    {
      name: '`until` defaulting to `() => true` in a spread of defaults',
      code: `
const DEFAULTS = { retries: 5, delay: 200, until: () => true };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function retryUntil<T>(fn: () => Promise<T>, opts?: Partial<typeof DEFAULTS>): Promise<T> {
  const config = { ...DEFAULTS, ...opts };
  let lastError: unknown;
  for (let i = 0; i <= config.retries; i++) {
    try {
      const result = await fn();
      if (config.until(result)) {
        return result;
      }
    } catch (error) {
      lastError = error;
    }
    await sleep(config.delay);
  }
  throw lastError;
}
`,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 3, endLine: 7, endColumn: 44, data: { what: 'This retry loop', delay: 'a fixed 200 ms', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'a negated predicate defaulting to `() => false`, merged by Object.assign',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function send(op: () => Promise<Response>, options: object) {
  const o = Object.assign({}, { pauseMs: 400, again: () => false }, options);
  for (let n = 0; n < 3; n++) {
    try {
      const res = await op();
      if (!o.again(res)) return res;
    } catch {}
    await sleep(o.pauseMs);
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 400 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a destructured predicate whose default is `() => true`',
      code: `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function withRetry<T>(fn: () => Promise<T>, opts: { accept?: (t: T) => boolean } = {}) {
  const { accept = () => true } = opts;
  for (let n = 0; n < 4; n++) {
    try {
      const value = await fn();
      if (accept(value)) return value;
    } catch {}
    await sleep(750);
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a predicate default naming a function of the file that answers true',
      code: `
function always(): boolean {
  return true;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const defaults = { wait: 1000, isDone: always };
export async function run(task: () => Promise<string>, opts: object) {
  const o = Object.assign({}, defaults, opts);
  for (let n = 0; n < 5; n++) {
    try {
      const out = await task();
      if (o.isDone(out)) return out;
    } catch {}
    await sleep(o.wait);
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 3, endLine: 9, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
    {
      // The one call of run() hands it the merged options: backoff 'CONSTANT' picks the fixed wait, accept() lets every value out.
      name: 'options merged by the exported function and handed to the one loop of the file, the wait picked by a switch on a default string',
      code: `
const constant = (attempt: number, base: number) => base;
const growing = (attempt: number, base: number) => base * 2 ** attempt;

export const defaults = { backoff: 'CONSTANT', base: 100, tries: 10, accept: () => true };

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function attempt<T>(fn: () => Promise<T>, options?: Partial<typeof defaults>): Promise<T> {
  const settings = Object.assign({}, defaults, options);
  return run(fn, settings);
}

async function run<T>(fn: () => Promise<T>, settings: typeof defaults): Promise<T> {
  let pause: (attempt: number, base: number) => number;
  switch (settings.backoff) {
    case 'GROWING':
      pause = growing;
      break;
    case 'CONSTANT':
      pause = constant;
      break;
    default:
      throw new Error('unknown backoff');
  }
  let failure: unknown;
  for (let i = 0; i < settings.tries; i++) {
    try {
      const value = await fn();
      if (settings.accept(value)) return value;
    } catch (e) {
      failure = e;
    }
    const ms = pause(i + 1, settings.base);
    await wait(ms);
  }
  throw failure;
}
`,
      errors: [{ messageId: 'fixedDelay', line: 29, column: 3, endLine: 29, endColumn: 43, data: { what: 'This retry loop', delay: 'a fixed 100 ms', attempts: 'up to 10 attempts' } }],
    },
    {
      // The callers in the file leave the predicate out (one sets the count, read as the helper's default).
      name: 'callers in the file that leave the predicate out',
      code: `
const DEFAULTS = { tries: 5, pauseMs: 300, until: () => true };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function retryUntil<T>(fn: () => Promise<T>, options?: Partial<typeof DEFAULTS>) {
  const o = { ...DEFAULTS, ...options };
  for (let n = 0; n < o.tries; n++) {
    try {
      const value = await fn();
      if (o.until(value)) return value;
    } catch {}
    await pause(o.pauseMs);
  }
}
export const job = () => retryUntil(() => fetch("/job"));
export const other = () => retryUntil(() => fetch("/other"), { tries: 2 });
`,
      // The call that sets the count makes a retry of its own (helpers/local-calls.ts); the one with the defaults is the loop's.
      errors: [
        { messageId: 'fixedDelay', line: 6, column: 3, endLine: 6, endColumn: 36, data: { what: 'This retry loop', delay: 'a fixed 300 ms', attempts: 'up to 5 attempts' } },
        { messageId: 'fixedDelay', line: 15, column: 28, data: { what: 'This call of `retryUntil()`', delay: 'a fixed 300 ms', attempts: 'up to 2 attempts' } },
      ],
    },
    {
      // Options passed straight on from the exported function's own parameter are its callers': left out by default.
      name: 'a caller in the file that passes its own parameter on',
      code: `
const DEFAULTS = { tries: 5, pauseMs: 300, until: () => true };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function retryUntil<T>(fn: () => Promise<T>, options?: Partial<typeof DEFAULTS>) {
  const o = { ...DEFAULTS, ...options };
  for (let n = 0; n < o.tries; n++) {
    try {
      const value = await fn();
      if (o.until(value)) return value;
    } catch {}
    await pause(o.pauseMs);
  }
}
export const job = (o: any) => retryUntil(() => fetch("/job"), o);
export const other = () => retryUntil(() => fetch("/other"));
`,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, endLine: 6, endColumn: 36, data: { what: 'This retry loop', delay: 'a fixed 300 ms', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a destructured predicate default that the one caller leaves out',
      code: `
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function withRetry<T>(fn: () => Promise<T>, { accept = (v: T) => true } = {}) {
  for (let n = 0; n < 4; n++) {
    try {
      const value = await fn();
      if (accept(value)) return value;
    } catch {}
    await pause(750);
  }
}
export const a = () => withRetry(() => fetch('/a'));
`,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      // retryOn: [] lets every response through; only errors go again, after retryDelay (1 s by default).
      name: 'a response callback with an empty status list by default, options merged into a reassigned parameter',
      code: `
module.exports = function (fetch, defaults) {
  defaults = defaults || {};
  var base = { retries: 3, retryDelay: 1000, retryOn: [] };
  defaults = Object.assign(base, defaults);
  return function fetchAgain(input, init) {
    var retries = defaults.retries;
    var retryDelay = defaults.retryDelay;
    var retryOn = defaults.retryOn;
    if (init && init.retryOn) {
      retryOn = init.retryOn;
    }
    if (init && init.retryDelay !== undefined) {
      retryDelay = init.retryDelay;
    }
    return new Promise(function (resolve, reject) {
      var attemptFetch = function (attempt) {
        fetch(input, init)
          .then(function (response) {
            if (Array.isArray(retryOn) && retryOn.indexOf(response.status) === -1) {
              resolve(response);
            } else if (typeof retryOn === 'function') {
              Promise.resolve(retryOn(attempt, null, response)).then(function (yes) {
                if (yes) again(attempt);
                else resolve(response);
              });
            } else if (attempt < retries) {
              again(attempt);
            } else {
              resolve(response);
            }
          })
          .catch(function (error) {
            if (typeof retryOn === 'function') {
              Promise.resolve(retryOn(attempt, error, null)).then(function (yes) {
                if (yes) again(attempt);
                else reject(error);
              });
            } else if (attempt < retries) {
              again(attempt);
            } else {
              reject(error);
            }
          });
      };
      function again(attempt) {
        var delay = typeof retryDelay === 'function' ? retryDelay(attempt) : retryDelay;
        setTimeout(function () {
          attemptFetch(++attempt);
        }, delay);
      }
      attemptFetch(0);
    });
  };
};
`,
      filename: 'fetch-again.js',
      errors: [{ messageId: 'fixedDelay', line: 49, column: 11, endLine: 49, endColumn: 34, data: { what: '`attemptFetch()` retrying itself through `again()`', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'a status list checked with includes() on an empty default, in a callback that resolves first',
      code: `
export function createCaller(send: (url: string) => Promise<{ status: number }>, options: { repeatOn?: number[]; pause?: number } = {}) {
  const settings = Object.assign({ repeatOn: [] as number[], pause: 2000 }, options);
  return (url: string) =>
    new Promise((resolve, reject) => {
      const attempt = (n: number) => {
        send(url)
          .then((res) => {
            if (!settings.repeatOn.includes(res.status)) return resolve(res);
            if (n < 2) later(n);
            else resolve(res);
          })
          .catch((err) => {
            if (n < 2) later(n);
            else reject(err);
          });
      };
      const later = (n: number) => setTimeout(() => attempt(n + 1), settings.pause);
      attempt(0);
    });
}
`,
      errors: [{ messageId: 'fixedDelay', line: 18, column: 53, endLine: 18, endColumn: 67, data: { what: '`attempt()` retrying itself through `later()`', delay: 'a fixed 2 s', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a callback option read by its default', unboundedRule, {
  valid: [
    {
      // The way back in that a caller's callback decides (no count) is not taken by default: the count bounds it.
      name: 'a bounded failure path beside a callback branch the default never takes',
      code: `
module.exports = function (fetch, defaults) {
  defaults = Object.assign({ retries: 3, retryOn: [] }, defaults);
  return function fetchAgain(input) {
    return new Promise(function (resolve, reject) {
      var attemptFetch = function (attempt) {
        fetch(input)
          .then(resolve)
          .catch(function (error) {
            if (typeof defaults.retryOn === 'function') {
              defaults.retryOn(error).then(function (yes) {
                if (yes) again(attempt);
                else reject(error);
              });
            } else if (attempt < defaults.retries) {
              again(attempt);
            } else {
              reject(error);
            }
          });
      };
      function again(attempt) {
        setTimeout(function () { attemptFetch(attempt + 1); }, 500);
      }
      attemptFetch(0);
    });
  };
};
`,
      filename: 'fetch-again.js',
    },
  ],
  invalid: [
    {
      // By default every response leaves; errors go again with nothing counting them.
      name: 'a failure path that goes again forever, the success path read by its empty default status list',
      code: `
module.exports = function (fetch, defaults) {
  defaults = Object.assign({ retryOn: [] }, defaults);
  return function fetchAgain(input) {
    return new Promise(function (resolve) {
      var attemptFetch = function () {
        fetch(input)
          .then(function (response) {
            if (Array.isArray(defaults.retryOn) && defaults.retryOn.indexOf(response.status) === -1) resolve(response);
            else again();
          })
          .catch(function () {
            again();
          });
      };
      function again() {
        setTimeout(attemptFetch, 500);
      }
      attemptFetch();
    });
  };
};
`,
      filename: 'fetch-again.js',
      errors: [{ messageId: 'unbounded', line: 17, column: 9, endLine: 17, endColumn: 38, data: { what: '`attemptFetch()` retrying itself through `again()`' } }],
    },
  ],
});

ruleTester.run('require-jitter with a backoff option read by its default string', jitterRule, {
  valid: [
    {
      name: 'the default string picks the constant wait',
      code: `
const constant = (attempt: number, base: number) => base;
const growing = (attempt: number, base: number) => base * 2 ** attempt;

export const defaults = { backoff: 'CONSTANT', base: 100, tries: 10, accept: () => true };

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function attempt<T>(fn: () => Promise<T>, options?: Partial<typeof defaults>): Promise<T> {
  const settings = Object.assign({}, defaults, options);
  return run(fn, settings);
}

async function run<T>(fn: () => Promise<T>, settings: typeof defaults): Promise<T> {
  let pause: (attempt: number, base: number) => number;
  switch (settings.backoff) {
    case 'GROWING':
      pause = growing;
      break;
    case 'CONSTANT':
      pause = constant;
      break;
    default:
      throw new Error('unknown backoff');
  }
  let failure: unknown;
  for (let i = 0; i < settings.tries; i++) {
    try {
      const value = await fn();
      if (settings.accept(value)) return value;
    } catch (e) {
      failure = e;
    }
    const ms = pause(i + 1, settings.base);
    await wait(ms);
  }
  throw failure;
}
`,
    },
  ],
  invalid: [
    {
      name: 'the default string picks the growing wait in a switch, options handed to the loop by the one call',
      code: `
const constant = (attempt: number, base: number) => base;
const growing = (attempt: number, base: number) => base * 2 ** attempt;

export const defaults = { backoff: 'GROWING', base: 100, tries: 10, accept: () => true };

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function attempt<T>(fn: () => Promise<T>, options?: Partial<typeof defaults>): Promise<T> {
  const settings = Object.assign({}, defaults, options);
  return run(fn, settings);
}

async function run<T>(fn: () => Promise<T>, settings: typeof defaults): Promise<T> {
  let pause: (attempt: number, base: number) => number;
  switch (settings.backoff) {
    case 'GROWING':
      pause = growing;
      break;
    case 'CONSTANT':
      pause = constant;
      break;
    default:
      throw new Error('unknown backoff');
  }
  let failure: unknown;
  for (let i = 0; i < settings.tries; i++) {
    try {
      const value = await fn();
      if (settings.accept(value)) return value;
    } catch (e) {
      failure = e;
    }
    const ms = pause(i + 1, settings.base);
    await wait(ms);
  }
  throw failure;
}
`,
      errors: [{ messageId: 'missingJitter', line: 29, column: 3, endLine: 29, endColumn: 43, data: { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'up to 10 attempts' } }],
    },
  ],
});
