import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// Options the code fills in each time it runs (`opts.mode ||= 'exponential'`,
// `opts.base = typeof opts.base === 'number' ? opts.base : 250`): read with the defaults, the
// option is that default, and a test on it picks its branch. An option of such an object that
// nothing writes, read with a fallback (`opts.jitter || 'none'`), is that fallback. A wait made
// by a promise whose executor first works out how long (`new Promise((resolve) => { let d = …;
// setTimeout(resolve, d) })`, kept in a variable and chained) is a wait, and `d = Math.min(d, cap)`
// reads the `d` an earlier write gave.

// An interceptor that builds its pause first and chains it before sending again.
const interceptorPausePromise = `import axios from 'axios';
const api = axios.create();
api.interceptors.response.use(undefined, async (error) => {
  const opts = error.config.retryOptions || {};
  opts.tries = typeof opts.tries === 'number' ? opts.tries : 4;
  opts.mode ||= 'exponential';
  opts.count = opts.count || 0;
  if (opts.count >= opts.tries) throw error;
  opts.count += 1;
  error.config.retryOptions = { ...opts };
  const pause = new Promise((resolve) => {
    let ms = 0;
    if (opts.mode === 'fixed') {
      ms = 1000;
    } else {
      ms = 200 * 2 ** opts.count;
      const spread = opts.jitter || 'none';
      if (spread === 'full') ms = Math.random() * ms;
    }
    setTimeout(resolve, ms);
  });
  return pause.then(() => api.request(error.config));
});
`;

// The same, jitter on unless the caller turns it off.
const interceptorJitterByDefault = interceptorPausePromise.replace("opts.jitter || 'none'", "opts.jitter || 'full'");

// The jitter option is one the code itself sets on some path: not left to its fallback.
const jitterWrittenElsewhere = interceptorPausePromise.replace("opts.mode ||= 'exponential';", "opts.mode ||= 'exponential';\n  if (error.response?.status === 503) opts.jitter = 'full';");

// No option of the object is filled in: `opts.jitter || 'none'` is the caller's, not read.
const noFilledDefaults = interceptorPausePromise
  .replace("opts.tries = typeof opts.tries === 'number' ? opts.tries : 4;\n", '')
  .replace("opts.mode ||= 'exponential';\n", '')
  .replace('opts.count >= opts.tries', 'opts.count >= 4');

// A loop: the mode filled in with `??=`, the computed wait capped by a later write.
const cappedLoop = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function pull(url: string, opts: { mode?: string; cap?: number } = {}) {
  opts.mode ??= 'exponential';
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(url);
    } catch {
      let wait = 0;
      if (opts.mode === 'linear') wait = 300 * (attempt + 1);
      else wait = 300 * 2 ** attempt;
      wait = Math.min(wait, 20000);
      await sleep(wait);
    }
  }
  throw new Error('gave up');
}
`;

// The same loop with the mode defaulting to the linear branch.
const cappedLoopLinear = cappedLoop.replace("opts.mode ??= 'exponential';", "opts.mode ??= 'linear';");

// The default mode's branch adds randomness.
const cappedLoopJittered = cappedLoop.replace('else wait = 300 * 2 ** attempt;', 'else wait = Math.random() * 300 * 2 ** attempt;');

// The mode changes between attempts, to one that adds randomness: not a filled-in default.
const modeSwitchedDuringRetry = cappedLoop
  .replace('      let wait = 0;', "      opts.mode = attempt > 2 ? 'spread' : opts.mode;\n      let wait = 0;")
  .replace("if (opts.mode === 'linear') wait = 300 * (attempt + 1);", "if (opts.mode === 'spread') wait = Math.random() * 300 * (attempt + 1);");

// A promise whose executor does work besides the timer is not a wait.
const executorDoesWork = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function ping(socket: { write(s: string): void }, url: string) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch(url);
    } catch {
      const ms = 100 * 2 ** i;
      await new Promise((resolve) => {
        socket.write('probe');
        setTimeout(resolve, ms);
      });
    }
  }
}
`;

// The executor reads the server's hint through a pure helper of the file and gives up (rejects)
// when it is too long; without the hint, the filled-in base grows.
const executorWithHelper = `import axios from 'axios';
function hintMs(value) {
  const seconds = Number(value);
  return Number.isNaN(seconds) ? undefined : seconds * 1000;
}
const http = axios.create();
http.interceptors.response.use(undefined, async (error) => {
  const o = error.config.retry || {};
  o.base = typeof o.base === 'number' ? o.base : 250;
  o.n = o.n || 0;
  if (o.n >= 3) throw error;
  o.n += 1;
  error.config.retry = { ...o };
  const waited = new Promise((resolve, reject) => {
    let ms = 0;
    const header = error.response?.headers?.['retry-after'];
    if (header) {
      const hinted = hintMs(header);
      if (hinted === undefined || hinted > 60000) {
        reject(error);
        return;
      }
      ms = hinted;
    }
    if (ms === 0) ms = o.base * 2 ** o.n;
    setTimeout(resolve, ms);
  });
  return waited.then(() => http.request(error.config));
});
`;

// The same executor calling a helper that does I/O: the promise is more than a wait.
const executorHelperDoesIo = executorWithHelper.replace('  const seconds = Number(value);', '  navigator.sendBeacon(\'/hint\', String(value));\n  const seconds = Number(value);');

// A helper of the file doubles the option after each failure: it is not its default.
const filledBaseDoubledElsewhere = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
function widen(o: { base?: number }) {
  o.base = (o.base ?? 250) * 2;
}
export async function load(url: string, o: { base?: number } = {}) {
  for (let i = 0; i < 5; i++) {
    o.base = typeof o.base === 'number' ? o.base : 250;
    try {
      return await fetch(url);
    } catch {
      widen(o);
      await sleep(o.base);
    }
  }
}
`;

ruleTester.run('require-jitter with options the code fills in', requireJitter, {
  valid: [
    { name: 'jitter on unless the caller turns it off', code: interceptorJitterByDefault },
    { name: 'the jitter option set by the code on some path', code: jitterWrittenElsewhere },
    { name: 'no option filled in: the fallback is not read as the default', code: noFilledDefaults },
    { name: 'the default branch adds randomness', code: cappedLoopJittered },
    { name: 'the mode changes between attempts', code: modeSwitchedDuringRetry },
    { name: 'an executor whose helper does I/O is not a wait', code: executorHelperDoesIo },
  ],
  invalid: [
    {
      name: 'an executor reading the hint through a pure helper, rejecting when it is too long',
      code: executorWithHelper,
      errors: [{ messageId: 'missingJitterNoRetryAfter', line: 28, column: 28, endLine: 28, endColumn: 54, data: { what: 'This error interceptor re-sending the failed request', delay: '250 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'an interceptor chaining a pause it computed in the executor',
      code: interceptorPausePromise,
      errors: [{ messageId: 'missingJitter', line: 22, column: 27, endLine: 22, endColumn: 52, data: { what: 'This error interceptor re-sending the failed request', delay: '200 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a loop whose default mode grows, capped by a later write',
      code: cappedLoop,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 48, data: { what: 'This retry loop', delay: '300 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a loop whose default mode is linear',
      code: cappedLoopLinear,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 48, data: { what: 'This retry loop', delay: 'a linear 300 ms × n', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with options the code fills in', noFixedSleepRetry, {
  valid: [
    { name: 'a growing default wait is not fixed', code: interceptorPausePromise },
    { name: 'a capped growing wait is not fixed', code: cappedLoop },
    { name: 'a promise doing work besides its timer may wait: not at once', code: executorDoesWork },
    { name: 'an option a helper of the file doubles is not its default', code: filledBaseDoubledElsewhere },
  ],
  invalid: [
    {
      name: "the default mode is the fixed branch",
      code: interceptorPausePromise.replace("opts.mode ||= 'exponential';", "opts.mode ||= 'fixed';"),
      errors: [{ messageId: 'fixedDelay', line: 22, column: 27, endLine: 22, endColumn: 52, data: { what: 'This error interceptor re-sending the failed request', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});
