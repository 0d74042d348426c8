import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A handler registered through a method for a failure event (`client.onClose(() => …)`,
 * `client.onError(…)`) runs on failure, as `ws.onclose = () => …` does: the timer in it is the
 * wait between attempts. Its handle cleared when the next connection opens does not make it a
 * deadline of the attempt (it was read as one, and the reconnect as "retries at once"). A count
 * set anew when a connection opens (`retries = 0`) is not moved by the failing attempt: a check
 * `retries < 8` before `retries += 1` allows 9 attempts.
 */

const channelJs = (wait: string) => `let retries = 0;
let pending;

export function connect(url, onMessage) {
  const client = new Channel(url);
  client.onOpen(() => {
    retries = 0;
    if (pending) clearTimeout(pending);
  });
  client.onMessage(onMessage);
  client.onClose(() => {
    if (retries < 8) {
      const wait = ${wait};
      retries += 1;
      pending = setTimeout(() => connect(url, onMessage), wait);
    }
  });
}
`;

const feedTs = `import { Client } from './client';

export class Feed {
  private client: Client | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  open(topic: string): void {
    this.client = new Client(topic);
    this.client.onReady(() => clearTimeout(this.timer));
    this.client.onError(() => {
      this.timer = setTimeout(() => this.open(topic), 2000);
    });
  }
}
`;

ruleTester.run('require-jitter with handlers registered by method', requireJitter, {
  valid: [{ name: 'JavaScript: a full-jitter wait', code: channelJs('Math.random() * 1000 * 2 ** retries'), filename: 'channel.js' }],
  invalid: [
    {
      name: 'JavaScript: a close handler doubling its wait, the count set anew on open',
      code: channelJs('1000 * 2 ** retries'),
      filename: 'channel.js',
      errors: [{ messageId: 'missingJitter', line: 15, column: 34, data: { what: '`connect()` retrying itself', delay: '1 s × 2^n', attempts: 'up to 9 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with handlers registered by method', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'JavaScript: a close handler with a fixed wait',
      code: channelJs('1000'),
      filename: 'channel.js',
      errors: [{ messageId: 'fixedDelay', line: 15, column: 34, data: { what: '`connect()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 9 attempts' } }],
    },
    {
      name: 'TypeScript: an error handler with a fixed wait',
      code: feedTs,
      filename: 'feed.ts',
      errors: [{ messageId: 'fixedDelay', line: 11, column: 37, data: { what: '`open()` retrying itself', delay: 'a fixed 2 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with handlers registered by method', noUnboundedRetry, {
  valid: [{ name: 'JavaScript: a close handler with a count', code: channelJs('1000'), filename: 'channel.js' }],
  invalid: [{ name: 'TypeScript: an error handler with no count', code: feedTs, filename: 'feed.ts', errors: [{ messageId: 'unbounded', line: 11, column: 37 }] }],
});
