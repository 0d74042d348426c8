import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A failover walk draws the next alternative at its start, goes on to the next one only when
// the attempt on this one failed, and returns on success: the steps are failover, not retries.
// When the draw is exhausted and the walk resets its source and calls itself again, every
// alternative has failed and the whole walk is retried: that call is a retry site, whose wait
// and limit come from what the exhausted branch does (a strategy option read through its
// defaults, a sleep). A walk that gives up when exhausted, or that waits for more items
// without starting over (a worker polling its queue), is not one.

/** Hosts walked by an iterator; once exhausted, the strategy's answer is the wait, a non-number stops. */
const hostWalk = (strategy: string) => `
const DEFAULTS = { retryStrategy: ${strategy} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
class HostWalker {
  options: typeof DEFAULTS;
  hosts: { next(): { done: boolean; value: string }; reset(): void };
  constructor(given: Partial<typeof DEFAULTS>, hosts: HostWalker['hosts']) {
    this.options = { ...DEFAULTS, ...given };
    this.hosts = hosts;
  }
  connect() {
    let rounds = 0;
    const tryHost = async (): Promise<string> => {
      const host = this.hosts.next();
      if (host.done) {
        this.hosts.reset();
        const wait = this.options.retryStrategy(++rounds);
        if (typeof wait === 'number') {
          await sleep(wait);
          return tryHost();
        }
        throw new Error('every host refused');
      }
      let socket: string | null = null;
      try {
        socket = await this.open(host.value);
      } catch (err) {
        console.warn(err);
      }
      if (socket) {
        return socket;
      } else {
        return tryHost();
      }
    };
    return tryHost();
  }
  async open(host: string): Promise<string> { return host; }
}
`;

/** The same, the strategy called only when it is a function (else null: retry disabled). */
const guardedHostWalk = (strategy: string) =>
  hostWalk(strategy).replace(
    'const wait = this.options.retryStrategy(++rounds);',
    "const wait = typeof this.options.retryStrategy === 'function' ? this.options.retryStrategy(++rounds) : null;",
  );

/** A function walking a list through a fresh iterator, a catch moving on, a fixed pause between rounds. */
const listWalk = (exhausted: string) => `
declare function dial(address: string): Promise<number>;
export async function reach(addresses: string[]): Promise<number> {
  let cursor = addresses[Symbol.iterator]();
  async function step(): Promise<number> {
    const next = cursor.next();
    if (next.done) {
${exhausted}
    }
    try {
      return await dial(next.value);
    } catch {
      return step();
    }
  }
  return step();
}
`;

const restartsForever = listWalk(`      cursor = addresses[Symbol.iterator]();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return step();`);
const restartsThrice = `let rounds = 0;\n${listWalk(`      if (++rounds > 3) throw new Error('no address answered');
      cursor = addresses[Symbol.iterator]();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return step();`)}`;
const givesUpWhenExhausted = listWalk(`      throw new Error('no address answered');`);

/** A worker taking jobs off a queue: when it is empty it waits for more, it does not start over. */
const queueWorker = `
declare function handle(job: string): Promise<string>;
const queue: string[] = [];
export async function work(): Promise<string> {
  const job = queue.shift();
  if (!job) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return work();
  }
  try {
    return await handle(job);
  } catch {
    return work();
  }
}
`;

/** The walk also goes on after a success: a loop over every host, not a failover. */
const everyHost = listWalk(`      cursor = addresses[Symbol.iterator]();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      return step();`).replace('      return await dial(next.value);', '      await dial(next.value);\n      return step();');

ruleTester.run('no-unbounded-retry on walks started over', noUnboundedRetry, {
  valid: [
    { name: 'a default strategy that answers null after ten rounds stops the walk', code: hostWalk('(n: number) => (n > 10 ? null : n * 10)') },
    { name: 'a strategy the caller passes may answer "stop"', code: hostWalk('undefined as unknown as (n: number) => number | null') },
    { name: 'a walk counting its rounds gives up after three', code: restartsThrice },
    { name: 'a strategy called when it is a function, whose default answers null after ten rounds', code: guardedHostWalk('(n: number) => (n > 10 ? null : n * 10)') },
    { name: 'a strategy called when it is a function, the caller\'s: it may be left out or answer "stop"', code: guardedHostWalk('undefined as unknown as (n: number) => number | null') },
    { name: 'a walk that throws once every address failed', code: givesUpWhenExhausted },
    { name: 'a queue worker waiting for more jobs does not start over', code: queueWorker },
    { name: 'a walk that goes on after a success visits every host', code: everyHost },
  ],
  invalid: [
    {
      name: 'a default strategy that always answers a number: the walk is started over forever',
      code: hostWalk('(n: number) => Math.min(n * 10, 1000)'),
      errors: [{ messageId: 'unbounded', line: 20, column: 18, endLine: 20, endColumn: 27 }],
    },
    {
      name: 'a strategy called when it is a function, whose default always answers a number',
      code: guardedHostWalk('(n: number) => Math.min(n * 10, 1000)'),
      errors: [{ messageId: 'unbounded', line: 20, column: 18, endLine: 20, endColumn: 27 }],
    },
    {
      name: 'a fresh iterator and a pause, with no count: started over forever',
      code: restartsForever,
      errors: [{ messageId: 'unbounded', line: 10, column: 14, endLine: 10, endColumn: 20 }],
    },
  ],
});

ruleTester.run('require-jitter on walks started over', requireJitter, {
  valid: [
    { name: 'a jittered default strategy', code: hostWalk('(n: number) => Math.min(n * 10, 1000) + Math.random() * 50') },
    { name: 'a strategy the caller passes: the wait is not known', code: hostWalk('undefined as unknown as (n: number) => number | null') },
    { name: 'a queue worker is not a retry', code: queueWorker },
  ],
  invalid: [
    {
      name: 'a linear default strategy: every client starts over in step',
      code: hostWalk('(n: number) => Math.min(n * 10, 1000)'),
      errors: [{ messageId: 'missingJitter', line: 20, column: 18, endLine: 20, endColumn: 27 }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on walks started over', noFixedSleepRetry, {
  valid: [
    { name: 'the step to the next address is failover, not a retry', code: givesUpWhenExhausted },
    { name: 'a queue worker polls', code: queueWorker },
  ],
  invalid: [
    {
      name: 'the same pause before each round',
      code: restartsForever,
      errors: [{ messageId: 'fixedDelay', line: 10, column: 14, endLine: 10, endColumn: 20 }],
    },
  ],
});
