import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// A connect re-entered through an event: the connect opens a source and listens for its failure,
// and the listener — by emitting the event on the instance to a listener the instance set on
// itself, then through methods of the class — puts the connect back on a timer. (A listener
// that calls the connect itself, or through one method, is the recursion's own reading.)

const reEmitted = `
class Broker {
  period = 1000;
  stopped = false;
  timer: ReturnType<typeof setInterval> | null = null;
  socket: any;
  constructor() {
    this.on('close', () => {
      this.report('offline');
      this.scheduleReconnect();
    });
  }
  connect() {
    this.clearReconnect();
    this.socket = this.openSocket();
    this.socket.on('close', () => {
      this.emit('close');
    });
  }
  scheduleReconnect() {
    if (!this.stopped && !this.timer && this.period > 0) {
      this.timer = setInterval(() => {
        this.reconnect();
      }, this.period);
    }
  }
  reconnect() {
    this.report('reconnecting');
    this.connect();
  }
  clearReconnect() {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
  on(event: string, fn: () => void) {}
  emit(event: string) {}
  report(what: string) {}
  openSocket(): any { return null; }
}
`;

const errorInCallback = `
const RETRY_MS = 3000;
class Store {
  constructor() {
    this.on('error', () => this.retryLater());
  }
  connect() {
    this.open((err: Error | null, sock: any) => {
      if (err) return;
      sock.once('error', (e: Error) => this.emit('error', e));
    });
  }
  retryLater() {
    setTimeout(() => this.connect(), RETRY_MS);
  }
  on(event: string, fn: () => void) {}
  emit(event: string, e: Error) {}
  open(cb: (err: Error | null, sock: any) => void) {}
}
`;

const twoMethods = `
class Feed {
  conn: any;
  attempts = 0;
  connect() {
    this.conn = this.dial();
    this.conn.on('close', this.handleClose.bind(this));
  }
  handleClose() {
    this.conn = null;
    this.scheduleRetry();
  }
  scheduleRetry() {
    setTimeout(() => this.connect(), Math.min(100 * 2 ** this.attempts++, 10000));
  }
  dial(): any { return null; }
}
`;

const counted = `
class Link {
  attempts = 0;
  sock: any;
  constructor() {
    this.on('close', () => this.retry());
  }
  connect() {
    this.sock = this.dial();
    this.sock.on('close', () => this.emit('close'));
  }
  retry() {
    if (this.attempts++ >= 5) return;
    setTimeout(() => this.connect(), 2000);
  }
  on(event: string, fn: () => void) {}
  emit(event: string) {}
  dial(): any { return null; }
}
`;

const countedElsewhere = `
class Link {
  retriesLeft = 5;
  sock: any;
  constructor() {
    this.on('close', () => this.retry());
  }
  connect() {
    this.sock = this.dial();
    this.sock.on('close', () => this.emit('close'));
  }
  retry() {
    if (!this.retriesLeft) return;
    this.retriesLeft = this.retriesLeft - 1;
    setTimeout(() => this.connect(), 2000);
  }
  on(event: string, fn: () => void) {}
  emit(event: string) {}
  dial(): any { return null; }
}
`;

// Look-alikes.
const onlyReports = `
class Client {
  socket: any;
  constructor() {
    this.on('error', (err: Error) => console.error('client error', err));
  }
  connect() {
    this.socket = this.openSocket();
    this.socket.on('error', (err: Error) => this.emit('error', err));
    setTimeout(() => this.ping(), 1000);
  }
  ping() {}
  on(event: string, fn: (err: Error) => void) {}
  emit(event: string, err: Error) {}
  openSocket(): any { return null; }
}
`;

const onceBehindFlag = `
class Link {
  scheduled = false;
  sock: any;
  constructor() {
    this.on('close', () => this.retry());
  }
  connect() {
    this.sock = this.dial();
    this.sock.on('close', () => this.emit('close'));
  }
  retry() {
    if (this.scheduled) return;
    this.scheduled = true;
    setTimeout(() => this.connect(), 1000);
  }
  on(event: string, fn: () => void) {}
  emit(event: string) {}
  dial(): any { return null; }
}
`;

const handedSource = `
class Session {
  constructor() {
    this.on('close', () => this.retry());
  }
  connect(sock: any) {
    sock.on('close', () => this.emit('close'));
  }
  retry() {
    setTimeout(() => this.connect(this.dial()), 1000);
  }
  on(event: string, fn: () => void) {}
  emit(event: string) {}
  dial(): any { return null; }
}
`;

const atOnce = `
class Session {
  sock: any;
  constructor() {
    this.on('close', () => this.reopen());
  }
  connect() {
    this.sock = this.dial();
    this.sock.on('close', () => this.emit('close'));
  }
  reopen() {
    this.log('reopening');
    this.connect();
  }
  log(s: string) {}
  on(event: string, fn: () => void) {}
  emit(event: string) {}
  dial(): any { return null; }
}
`;

const endedNormally = `
class Player {
  stream: any;
  constructor() {
    this.on('end', () => this.next());
  }
  play() {
    this.stream = this.open();
    this.stream.on('end', () => this.emit('end'));
  }
  next() {
    setTimeout(() => this.play(), 500);
  }
  on(event: string, fn: () => void) {}
  emit(event: string) {}
  open(): any { return null; }
}
`;

const otherWorkOnTimer = `
class Watcher {
  sock: any;
  constructor() {
    this.on('close', () => this.later());
  }
  connect() {
    this.sock = this.open();
    this.sock.on('close', () => this.emit('close'));
  }
  later() {
    setTimeout(() => this.cleanup(), 1000);
  }
  cleanup() { this.sock = null; }
  on(event: string, fn: () => void) {}
  emit(event: string) {}
  open(): any { return null; }
}
`;

const lookAlikes = [
  { name: 'a re-emitted failure whose own listener only reports it', code: onlyReports },
  { name: 'a reconnect once behind a flag the connect never clears', code: onceBehindFlag },
  { name: 'a source the connect was handed, not one it opened', code: handedSource },
  { name: 'a re-emitted close whose listener reconnects at once (no timer: not claimed)', code: atOnce },
  { name: "a stream's 'end' re-emitted (a normal end, not a failure)", code: endedNormally },
  { name: 'a timer on the close path that does not reach the connect', code: otherWorkOnTimer },
];

ruleTester.run('no-fixed-sleep-retry on connects re-entered through events', noFixedSleepRetry, {
  valid: [...lookAlikes, { name: 'a growing wait kept on the instance', code: twoMethods }],
  invalid: [
    {
      name: "the source's close re-emitted on the instance, whose own listener schedules the reconnect on an interval",
      code: reEmitted,
      errors: [{ messageId: 'fixedDelay', line: 22, column: 20, endLine: 24, endColumn: 22, data: { what: '`connect()` retrying itself through `scheduleReconnect()`', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'an error re-emitted from a socket a callback of the connect is handed',
      code: errorInCallback,
      errors: [{ messageId: 'fixedDelay', line: 14, column: 5, endLine: 14, endColumn: 47, data: { what: '`connect()` retrying itself through `retryLater()`', delay: 'a fixed 3 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a counted reconnect on a timer',
      code: counted,
      errors: [{ messageId: 'fixedDelay', line: 14, column: 5, endLine: 14, endColumn: 43, data: { what: '`connect()` retrying itself through `retry()`', delay: 'a fixed 2 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry on connects re-entered through events', noUnboundedRetry, {
  valid: [...lookAlikes, { name: 'a reconnect counted on the instance', code: counted }, { name: 'a count of retries left on the instance, tested as a flag', code: countedElsewhere }],
  invalid: [
    {
      name: 'the re-emitted close: no count, only lifecycle flags and a fixed option',
      code: reEmitted,
      errors: [{ messageId: 'unbounded', line: 22, column: 20, endLine: 24, endColumn: 22, data: { what: '`connect()` retrying itself through `scheduleReconnect()`' } }],
    },
    {
      name: 'an error re-emitted from a socket a callback of the connect is handed',
      code: errorInCallback,
      errors: [{ messageId: 'unbounded', line: 14, column: 5, endLine: 14, endColumn: 47, data: { what: '`connect()` retrying itself through `retryLater()`' } }],
    },
    {
      name: 'a close listener handed over bound, scheduling through a second method',
      code: twoMethods,
      errors: [{ messageId: 'unbounded', line: 14, column: 5, endLine: 14, endColumn: 82, data: { what: '`connect()` retrying itself through `scheduleRetry()`' } }],
    },
  ],
});

ruleTester.run('require-jitter on connects re-entered through events', requireJitter, {
  valid: [...lookAlikes, { name: 'a fixed reconnect period (the fixed-sleep rule reports it)', code: reEmitted }],
  invalid: [
    {
      name: 'a doubling wait kept on the instance, no jitter',
      code: twoMethods,
      errors: [{ messageId: 'missingJitter', line: 14, column: 5, endLine: 14, endColumn: 82 }],
    },
  ],
});
