import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A deadline is a comparison with a clock read, or with a value made from one (a local set from
 * `Date.now()`, `performance.now() - started`). A name is no evidence: `timeoutCount <= 0` and
 * `retriesOnTimeout > 0` count attempts (they were read as "until a deadline"). A helper read
 * again for one of its calls counts from what that call hands it: a way back closed on the first
 * failure (`handle(op, 0)` for `if (retriesOnTimeout > 0 …) return this.handle(op, retriesOnTimeout - 1)`)
 * makes that call no retry of its own.
 */

const loop = (before: string, test: string) => `export async function send(url: string, timeoutCount = 3): Promise<Response> {
  ${before}
  for (;;) {
    try {
      return await fetch(url);
    } catch (e) {
      ${test}
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
`;

const storeJs = `export class Store {
  async handle(request, retriesOnTimeout) {
    try {
      const response = await request();
      return await response.text();
    } catch (error) {
      if (retriesOnTimeout > 0 && /timed out/.test(String(error))) {
        return this.handle(request, retriesOnTimeout - 1);
      }
      throw error;
    }
  }

  async put(key, value) {
    return this.handle(() => fetch(\`/kv/\${key}\`, { method: 'PUT', body: value }), 0);
  }
}
`;

const fixed = (attempts: string) => ({ messageId: 'fixedDelay' as const, line: 3, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts } });

ruleTester.run('no-fixed-sleep-retry with deadlines read from the clock', noFixedSleepRetry, {
  valid: [],
  invalid: [
    { name: 'TypeScript: a deadline set from the clock', code: loop('const deadline = Date.now() + 10_000;', 'if (Date.now() > deadline) throw e;'), filename: 'send.ts', errors: [fixed('for up to 10 s')] },
    { name: 'TypeScript: the time spent, made from a clock read', code: loop('const started = performance.now();', 'const spent = performance.now() - started;\n      if (spent > 10_000) throw e;'), filename: 'send.ts', errors: [fixed('until a deadline')] },
    { name: 'TypeScript: a count named after timeouts', code: loop('', 'if (timeoutCount <= 0) throw e;'), filename: 'send.ts', errors: [fixed('an unknown number of attempts')] },
    {
      name: 'JavaScript: a call that hands the helper no retries is no retry of its own',
      code: storeJs,
      filename: 'store.js',
      errors: [{ messageId: 'immediate', line: 8, column: 16, data: { what: '`handle()` retrying itself', attempts: 'an unknown number of attempts' } }],
    },
  ],
});
