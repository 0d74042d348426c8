import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A failed call queued again and re-entered from a timer that drains the queue (requeue.ts): the
// failure path stores the function's own input and schedules a drain, possibly through two
// helpers (`retryLater()` → `arm(wait)` → setTimeout → `deliver(next)`), with the wait kept in a
// variable of the code around them that the failure path doubles. A success drains the same
// queue (the next item): that is no poller, since what went back in is the failed input.

const outbox = `
export function makeOutbox(transport: { post(x: unknown): Promise<unknown> }, box: { shift(): Promise<unknown>; push(x: unknown): Promise<void>; unshift(x: unknown): Promise<void> }) {
  let backoff = 2000;
  let armed: ReturnType<typeof setTimeout> | undefined;
  function arm(ms: number) {
    if (armed) clearTimeout(armed);
    armed = setTimeout(async () => {
      armed = undefined;
      const next = await box.shift();
      if (next) void deliver(next, true).catch(() => {});
    }, ms);
  }
  function retryLater() {
    if (armed) return;
    arm(backoff);
    backoff = Math.min(backoff * 2, 60000);
  }
  async function deliver(item: unknown, again = false): Promise<unknown> {
    try {
      const res = await transport.post(item);
      arm(100);
      backoff = 2000;
      return res;
    } catch (err) {
      if (again) await box.unshift(item);
      else await box.push(item);
      retryLater();
      return undefined;
    }
  }
  return { deliver, flush: () => { backoff = 2000; arm(0); } };
}
`;

const oneHelper = `
const pending: Array<string> = [];
let pause = 500;
function drainLater(wait: number) {
  setTimeout(() => {
    const line = pending.shift();
    if (line !== undefined) write(line);
  }, wait);
}
async function write(line: string) {
  try {
    await upload(line);
  } catch {
    pending.push(line);
    drainLater(pause);
    pause *= 3;
  }
}
declare function upload(line: string): Promise<void>;
`;

const steadyPause = `
const RETRY_MS = 4000;
const pending: Array<string> = [];
function drainLater(wait: number) {
  setTimeout(() => {
    const line = pending.shift();
    if (line !== undefined) write(line);
  }, wait);
}
async function write(line: string) {
  try {
    await upload(line);
    drainLater(10);
  } catch {
    pending.unshift(line);
    drainLater(RETRY_MS);
  }
}
declare function upload(line: string): Promise<void>;
`;

const classQueue = `
class Sender {
  jobs: string[] = [];
  delay = 1000;
  private later() {
    this.tick(this.delay);
  }
  private tick(ms: number) {
    setTimeout(() => {
      const job = this.jobs.shift();
      if (job) this.send(job);
    }, ms);
  }
  async send(job: string) {
    try {
      await post(job);
      this.tick(50);
    } catch {
      this.jobs.unshift(job);
      this.later();
    }
  }
}
declare function post(job: string): Promise<void>;
`;

// The failure path does not put the failed input back: the drain sends the next one.
const dropsTheFailed = outbox.replace(`      if (again) await box.unshift(item);
      else await box.push(item);
`, '');

// The failed input goes to another store than the one the timer drains.
const deadLetters = outbox.replace('else await box.push(item);', 'else await dead.push(item);').replace('if (again) await box.unshift(item);', 'if (again) await dead.unshift(item);').replace('export function', 'declare const dead: { push(x: unknown): Promise<void>; unshift(x: unknown): Promise<void> };\nexport function');

// The wait is drawn at random each time it grows.
const jittered = outbox.replace('backoff = Math.min(backoff * 2, 60000);', 'backoff = Math.min(backoff * 2, 60000) * (0.5 + Math.random());');

// The wait is also set to what a caller hands flush(): not known.
const handedWait = outbox.replace('flush: () => { backoff = 2000; arm(0); }', 'flush: (hint: number) => { backoff = hint; arm(0); }');

// A count of failures in a row that gives up.
const countedFailures = outbox
  .replace('let backoff = 2000;', 'let backoff = 2000;\n  let failures = 0;')
  .replace('    } catch (err) {\n', '    } catch (err) {\n      if (++failures > 8) throw err;\n');

// Two helpers that come straight back in, no timer: a reset of state, not a retry.
const resetState = `
class Session {
  busy = false;
  read(): string | null {
    try {
      return JSON.parse(load());
    } catch {
      this.reset();
      return null;
    }
  }
  reset() {
    this.mark(false);
  }
  mark(busy: boolean) {
    if (busy) {
      const current = this.read();
      if (current) return;
    }
    this.busy = busy;
  }
}
declare function load(): string;
`;

ruleTester.run('require-jitter on requeued failures', requireJitter, {
  valid: [
    { name: 'the failed input is not queued again: the drain sends the next one', code: dropsTheFailed },
    { name: 'the failed input goes to another store than the one drained', code: deadLetters },
    { name: 'the wait grows with a random factor', code: jittered },
    { name: 'the wait is also set to what a caller hands over: not known', code: handedWait },
    { name: 'a wait kept in a member the analysis does not follow through two helpers', code: classQueue },
    { name: 'two helpers that come straight back in without a timer: a reset of state', code: resetState },
    { name: 'a steady wait is not a growing one', code: steadyPause },
  ],
  invalid: [
    {
      name: 'a queue drained on a timer through two helpers, the wait doubled by the middle one, a success draining too',
      code: outbox,
      errors: [{ messageId: 'missingJitter', line: 27, column: 7, endLine: 27, endColumn: 19, data: { what: '`deliver()` retrying itself through `retryLater()`', delay: '2 s × 2^n, capped at 1 min', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a queue drained on a timer through one helper, the wait tripled by the failure path',
      code: oneHelper,
      errors: [{ messageId: 'missingJitter', line: 7, column: 29, endLine: 7, endColumn: 40, data: { what: '`write()` retrying itself through `drainLater()`', delay: '500 ms × 3^n', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry on requeued failures', noUnboundedRetry, {
  valid: [
    { name: 'the failed input is not queued again: the drain sends the next one', code: dropsTheFailed },
    { name: 'the failed input goes to another store than the one drained', code: deadLetters },
    { name: 'a count of failures in a row that throws', code: countedFailures },
    { name: 'two helpers that come straight back in without a timer: a reset of state', code: resetState },
  ],
  invalid: [
    {
      name: 'a queue drained on a timer through two helpers, nothing counting',
      code: outbox,
      errors: [{ messageId: 'unbounded', line: 27, column: 7, endLine: 27, endColumn: 19, data: { what: '`deliver()` retrying itself through `retryLater()`' } }],
    },
    {
      name: 'the same with a random wait: still never gives up',
      code: jittered,
      errors: [{ messageId: 'unbounded', line: 27, column: 7, endLine: 27, endColumn: 19, data: { what: '`deliver()` retrying itself through `retryLater()`' } }],
    },
    {
      name: 'methods of a class, the failed job put back at the front of a member queue',
      code: classQueue,
      errors: [{ messageId: 'unbounded', line: 20, column: 7, endLine: 20, endColumn: 19, data: { what: '`send()` retrying itself through `later()`' } }],
    },
    {
      name: 'a queue drained on a timer through one helper, success draining the next line',
      code: steadyPause,
      errors: [{ messageId: 'unbounded', line: 7, column: 29, endLine: 7, endColumn: 40, data: { what: '`write()` retrying itself through `drainLater()`' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on requeued failures', noFixedSleepRetry, {
  valid: [
    { name: 'a wait doubled on each failure', code: outbox },
    { name: 'the failed input is not queued again', code: dropsTheFailed.replace('arm(backoff);', 'arm(3000);') },
  ],
  invalid: [
    {
      name: 'a steady wait kept in a constant of the module, handed to the drain helper',
      code: steadyPause,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 29, endLine: 7, endColumn: 40, data: { what: '`write()` retrying itself through `drainLater()`', delay: 'a fixed 4 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

// Two helpers between a failure and the way back, each used there only: a wait written at the call.
const twoHelpers = `
class Link {
  connect() {
    this.open().catch(() => this.scheduleReconnect());
  }
  private scheduleReconnect() {
    this.arm(2500);
  }
  private arm(ms: number) {
    setTimeout(() => this.connect(), ms);
  }
  open(): Promise<void> { return Promise.resolve(); }
}
`;

// The last helper starts a setInterval that calls back in: a periodic schedule started over.
const intervalRestarted = twoHelpers.replace('setTimeout(() => this.connect(), ms);', 'setInterval(() => this.connect(), ms);');

// The middle helper is also how the link starts: more than a failure's way back.
const startsThroughTheMiddle = twoHelpers.replace('  connect() {', '  start() {\n    this.scheduleReconnect();\n  }\n  connect() {');

ruleTester.run('no-fixed-sleep-retry through two helpers', noFixedSleepRetry, {
  valid: [{ name: 'the middle helper also starts the link where nothing failed', code: startsThroughTheMiddle }],
  invalid: [
    {
      name: 'a reconnect through two helpers on a timer, the wait a number written at the call',
      code: twoHelpers,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 29, endLine: 4, endColumn: 53, data: { what: '`connect()` retrying itself through `scheduleReconnect()`', delay: 'a fixed 2.5 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry through two helpers', noUnboundedRetry, {
  valid: [
    { name: 'the middle helper also starts the link where nothing failed', code: startsThroughTheMiddle },
    { name: 'the last helper starts an interval: a periodic schedule started over, not one more attempt', code: intervalRestarted },
  ],
  invalid: [
    {
      name: 'a reconnect through two helpers on a timer with nothing that stops it',
      code: twoHelpers,
      errors: [{ messageId: 'unbounded', line: 4, column: 29, endLine: 4, endColumn: 53, data: { what: '`connect()` retrying itself through `scheduleReconnect()`' } }],
    },
  ],
});
