import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// Retries re-entered through a timer on the failure path: the failure schedules the work again
// (`.catch(() => setTimeout(() => this.pump(), wait))`, a setInterval that reconnects), directly
// or through a second function that leads back to the failed call. A work loop that goes on at
// once after a success and only after that timer after a failure retries its failed step.

const pool = `
class Pool {
  retryMs = 250;
  waiting: Array<() => void> = [];
  acquire(cb: () => void) {
    this.waiting.push(cb);
    this.pump();
  }
  pump() {
    if (this.waiting.length > 0) this.grow();
  }
  grow() {
    this.factory()
      .then(() => this.pump())
      .catch(() => {
        setTimeout(() => this.pump(), this.retryMs);
      });
  }
  factory(): Promise<void> { return Promise.resolve(); }
}
`;

const intervalReconnect = `
class Client {
  timer: ReturnType<typeof setInterval> | undefined;
  connect() {
    this.open().catch(() => {
      this.timer = setInterval(() => {
        this.connect();
      }, 1500);
    });
  }
  open(): Promise<void> { return Promise.resolve(); }
}
`;

const closedState = `
const CLOSED = 2;
class Stream {
  state = 0;
  start() {
    if (this.state === CLOSED) return;
    this.fetchOnce().catch(() => {
      setTimeout(() => this.start(), 3000);
    });
  }
  close() { this.state = CLOSED; }
  fetchOnce(): Promise<void> { return Promise.resolve(); }
}
`;

const boundWorker = `
function Worker(this: any) {}
Worker.prototype.run = function () {
  this.fetchJob().then(
    () => this.run(),
    () => {
      setTimeout(function (this: any) {
        this.run();
      }.bind(this), 5000);
    },
  );
};
`;

const bothWait = `
class Pool {
  waiting: Array<() => void> = [];
  acquire(cb: () => void) {
    this.waiting.push(cb);
    this.pump();
  }
  pump() {
    if (this.waiting.length > 0) this.grow();
  }
  grow() {
    this.factory()
      .then(() => setTimeout(() => this.pump(), 1000))
      .catch(() => {
        setTimeout(() => this.pump(), 1000);
      });
  }
  factory(): Promise<void> { return Promise.resolve(); }
}
`;

const neitherWaits = `
class Pool {
  waiting: Array<() => void> = [];
  acquire(cb: () => void) {
    this.waiting.push(cb);
    this.pump();
  }
  pump() {
    if (this.waiting.length > 0) this.grow();
  }
  grow() {
    this.factory()
      .then(() => this.pump())
      .catch(() => this.pump());
  }
  factory(): Promise<void> { return Promise.resolve(); }
}
`;

const countedFailures = `
const MAX_FAILURES = 5;
class Stream {
  failures = 0;
  start() {
    if (this.failures === MAX_FAILURES) return;
    this.fetchOnce().catch(() => {
      this.failures++;
      setTimeout(() => this.start(), 3000);
    });
  }
  fetchOnce(): Promise<void> { return Promise.resolve(); }
}
`;

const roomForMore = `
class Pool {
  used: unknown[] = [];
  creating: unknown[] = [];
  max = 10;
  retryMs = 200;
  acquire() {
    this.pump();
  }
  pump() {
    if (this.destroyed) return;
    if (this.roomForMore()) this.grow();
  }
  roomForMore() {
    return this.used.length + this.creating.length < this.max;
  }
  grow() {
    this.factory().then(() => this.pump(), () => {
      setTimeout(() => this.pump(), this.retryMs);
    });
  }
  destroyed = false;
  factory(): Promise<void> { return Promise.resolve(); }
}
`;

const copiedCounter = `
const MAX_ATTEMPTS = 4;
class Stream {
  attempt = 0;
  start(attempt = 0) {
    this.attempt = attempt;
    if (this.attempt === MAX_ATTEMPTS) return;
    this.fetchOnce().catch(() => {
      setTimeout(() => this.start(attempt + 1), 3000);
    });
  }
  fetchOnce(): Promise<void> { return Promise.resolve(); }
}
`;

const sleepsOnSuccess = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
class Pool {
  waiting: Array<() => void> = [];
  acquire(cb: () => void) {
    this.waiting.push(cb);
    this.pump();
  }
  pump() {
    if (this.waiting.length > 0) this.grow();
  }
  grow() {
    this.factory()
      .then(async () => {
        await sleep(1000);
        this.pump();
      })
      .catch(() => {
        setTimeout(() => this.pump(), 1000);
      });
  }
  factory(): Promise<void> { return Promise.resolve(); }
}
`;

const handedTheError = `
class Cluster {
  closing = false;
  connect(): Promise<void> {
    return this.discover()
      .then(() => {
        this.once('close', this.onFailure.bind(this));
      })
      .catch((err) => {
        this.onFailure(err);
        throw err;
      });
  }
  disconnect() {
    this.closing = true;
    this.onFailure();
  }
  onFailure(reason?: unknown) {
    if (this.closing) return;
    setTimeout(() => {
      this.connect().catch(() => {});
    }, 2000);
  }
  once(event: string, fn: () => void) {}
  discover(): Promise<void> { return Promise.resolve(); }
}
`;

const errorEventHandler = `
class Link {
  socket: any;
  open() {
    this.socket = dial();
    this.socket.on('error', this.onError.bind(this));
  }
  reset() {
    this.onError(new Error('reset'));
  }
  onError(err: Error) {
    setTimeout(() => this.open(), 750);
  }
}
declare function dial(): any;
`;

const endEventHandler = `
class Link {
  socket: any;
  open() {
    this.socket = dial();
    this.socket.on('end', this.onEnd.bind(this));
  }
  reset() {
    this.onEnd();
  }
  onEnd() {
    setTimeout(() => this.open(), 750);
  }
}
declare function dial(): any;
`;

const heartbeat = `
class Beat {
  start() {
    this.timer = setInterval(() => this.ping(), 1000);
  }
  ping() {
    this.send('PING').catch(() => this.restart());
  }
  restart() {
    clearInterval(this.timer);
    this.start();
  }
  timer: any;
  send(m: string): Promise<void> { return Promise.resolve(); }
}
`;

// Every mention of the function in between must be a call the analysis sees; any other mention
// (read out of the instance, read through `?.`) may run it on success too.
const pumpReadOut = pool.replace('  factory(): Promise<void>', '  drain() {\n    const { pump } = this;\n    queueMicrotask(pump);\n  }\n  factory(): Promise<void>');
const pumpReadOptionally = pool.replace('  factory(): Promise<void>', '  later() {\n    return this?.pump;\n  }\n  factory(): Promise<void>');
const privatePool = pool.replaceAll('this.pump()', 'this.#pump()').replace('  pump() {', '  #pump() {');
const privatePumpReadOut = privatePool.replace('  factory(): Promise<void>', '  later(other: Pool) {\n    return other.#pump;\n  }\n  factory(): Promise<void>');

ruleTester.run('no-fixed-sleep-retry on timer re-entries', noFixedSleepRetry, {
  valid: [
    { name: 'a pool that waits before pumping on success too: a poller', code: bothWait },
    { name: 'a pool that pumps at once on success and on failure: a drain, not a retry', code: neitherWaits },
    { name: 'a pool that sleeps in its success callback before pumping: a poller', code: sleepsOnSuccess },
    { name: 'a heartbeat restarted from a failed ping: the interval is not on the failure path', code: heartbeat },
    { name: 'a handler of a stream end that reopens on a timer, also called by reset(): more than a failure handler', code: endEventHandler },
    {
      name: 'a failure timer with a jittered wait',
      code: roomForMore.replace('this.retryMs);', 'this.retryMs + Math.random() * 100);'),
    },
    { name: 'the pump is also read out of the instance (`const { pump } = this`): it may run on success', code: pumpReadOut },
    { name: 'the pump is also read through `?.`: a mention that is not a call seen', code: pumpReadOptionally },
    { name: 'a private pump also read off another instance (`other.#pump`)', code: privatePumpReadOut },
  ],
  invalid: [
    {
      name: 'a pool that pumps at once on success and after a constant timer on failure, the pump also started by acquire()',
      code: pool,
      errors: [{ messageId: 'fixedDelay', line: 16, column: 26, endLine: 16, endColumn: 37, data: { what: '`grow()` retrying itself through `pump()`', delay: 'a fixed 250 ms', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a private pump (`this.#pump()`): its mentions are its three calls',
      code: privatePool,
      errors: [{ messageId: 'fixedDelay', line: 16, column: 26, endLine: 16, endColumn: 38, data: { what: '`grow()` retrying itself through `#pump()`', delay: 'a fixed 250 ms', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a setInterval on the failure path waits its period before each attempt',
      code: intervalReconnect,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 9, endLine: 7, endColumn: 23, data: { what: '`connect()` retrying itself', delay: 'a fixed 1.5 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a prototype method re-entered from a function bound to this inside the failure timer',
      code: boundWorker,
      errors: [{ messageId: 'fixedDelay', line: 8, column: 9, endLine: 8, endColumn: 19, data: { what: '`run()` retrying itself', delay: 'a fixed 5 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a failure counter compared with a named limit bounds the attempts',
      code: countedFailures,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 24, endLine: 9, endColumn: 36, data: { what: '`start()` retrying itself', delay: 'a fixed 3 s', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'the way back runs only while a predicate of the class compares counts: the wait is still fixed',
      code: roomForMore,
      errors: [{ messageId: 'fixedDelay', line: 19, column: 24, endLine: 19, endColumn: 35, data: { what: '`grow()` retrying itself through `pump()`', delay: 'a fixed 200 ms', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'the catch hands the error to a handler that reconnects on a timer; disconnect() calls the handler too',
      code: handedTheError,
      errors: [{ messageId: 'fixedDelay', line: 21, column: 7, endLine: 21, endColumn: 21, data: { what: '`connect()` retrying itself through `onFailure()`', delay: 'a fixed 2 s', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'an error-event handler that reopens on a timer, also called by reset()',
      code: errorEventHandler,
      errors: [{ messageId: 'fixedDelay', line: 12, column: 22, endLine: 12, endColumn: 33, data: { what: '`open()` retrying itself through `onError()`', delay: 'a fixed 750 ms', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry on timer re-entries', noUnboundedRetry, {
  valid: [
    { name: 'a failure counter compared with a named limit', code: countedFailures },
    { name: 'a member set from a counter is a count, not a state, when compared with a named limit', code: copiedCounter },
    { name: 'the way back runs only while a predicate of the class that compares counts allows it', code: roomForMore },
    { name: 'a pool that waits before pumping on success too: a poller', code: bothWait },
    { name: 'a pool that sleeps in its success callback before pumping: a poller', code: sleepsOnSuccess },
    // The owner's stop is an exit from the failure cycle (exits/external.ts): bounded, count unknown.
    { name: 'a state close() sets to a named constant, tested before each attempt, stops it', code: closedState },
    { name: 'a closing flag set by disconnect() stops a reconnect handed the error', code: handedTheError },
  ],
  invalid: [
    {
      name: 'a setInterval reconnect from the failure path with nothing that stops it',
      code: intervalReconnect,
      errors: [{ messageId: 'unbounded', line: 7, column: 9, endLine: 7, endColumn: 23, data: { what: '`connect()` retrying itself' } }],
    },
    {
      name: 'a pool re-entered on a failure timer while anyone waits',
      code: pool,
      errors: [{ messageId: 'unbounded', line: 16, column: 26, endLine: 16, endColumn: 37, data: { what: '`grow()` retrying itself through `pump()`' } }],
    },
  ],
});
