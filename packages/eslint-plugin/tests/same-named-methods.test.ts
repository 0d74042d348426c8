import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Two classes of one file with methods of the same names (`connect`, `scheduleReconnect`): a way
 * back in through a second method requires every mention of that method to be seen as a call
 * the analysis follows, and the mentions were counted by name over the whole file, so the other
 * class's `this.scheduleReconnect()` made neither reconnect visible. A mention that leads into
 * the other class's method of that name is that method's, not this one's.
 */

const transportsTs = `declare function openSocket(url: string): Promise<WebSocket>;
declare function openStream(url: string): Promise<ReadableStream>;

export class SocketTransport {
  private failures = 0;
  constructor(private readonly url: string) {}

  connect(): void {
    openSocket(this.url)
      .then(() => {
        this.failures = 0;
      })
      .catch(() => this.scheduleReconnect());
  }

  private scheduleReconnect(): void {
    this.failures++;
    setTimeout(() => this.connect(), Math.min(1000 * 2 ** this.failures, 30_000));
  }
}

export class StreamTransport {
  private failures = 0;
  constructor(private readonly url: string) {}

  connect(): void {
    openStream(this.url)
      .then(() => {
        this.failures = 0;
      })
      .catch(() => this.scheduleReconnect());
  }

  private scheduleReconnect(): void {
    this.failures++;
    setTimeout(() => this.connect(), 3000);
  }
}
`;

ruleTester.run('require-jitter with same-named methods in two classes', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: the socket transport backs off without jitter',
      code: transportsTs,
      filename: 'transports.ts',
      errors: [{ messageId: 'missingJitter', line: 18, column: 22, data: { what: '`connect()` retrying itself through `scheduleReconnect()`', delay: '1 s × 2^n, capped at 30 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with same-named methods in two classes', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: the stream transport waits a fixed 3 s',
      code: transportsTs,
      filename: 'transports.ts',
      errors: [{ messageId: 'fixedDelay', line: 36, column: 22, data: { what: '`connect()` retrying itself through `scheduleReconnect()`', delay: 'a fixed 3 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with same-named methods in two classes', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: neither transport gives up',
      code: transportsTs,
      filename: 'transports.ts',
      errors: [
        { messageId: 'unbounded', line: 18, column: 22 },
        { messageId: 'unbounded', line: 36, column: 22 },
      ],
    },
  ],
});
