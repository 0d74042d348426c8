import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A function of the file that puts the function it is handed on a timer (`later(task, ms) {
 * setTimeout(task, ms) }`, a method that calls `next.call(this)` from a timer inside a promise)
 * defers it as `setTimeout` does: a retry whose way back goes through it waits that timer. The
 * wait is its parameter read as each call hands it, or its own expression read in it (a count it
 * steps there grows the wait). Its name says nothing: `later`, `afterPause` or `delayAttempt` are
 * read by their code. A function handed over as a method (`this.afterPause(this.open)`) is
 * called through `call` or `apply` as by name.
 */

const laterTs = (wait: string) => `function later(task: () => void, ms: number): void {
  setTimeout(task, ms);
}

export function poll(url: string, attempt = 0): void {
  fetch(url)
    .then((res) => res.json())
    .then((body) => console.log(body))
    .catch(() => {
      if (attempt >= 5) return;
      later(() => poll(url, attempt + 1), ${wait});
    });
}
`;

const feedTs = (wait: string) => `export class Feed {
  private failures = 0;

  constructor(private readonly url: string) {}

  open(): void {
    const source = new EventSource(this.url);
    source.onopen = () => {
      this.failures = 0;
    };
    source.onerror = () => {
      source.close();
      this.afterPause(this.open);
    };
  }

  private afterPause(next: () => void): void {
    this.failures += 1;
    const pause = Math.min(30_000, 500 * 2 ** this.failures);
    setTimeout(() => next.call(this), ${wait});
  }
}
`;

const socketTs = (call: string) => `export class Socket {
  private ws: WebSocket | undefined;

  public async start(): Promise<void> {
    try {
      this.ws = new WebSocket(await this.url());
      this.ws.onclose = () => this.delayAttempt(this.start);
    } catch (e) {
      await this.delayAttempt(this.start);
    }
  }

  private delayAttempt<T>(cb: () => Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        ${call}.then(resolve).catch(reject);
      }, 5000);
    });
  }

  private async url(): Promise<string> {
    const res = await fetch('https://example.com/connect', { method: 'POST' });
    return (await res.json()).url;
  }
}
`;

const feedJitter = { messageId: 'missingJitter' as const, line: 13, column: 7, data: { what: '`open()` retrying itself', delay: '500 ms × 2^n, capped at 30 s', attempts: 'no limit on attempts' } };

ruleTester.run('require-jitter through a function that defers what it is handed', requireJitter, {
  valid: [
    { name: 'TypeScript: the deferring method draws the pause at random', code: feedTs('pause * (0.5 + Math.random() / 2)'), filename: 'feed.ts' },
    { name: 'TypeScript: the wait handed over drawn at random', code: laterTs('Math.random() * 1000 * 2 ** attempt'), filename: 'poll.ts' },
  ],
  invalid: [
    { name: 'TypeScript: a growing wait handed to the deferring function', code: laterTs('1000 * 2 ** attempt'), filename: 'poll.ts', errors: [{ messageId: 'missingJitter', line: 11, column: 19, data: { what: '`poll()` retrying itself', delay: '1 s × 2^n', attempts: 'up to 6 attempts' } }] },
    { name: 'TypeScript: the deferring method steps the count its pause grows with', code: feedTs('pause'), filename: 'feed.ts', errors: [feedJitter] },
  ],
});

ruleTester.run('no-fixed-sleep-retry through a function that defers what it is handed', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: a growing wait handed over', code: laterTs('1000 * 2 ** attempt'), filename: 'poll.ts' }],
  invalid: [
    { name: 'TypeScript: a fixed wait handed over', code: laterTs('2000'), filename: 'poll.ts', errors: [{ messageId: 'fixedDelay', line: 11, column: 19, data: { what: '`poll()` retrying itself', delay: 'a fixed 2 s', attempts: 'up to 6 attempts' } }] },
    ...['cb.apply(this)', 'cb.call(this)', 'cb()'].map((call) => ({
      name: `TypeScript: a method handed over and called as \`${call}\` from a timer in a promise`,
      code: socketTs(call),
      filename: 'socket.ts',
      errors: [{ messageId: 'fixedDelay' as const, line: 7, column: 31, data: { what: '`start()` retrying itself', delay: 'a fixed 5 s', attempts: 'no limit on attempts' } }],
    })),
  ],
});

// The deferring method may not make the call: its owner's flag, read in the timer, stops it.
const closingSocketTs = socketTs('cb.apply(this)').replace('  private ws: WebSocket | undefined;', '  private ws: WebSocket | undefined;\n  private closing = false;').replace('        cb.apply(this)', '        if (this.closing) return;\n        cb.apply(this)').replace('  private async url()', '  close(): void {\n    this.closing = true;\n    this.ws?.close();\n  }\n\n  private async url()');

ruleTester.run('no-fixed-sleep-retry through a deferring function that may not call', noFixedSleepRetry, {
  valid: [],
  invalid: [{ name: 'TypeScript: a flag its owner sets read in the timer', code: closingSocketTs, filename: 'socket.ts', errors: [{ messageId: 'fixedDelay', line: 8, column: 31, data: { what: '`start()` retrying itself', delay: 'a fixed 5 s', attempts: 'an unknown number of attempts' } }] }],
});

ruleTester.run('no-unbounded-retry through a function that defers what it is handed', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: given up after six attempts', code: laterTs('2000'), filename: 'poll.ts' },
    { name: 'TypeScript: a flag its owner sets read in the timer', code: closingSocketTs, filename: 'socket.ts' },
  ],
  invalid: [
    { name: 'TypeScript: a reconnect through a deferring method, never given up', code: feedTs('pause'), filename: 'feed.ts', errors: [{ messageId: 'unbounded', line: 13, column: 7 }] },
    { name: 'TypeScript: a method handed over and called through apply', code: socketTs('cb.apply(this)'), filename: 'socket.ts', errors: [{ messageId: 'unbounded', line: 7, column: 31 }] },
  ],
});
