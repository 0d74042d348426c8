import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A function that calls itself again from a case of a switch on its attempt's answer: the case
 * stands for the `if` chain it is written for (`case 502: case 503:` is `status === 502 ||
 * status === 503`), and `default` for the answers no case lists, a failure where a listed case
 * is the success (as the `else` of `if (status === 200)`). A switch on something else (a
 * message's type) says nothing of a failure.
 */

const defaultTs = `export function send(body: string, retries = 3): Promise<Response | undefined> {
  return fetch('/events', { method: 'POST', body }).then((res) => {
    switch (res.status) {
      case 200:
        return res;
      case 400:
        return undefined;
      default:
        if (retries > 0) return new Promise((resolve) => setTimeout(() => resolve(send(body, retries - 1)), 1000));
        return undefined;
    }
  });
}
`;

const listedJs = `const BASE = 500;
export function transform(xhr, payload, left = 3) {
  return new Promise((resolve, reject) => {
    xhr.open('POST', '/transform');
    xhr.onload = () => {
      const { status } = xhr;
      switch (status) {
        case 200:
          resolve(JSON.parse(xhr.response));
          return;
        case 502:
        case 503:
          if (left > 0) {
            setTimeout(() => transform(xhr, payload, left - 1).then(resolve, reject), BASE * 2 ** (3 - left));
            return;
          }
          reject(new Error('unavailable'));
          return;
        default:
          reject(new Error(String(status)));
      }
    };
    xhr.send(JSON.stringify(payload));
  });
}
`;

const dispatchTs = `declare function reply(): void;
export function handle(msg: { type: string }, depth = 0): void {
  switch (msg.type) {
    case 'ping':
      reply();
      return;
    default:
      if (depth < 3) setTimeout(() => handle(msg, depth + 1), 100);
  }
}
`;

ruleTester.run('no-fixed-sleep-retry with a switch on the answer', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: a switch on a message type, not on an answer', code: dispatchTs, filename: 'dispatch.ts' }],
  invalid: [
    {
      name: 'TypeScript: the default of a switch listing the success',
      code: defaultTs,
      filename: 'send.ts',
      errors: [{ messageId: 'fixedDelay', line: 9, column: 83, data: { what: '`send()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter with a switch on the answer', requireJitter, {
  valid: [{ name: 'TypeScript: the default of a switch listing the success waits a fixed time', code: defaultTs, filename: 'send.ts' }],
  invalid: [
    {
      name: 'JavaScript: a case group of failure codes',
      code: listedJs,
      filename: 'transform.js',
      errors: [{ messageId: 'missingJitter', line: 14, column: 30 }],
    },
  ],
});
