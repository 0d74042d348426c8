import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A reconnect whose count is compared with a limit that is Infinity (`reconnectAttempts >
 * this.maxReconnectAttempts`) counts nothing; but its owner may still end it from outside, by
 * clearing the timer the failure path arms (`unsubscribe()` → `disconnect()` →
 * `clearTimeout(this.reconnectTimeoutId)`). Before, the Infinity limit read as "never gives up"
 * before any such stop was looked for. A disconnect that only the failure path itself runs
 * (before it arms the timer again) stops nothing.
 */
const realtime = (owner: string) => `export class Realtime {
  private reconnectAttempts = 0;
  private maxReconnectAttempts = Infinity;
  private reconnectTimeoutId: ReturnType<typeof setTimeout> | undefined;
  private source: EventSource | null = null;
  private intervals = [200, 300, 500, 1000, 2000];

  async subscribe(): Promise<void> {
    await this.connect();
  }
${owner}
  private connect(): Promise<void> {
    return new Promise((resolve) => {
      this.source = new EventSource('/api/realtime');
      this.source.onerror = () => this.connectErrorHandler();
      this.source.onopen = () => {
        this.reconnectAttempts = 0;
        resolve();
      };
    });
  }

  private connectErrorHandler(): void {
    if (this.reconnectAttempts > this.maxReconnectAttempts) {
      this.disconnect();
      return;
    }
    this.disconnect(true);
    const timeout = this.intervals[this.reconnectAttempts] || this.intervals[this.intervals.length - 1];
    this.reconnectAttempts++;
    this.reconnectTimeoutId = setTimeout(() => {
      this.connect();
    }, timeout);
  }

  private disconnect(fromReconnect = false): void {
    clearTimeout(this.reconnectTimeoutId);
    this.source?.close();
    this.source = null;
    if (!fromReconnect) this.reconnectAttempts = 0;
  }
}
`;

const toJs = (code: string) =>
  code
    .replace(/private (\w+)(: [^=;]+)?( = [^;]+)?;\n/g, (_, name: string, _type: string, init: string | undefined) => `${name}${init ?? ' = undefined'};\n`)
    .replace(/private /g, '')
    .replace(/\): (Promise<void>|void) \{/g, ') {')
    .replace(/new Promise\(\(resolve\)/, 'new Promise((resolve)');

const unsubscribe = '\n  unsubscribe(): void {\n    this.disconnect();\n  }\n';
const stop = '\n  stop(): void {\n    clearTimeout(this.reconnectTimeoutId);\n  }\n';
const what = '`connect()` retrying itself through `connectErrorHandler()`';

ruleTester.run('no-unbounded-retry with an Infinity limit and an owner that stops', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: unsubscribe() runs the disconnect that clears the timer', code: realtime(unsubscribe), filename: 'realtime.ts' },
    { name: 'TypeScript: stop() clears the timer itself', code: realtime(stop), filename: 'realtime.ts' },
    { name: 'JavaScript: unsubscribe() runs the disconnect that clears the timer', code: toJs(realtime(unsubscribe)), filename: 'realtime.js' },
  ],
  invalid: [
    { name: 'TypeScript: only the failure path disconnects', code: realtime(''), filename: 'realtime.ts', errors: [{ messageId: 'unbounded', line: 32, column: 7, data: { what } }] },
    { name: 'JavaScript: only the failure path disconnects', code: toJs(realtime('')), filename: 'realtime.js', errors: [{ messageId: 'unbounded', line: 32, column: 7, data: { what } }] },
  ],
});

ruleTester.run('require-jitter with an Infinity limit and an owner that stops', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: the schedule stays, with the attempts unknown',
      code: realtime(unsubscribe),
      filename: 'realtime.ts',
      errors: [{ messageId: 'missingJitter', line: 36, column: 7, data: { what, delay: 'a schedule of 200 ms, 300 ms, 500 ms, 1 s then 2 s', attempts: 'an unknown number of attempts' } }],
    },
  ],
});

/** The same for a loop: `attempt < this.maxRetries` with Infinity, and a stop flag `stop()` sets. */
const poller = (check: string) => `import { fetchIt } from './api';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Poller {
  private stopped = false;
  private maxRetries = Infinity;

  async run(): Promise<unknown> {
    let attempt = 0;
    while (attempt < this.maxRetries) {
${check}      try {
        return await fetchIt();
      } catch {
        attempt++;
        await sleep(1000);
      }
    }
    return undefined;
  }

  stop(): void {
    this.stopped = true;
  }
}
`;

const loopJs = (code: string) => code.replace(/private /g, '').replace(/: Promise<unknown>|: void|: number/g, '');

ruleTester.run('no-unbounded-retry with an Infinity limit in a loop and an owner that stops', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: the loop leaves when stop() has set the flag', code: poller('      if (this.stopped) return undefined;\n'), filename: 'poller.ts' },
    { name: 'JavaScript: the loop leaves when stop() has set the flag', code: loopJs(poller('      if (this.stopped) return undefined;\n')), filename: 'poller.js' },
  ],
  invalid: [
    { name: 'TypeScript: the flag is never read', code: poller(''), filename: 'poller.ts', errors: [{ messageId: 'unbounded', line: 11, column: 5, data: { what: 'This retry loop' } }] },
    { name: 'JavaScript: the flag is never read', code: loopJs(poller('')), filename: 'poller.js', errors: [{ messageId: 'unbounded', line: 11, column: 5, data: { what: 'This retry loop' } }] },
  ],
});
