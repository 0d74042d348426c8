import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A buffer a timer drains on a period, where the failure path of the send puts the items back
 * (`catch { this.buffer.unshift(...batch) }`, a `.catch()` handler, a method they call): the next
 * tick sends them again, so the period is the wait between attempts, the same every time. Items
 * put back under a count go round a number of times the analysis does not read; with none, for
 * ever. Items put back on the success path (new work), or into another store (dead letters),
 * are no retry.
 */
const buffer = (put: string, failure: 'catch' | 'handler' | 'success', period = 'config.flushInterval') => `import { putEvents } from './client';

interface Buffered { id: string; resendLimit: number }

export class EventBuffer {
  private buffer: Buffered[] = [];
  private failed: Buffered[] = [];

  constructor(private readonly config: { flushInterval: number; flushSize: number }) {
    setInterval(() => this.sendBatch(), ${period});
  }

  private sendBatch(): void {
    const batch = this.buffer.splice(0, this.config.flushSize);
    if (batch.length === 0) return;
${
  failure === 'catch'
    ? `    putEvents(batch).then(() => undefined, () => this.retry(batch));`
    : failure === 'handler'
      ? `    putEvents(batch).catch(() => {\n      ${put}\n    });`
      : `    putEvents(batch).then((more: Buffered[]) => {\n      this.buffer.push(...more);\n    });`
  }
  }

  private retry(events: Buffered[]): void {
    ${put}
  }
}
`;

const flusher = (put: string) => `export class Flusher {
  constructor(send, period) {
    this.queue = [];
    this.send = send;
    setInterval(this.flush.bind(this), 1000);
  }

  async flush() {
    const item = this.queue.shift();
    if (!item) return;
    try {
      await this.send(item);
    } catch (err) {
      ${put}
    }
  }
}
`;

const what = 'This periodic flush putting failed items back into `this.buffer`';

ruleTester.run('no-fixed-sleep-retry with a periodic flush that puts failed items back', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: items the send answers put back on the success path (new work)', code: buffer('', 'success'), filename: 'buffer.ts' },
    { name: 'TypeScript: failed items moved to another store (dead letters)', code: buffer('this.failed.push(...events);', 'catch'), filename: 'buffer.ts' },
    { name: 'JavaScript: the failed item logged, not put back', code: flusher('console.error(err, item);'), filename: 'flusher.js' },
  ],
  invalid: [
    {
      name: 'TypeScript: a rejection handler calls a method that puts back what is left under a count',
      code: buffer('this.buffer.unshift(...events.filter((e) => e.resendLimit-- > 0));', 'catch'),
      filename: 'buffer.ts',
      errors: [{ messageId: 'fixedDelay', line: 20, column: 5, data: { what, delay: '`config.flushInterval` (the same every time)', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'TypeScript: a .catch() handler puts the batch back, with a literal period',
      code: buffer('this.buffer.unshift(...batch);', 'handler', '5000'),
      filename: 'buffer.ts',
      errors: [{ messageId: 'fixedDelay', line: 17, column: 7, data: { what, delay: 'a fixed 5 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'JavaScript: a catch pushes the item back, the tick bound to this',
      code: flusher('this.queue.push(item);'),
      filename: 'flusher.js',
      errors: [{ messageId: 'fixedDelay', line: 14, column: 7, data: { what: 'This periodic flush putting failed items back into `this.queue`', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a periodic flush that puts failed items back', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: put back only under a count', code: buffer('this.buffer.unshift(...events.filter((e) => e.resendLimit-- > 0));', 'catch'), filename: 'buffer.ts' },
    { name: 'TypeScript: failed items moved to another store', code: buffer('this.failed.push(...events);', 'catch'), filename: 'buffer.ts' },
  ],
  invalid: [
    {
      name: 'TypeScript: the batch goes back with no count',
      code: buffer('if (batch.length > 0) this.buffer.unshift(...batch);', 'handler', '5000'),
      filename: 'buffer.ts',
      errors: [{ messageId: 'unbounded', line: 17, column: 29, data: { what } }],
    },
    {
      name: 'JavaScript: the item goes back with no count',
      code: flusher('this.queue.push(item);'),
      filename: 'flusher.js',
      errors: [{ messageId: 'unbounded', line: 14, column: 7, data: { what: 'This periodic flush putting failed items back into `this.queue`' } }],
    },
  ],
});
