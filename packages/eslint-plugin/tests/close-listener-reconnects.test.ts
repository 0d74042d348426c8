import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noNestedRetry from '../src/rules/no-nested-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * One scheduler for two ways back into `connect()`: its own catch, and a connection's close
 * listener that a success sets up (`watch`). Three readings, each general:
 * - The way through the listener goes round only when the connection fails: a failure's way
 *   back, not the task's schedule (it was read as a periodic task carrying on whatever
 *   happened, and the whole reconnect was dropped).
 * - `watch` is not retried: it only enters the retry that `connect` and the scheduler make of
 *   their own (they call each other). It was a second site, "`watch()` retrying itself", and
 *   each was reported as nesting the other.
 * - `const attempt = this.attempt + 1; this.attempt = attempt;` steps the member as
 *   `this.attempt += 1` does: the wait grows with it.
 * And an option read as `source.maxRetries == null ? Infinity : toNumber(source.maxRetries)`
 * is Infinity when the caller leaves it out, as `opts.x === undefined ? D : opts.x` is.
 */

const linkTs = `import { EventEmitter } from 'node:events';

interface Connection extends EventEmitter {
  close(): Promise<void>;
}

declare function openConnection(url: string): Promise<Connection>;

/** Reconnects after a failed connect and after a dropped connection, through one scheduler. */
export class Link extends EventEmitter {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly url: string) {
    super();
    void this.connect();
  }

  private watch(connection: Connection): void {
    connection.on('close', (reason?: Error) => {
      if (this.stopped) return;
      this.emit('disconnect', reason);
      this.scheduleReconnect();
    });
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    try {
      const connection = await openConnection(this.url);
      this.attempt = 0;
      this.watch(connection);
      this.emit('connect', connection);
    } catch (err) {
      this.emit('connect-failed', err);
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (this.timer) return;
    const attempt = this.attempt + 1;
    this.attempt = attempt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, Math.min(30_000, 250 * 2 ** attempt));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}
`;

/** JavaScript: a jittered reconnect whose limit is an option that, left out, is no limit. */
const recoveringJs = `const EventEmitter = require('node:events');

function toNumber(value, fallback) {
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
}

// Options filled in once: a limit left out is no limit.
function recoveryOptions(given) {
  const source = given || {};
  const retries = source.maxRetries == null ? Infinity : toNumber(source.maxRetries, Infinity);
  return {
    delay: Math.max(0, toNumber(source.delay, 1000)),
    maxRetries: retries < 0 ? 0 : retries,
  };
}

class Recovering extends EventEmitter {
  constructor(open, recovery) {
    super();
    this.open = open;
    this.recovery = recoveryOptions(recovery);
    this.attempt = 0;
    this.timer = null;
    this.connect();
  }

  async connect() {
    try {
      this.model = await this.open();
      this.attempt = 0;
    } catch (err) {
      this.schedule(err);
    }
  }

  schedule(err) {
    if (this.timer) return;
    if (this.attempt >= this.recovery.maxRetries) {
      this.emit('gave-up', err);
      return;
    }
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, this.recovery.delay + Math.random() * 100);
  }
}

module.exports = { Recovering };
`;

ruleTester.run('require-jitter with a reconnect entered from a close listener', requireJitter, {
  valid: [{ name: 'JavaScript: jittered, through normalised options', code: recoveringJs, filename: 'recovering.js' }],
  invalid: [
    {
      name: 'TypeScript: exponential through a member stepped by way of a const',
      code: linkTs,
      filename: 'link.ts',
      errors: [{ messageId: 'missingJitter', line: 47, column: 12, data: { what: '`connect()` retrying itself through `scheduleReconnect()`', delay: '250 ms × 2^n, capped at 30 s', attempts: 'an unknown number of attempts' } }],
    },
  ],
});

ruleTester.run('no-nested-retry with a reconnect entered from a close listener', noNestedRetry, {
  valid: [
    { name: 'TypeScript: the listener only enters the retry of connect()', code: linkTs, filename: 'link.ts' },
    { name: 'JavaScript: one retry through a scheduler', code: recoveringJs, filename: 'recovering.js' },
  ],
  invalid: [],
});

ruleTester.run('no-fixed-sleep-retry with a reconnect entered from a close listener', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: a growing wait', code: linkTs, filename: 'link.ts' },
    { name: 'JavaScript: a jittered wait', code: recoveringJs, filename: 'recovering.js' },
  ],
  invalid: [],
});

ruleTester.run('no-unbounded-retry with a reconnect entered from a close listener', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: stop() ends it', code: linkTs, filename: 'link.ts' }],
  invalid: [
    {
      name: 'JavaScript: maxRetries left out is Infinity',
      code: recoveringJs,
      filename: 'recovering.js',
      errors: [{ messageId: 'unbounded', line: 46, column: 7, data: { what: '`connect()` retrying itself through `schedule()`' } }],
    },
  ],
});
