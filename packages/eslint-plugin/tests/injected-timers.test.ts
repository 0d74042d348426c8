import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A timer handed in, whose default is the global `setTimeout` (`schedule = setTimeout`,
 * `options = { scheduleDelay: setTimeout }`, so that tests can run it at once), is that timer
 * wherever the code runs for real: a promise it resolves is a sleep, and a call it makes when
 * it fires is the next attempt. A loop that checks a result its last turn assigned
 * (`result = await new Promise((r) => schedule(() => r(attempt()), ms))`) retries that call,
 * though the first call written in its body is a log in the success branch. Before, an
 * injected timer was no timer, and such a loop took the log for its operation: no site.
 */

const outcomes = `type Outcome = { status: 'ok'; body: string } | { status: 'busy' } | { status: 'failed'; error: Error };

async function attempt(url: string): Promise<Outcome> {
  let body = '';
  try {
    const res = await fetch(url, { method: 'POST' });
    body = await res.text();
  } catch (error) {
    if (error instanceof Error && error.message === 'busy') return { status: 'busy' };
    return { status: 'failed', error: error as Error };
  }
  return { status: 'ok', body };
}
`;

const scheduled = (parameter: string, wait: string) => `${outcomes}
export async function call(url: string, ${parameter}): Promise<string> {
  let used = 0;
  let result = await attempt(url);
  while (true) {
    if (result.status === 'ok') {
      console.debug('done after', used, 'retries');
      return result.body;
    } else if (result.status === 'failed') {
      throw result.error;
    }
    if (used >= 5) throw new Error('still busy');
    used += 1;
    result = await new Promise<Outcome>((resolve) => {
      options.schedule(() => {
        resolve(attempt(url));
      }, ${wait});
    });
  }
}
`;

const withDefault = "options: { schedule: (fn: () => void, ms: number) => void } = { schedule: setTimeout }";
const withoutDefault = 'options: { schedule: (fn: () => void, ms: number) => void }';

const pausing = (timer: string) => `function later(ms: number, ${timer}): Promise<void> {
  return new Promise((resolve) => timer(resolve, ms));
}

export async function send(url: string): Promise<Response> {
  for (let i = 0; ; i++) {
    try {
      return await fetch(url, { method: 'POST' });
    } catch (err) {
      if (i >= 3) throw err;
      await later(500);
    }
  }
}
`;

const toJs = (code: string) => code.replace(/: \(ms: number\) => void|: Promise<Response>|: Promise<void>|: number|: string/g, '');

ruleTester.run('no-fixed-sleep-retry with a timer handed in', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: a scheduler with no default is not known to wait', code: scheduled(withoutDefault, '1000'), filename: 'call.ts' },
    { name: 'TypeScript: the scheduled wait is random', code: scheduled(withDefault, 'Math.random() * 1000'), filename: 'call.ts' },
    { name: 'TypeScript: a timer parameter without a default is not known to wait, nor to go at once', code: pausing('timer: (fn: () => void, ms: number) => void'), filename: 'send.ts' },
  ],
  invalid: [
    {
      name: 'TypeScript: an options object whose scheduler defaults to setTimeout',
      code: scheduled(withDefault, '1000'),
      filename: 'call.ts',
      errors: [{ messageId: 'fixedDelay', line: 18, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'TypeScript: a sleep whose timer parameter defaults to setTimeout',
      code: pausing('timer = setTimeout'),
      filename: 'send.ts',
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'JavaScript: the same, defaulting to globalThis.setTimeout',
      code: toJs(pausing('timer = globalThis.setTimeout')),
      filename: 'send.js',
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter with a timer handed in', requireJitter, {
  valid: [{ name: 'TypeScript: a growing wait drawn at random', code: scheduled(withDefault, 'Math.random() * 250 * 2 ** used'), filename: 'call.ts' }],
  invalid: [
    {
      name: 'TypeScript: a growing wait through the scheduler',
      code: scheduled(withDefault, '250 * 2 ** used'),
      filename: 'call.ts',
      errors: [{ messageId: 'missingJitter', line: 18, column: 3, data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
  ],
});
