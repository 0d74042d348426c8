import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A recursion that carries its state in an options object it takes apart at the top of its
 * body (`const retry = opts.retry ?? 0`, `const { attempt = 1, wait = 500 } = opts`) and hands
 * on changed (`{ ...opts, retry: retry + 1 }`): each name moves as the object's property does,
 * from its fallback when the first caller leaves the key out. The wait built from it grows
 * (it was "the same every time"), and the count bounds the attempts.
 */

const JS = 'retry.js';

const retryFieldTs = `
export class Client {
  async request(path: string, opts: { retry?: number } = {}): Promise<Response> {
    const retry = opts.retry ?? 0;
    const res = await fetch(path);
    if (res.status >= 500 && retry < 3) {
      await new Promise((r) => setTimeout(r, 300 * 2 ** retry));
      return this.request(path, { ...opts, retry: retry + 1 });
    }
    return res;
  }
}
`;

const destructuredBodyTs = `
export async function send(url: string, opts: { attempt?: number; wait?: number } = {}): Promise<Response> {
  const { attempt = 1, wait = 500 } = opts;
  try {
    return await fetch(url);
  } catch (e) {
    if (attempt >= 4) throw e;
    await new Promise((r) => setTimeout(r, wait));
    return send(url, { attempt: attempt + 1, wait: wait * 2 });
  }
}
`;

const orFallbackJs = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function publish(topic, msg, options) {
  const tries = options.tries || 0;
  try {
    return await broker.publish(topic, msg);
  } catch (err) {
    if (tries >= 5) throw err;
    await sleep(1000);
    return publish(topic, msg, Object.assign({}, options, { tries: tries + 1 }));
  }
}
module.exports = { publish };
`;

const orFallbackLiteralJs = orFallbackJs.replace('Object.assign({}, options, { tries: tries + 1 })', '{ ...options, tries: tries + 1 }');

/** The name is written again in the body: not the option's value on the next call. */
const rewrittenTs = `
export async function poll(url: string, opts: { retry?: number } = {}): Promise<Response> {
  let retry = opts.retry ?? 0;
  const res = await fetch(url);
  if (res.status === 503 && retry < 3) {
    retry = 0;
    await new Promise((r) => setTimeout(r, 300 * 2 ** retry));
    return poll(url, { ...opts, retry: retry + 1 });
  }
  return res;
}
`;

ruleTester.run('require-jitter on a recursion that carries its state in an options object', requireJitter, {
  valid: [{ name: 'a name written again in the body is not carried by the object', code: rewrittenTs }],
  invalid: [
    {
      name: 'const retry = opts.retry ?? 0, handed on as { ...opts, retry: retry + 1 }',
      code: retryFieldTs,
      errors: [{ messageId: 'missingJitter', line: 8, column: 14, data: { what: '`request()` retrying itself', delay: '300 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'const { attempt = 1, wait = 500 } = opts at the top of the body',
      code: destructuredBodyTs,
      errors: [{ messageId: 'missingJitter', line: 9, column: 12, data: { what: '`send()` retrying itself', delay: '500 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on a recursion that carries its state in an options object', noFixedSleepRetry, {
  valid: [{ name: 'a growing wait from the object is not fixed', code: retryFieldTs }],
  invalid: [
    {
      name: 'JavaScript: options.tries || 0, handed on in a new object literal',
      code: orFallbackLiteralJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 10, column: 12, data: { what: '`publish()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});
