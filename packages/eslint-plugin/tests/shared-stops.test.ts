import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A stop in a function the failure path also calls: `disconnect()` clears the reconnect timer,
 * and the failure handler calls it (before it arms the next timer) as the owner's
 * `unsubscribe()` does. From the owner it cancels the pending reconnect: a stop decided outside
 * the cycle, with a count nobody can name. Before, a clear in a function the cycle calls was
 * never a stop. A caller that goes back into the cycle (`restart()` calling `connect()` after
 * it) restarts the reconnect, it does not stop it.
 */
const owned = `export class Realtime {
  private source: EventSource | null = null;
  private attempts = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private readonly intervals = [200, 300, 500, 1000, 1200, 1500, 2000];
  constructor(private readonly url: string) {}
  subscribe(): void {
    this.connect();
  }
  unsubscribe(): void {
    this.disconnect();
  }
  private connect(): void {
    this.disconnect(true);
    const source = new EventSource(this.url);
    this.source = source;
    source.onopen = () => {
      this.attempts = 0;
    };
    source.onerror = () => this.onConnectError();
  }
  private onConnectError(): void {
    this.disconnect(true);
    const timeout = this.intervals[this.attempts] || this.intervals[this.intervals.length - 1];
    this.attempts++;
    this.timer = setTimeout(() => {
      this.connect();
    }, timeout);
  }
  private disconnect(fromReconnect = false): void {
    clearTimeout(this.timer);
    this.source?.close();
    this.source = null;
    if (!fromReconnect) this.attempts = 0;
  }
}
`;
const noOwner = owned.replace('  unsubscribe(): void {\n    this.disconnect();\n  }\n', '');
const restarts = owned.replace('  unsubscribe(): void {\n    this.disconnect();\n  }\n', '  restart(): void {\n    this.disconnect();\n    this.connect();\n  }\n');

ruleTester.run('no-unbounded-retry on a stop the failure path also calls', noUnboundedRetry, {
  valid: [{ name: "TypeScript: the owner's unsubscribe() calls the disconnect() that clears the timer", code: owned, filename: 'realtime.ts' }],
  invalid: [
    { name: 'TypeScript: only the failure path calls disconnect()', code: noOwner, filename: 'realtime.ts', errors: [{ messageId: 'unbounded', line: 24, column: 7 }] },
    { name: 'TypeScript: the other caller connects again after it', code: restarts, filename: 'realtime.ts', errors: [{ messageId: 'unbounded', line: 28, column: 7 }] },
  ],
});
