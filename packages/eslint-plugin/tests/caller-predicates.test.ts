import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A retry behind a predicate the caller hands in (`if (opts.shouldRetry())`): what it answers is
 * not seen, so it may stop the retry — the attempts are unknown, neither "no limit" nor a count.
 * Before, a method of the same object called earlier in the attempt (`opts.create()`) was read
 * as changing that condition, and the retry as running "up to 2 attempts".
 */
const CONNECT = (guard: string) => `
export function connect(opts) {
  const socket = opts.create();
  socket.on('error', () => {
    if (${guard}) setTimeout(() => connect(opts), 1000);
  });
  return socket;
}
`;

/** The column of the self-call `connect(opts)` on line 5. */
const at = (guard: string) => `    if (${guard}) setTimeout(() => `.length + 1;

ruleTester.run('no-unbounded-retry behind a predicate the caller hands in', noUnboundedRetry, {
  valid: [
    { name: "a method of the caller's options", code: CONNECT('opts.shouldRetry()') },
    { name: 'a function handed in', code: CONNECT('opts.shouldRetry() && opts.online') },
  ],
  invalid: [
    {
      name: 'a flag of the options is no predicate',
      code: CONNECT('opts.reconnect'),
      errors: [{ messageId: 'unbounded', line: 5, column: at('opts.reconnect'), data: { what: '`connect()` retrying itself' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry behind a predicate the caller hands in', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'the attempts are unknown, not two',
      code: CONNECT('opts.shouldRetry()'),
      errors: [{ messageId: 'fixedDelay', line: 5, column: at('opts.shouldRetry()'), data: { what: '`connect()` retrying itself', delay: 'a fixed 1 s', attempts: 'an unknown number of attempts' } }],
    },
  ],
});

const RETRYING = (args: string, guard: string) => `
export async function send(${args}) {
  try {
    return await fetch(url);
  } catch (err) {
    if (${guard}) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      return send(${args});
    }
    throw err;
  }
}
`;

ruleTester.run('no-unbounded-retry behind a predicate parameter', noUnboundedRetry, {
  valid: [{ name: 'a predicate parameter', code: RETRYING('url, shouldRetry', 'shouldRetry()') }],
  invalid: [
    {
      name: 'a function of the module that always answers yes',
      code: `const always = () => true;\n${RETRYING('url', 'always()')}`,
      errors: [{ messageId: 'unbounded', line: 9, column: 14, data: { what: '`send()` retrying itself' } }],
    },
  ],
});
