import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// Retries that go back in through a second function of the same scope or class: the failure
// path calls `b()`, and `b()` (after a wait, or at once) calls the failed function again.

const sleepHelper = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));`;

ruleTester.run('no-fixed-sleep-retry through a second function', noFixedSleepRetry, {
  valid: [
    {
      name: 'a pool that pumps again on success and on failure: a drain, not a retry',
      code: `
class Pool {
  start() {
    this.create().then(() => this.pump(), () => this.pump());
  }
  pump() {
    setTimeout(() => this.start(), 200);
  }
  create(): Promise<void> { return Promise.resolve(); }
}
`,
    },
    {
      name: 'a promise stepper that hands both continuations to .then (tslib __awaiter)',
      code: `
function run(gen: Iterator<unknown>, resolve: (v: unknown) => void) {
  function fulfilled(value: unknown) { step((gen as any).next(value)); }
  function rejected(value: unknown) { step((gen as any).throw(value)); }
  function step(result: IteratorResult<unknown>) { result.done ? resolve(result.value) : Promise.resolve(result.value).then(fulfilled, rejected); }
  step(gen.next());
}
`,
    },
    {
      name: 'the second function is also called where nothing failed: a scheduler, not a retry helper',
      code: `
function send(msg: string) {
  transport.write(msg).catch(() => later(msg));
}
function later(msg: string) {
  setTimeout(() => send(msg), 2000);
}
export function boot(msg: string) {
  later(msg);
}
declare const transport: { write(m: string): Promise<void> };
`,
    },
    {
      name: 'the second function is kept in a variable (bind): a use the analysis cannot place',
      code: `
class Link {
  open() {
    this.socket = connect();
    this.socket.on('close', () => this.onClose());
    const later = this.onClose.bind(this);
    emitter.on('kick', later);
  }
  onClose() {
    setTimeout(() => this.open(), 3000);
  }
  socket: any;
}
declare function connect(): any;
declare const emitter: any;
`,
    },
    {
      name: 'the second function waits a jittered time',
      code: `
function send(msg: string, attempt = 0) {
  transport.write(msg).catch((err) => {
    if (attempt < 4) later(msg, attempt);
    else throw err;
  });
}
function later(msg: string, attempt: number) {
  setTimeout(() => send(msg, attempt + 1), 1000 + Math.random() * 1000);
}
declare const transport: { write(m: string): Promise<void> };
`,
    },
    {
      name: 'the failed function moves the wait that the second function reads: not a fixed wait',
      code: `
class Client {
  wait = 100;
  async #attempt(fn: () => Promise<unknown>): Promise<unknown> {
    try {
      return await fn();
    } catch (error) {
      this.wait *= 2;
      return this.#onFailure(error, fn);
    }
  }
  async #onFailure(error: unknown, fn: () => Promise<unknown>): Promise<unknown> {
    await new Promise((r) => setTimeout(r, this.wait));
    return this.#attempt(fn);
  }
}
`,
    },
    {
      name: 'the second function goes back at once on one branch and waits through another function on the other',
      code: `
class Upload {
  retries = 0;
  start() {
    this.put().catch((resp) => this.retryLater(resp));
  }
  resume() { this.start(); }
  retryLater(resp: { status: number }) {
    if (this.retries++ > 5) return;
    if (resp.status === 404) this.start();
    else setTimeout(this.resume.bind(this), 1000 * Math.random());
  }
  put(): Promise<void> { return Promise.resolve(); }
}
`,
    },
    {
      name: 'the second function is also bound to an event that is not a failure',
      code: `
class Link {
  constructor() {
    process.on('SIGHUP', this.onClose.bind(this));
  }
  open() {
    this.socket = connect();
    this.socket.on('close', this.onClose.bind(this));
  }
  onClose() {
    setTimeout(this.open.bind(this), 3000);
  }
  socket: any;
}
declare function connect(): any;
`,
    },
    {
      name: 'a method bound to another object is not this method',
      code: `
class Link {
  open() {
    this.socket = connect();
    this.socket.on('error', () => setTimeout(this.open.bind(other), 1000));
  }
  socket: any;
}
declare function connect(): any;
declare const other: unknown;
`,
    },
    {
      name: 'an error predicate over a value picked from a structure (a tree walk, not an outcome)',
      code: `
function collect(error: any, key: string, out: unknown[]): unknown[] {
  if (isAggregateError(error[key])) {
    out.push(error[key]);
    return collect(error[key], key, out);
  }
  return out;
}
declare function isAggregateError(e: unknown): boolean;
`,
    },
  ],
  invalid: [
    {
      name: 'private methods: the catch hands the error to #onFailure, which sleeps and calls #attempt again',
      code: `
${sleepHelper}
class Client {
  async #attempt(fn: () => Promise<unknown>): Promise<unknown> {
    try {
      return await fn();
    } catch (error) {
      return this.#onFailure(error, fn);
    }
  }
  async #onFailure(error: unknown, fn: () => Promise<unknown>): Promise<unknown> {
    await sleep(1000);
    return this.#attempt(fn);
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 13, column: 12, endLine: 13, endColumn: 29, data: { what: '`#attempt()` retrying itself through `#onFailure()`', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a sibling function schedules the next attempt with setTimeout, counter passed through',
      code: `
function send(msg: string, attempt = 0) {
  transport.write(msg).catch((err) => {
    if (attempt < 4) later(msg, attempt);
    else throw err;
  });
}
function later(msg: string, attempt: number) {
  setTimeout(() => send(msg, attempt + 1), 2000);
}
declare const transport: { write(m: string): Promise<void> };
`,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 20, endLine: 9, endColumn: 42, data: { what: '`send()` retrying itself through `later()`', delay: 'a fixed 2 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a close handler of the socket the method opened reconnects through another method',
      code: `
class Link {
  socket: any;
  open() {
    this.socket = connect();
    this.socket.on('close', () => this.onClose());
  }
  onClose() {
    setTimeout(() => this.open(), 3000);
  }
}
declare function connect(): any;
`,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 22, endLine: 9, endColumn: 33, data: { what: '`open()` retrying itself through `onClose()`', delay: 'a fixed 3 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'an error handler hands the method itself, bound, to setTimeout: reported at the setTimeout',
      code: `
class Link {
  open() {
    this.socket = connect();
    this.socket.on('error', () => setTimeout(this.open.bind(this), 1000));
  }
  socket: any;
}
declare function connect(): any;
`,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 35, endLine: 5, endColumn: 73, data: { what: '`open()` retrying itself', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'bound methods both ways: the close handler and the timer of the second function',
      code: `
class Link {
  open() {
    this.socket = connect();
    this.socket.on('close', this.onClose.bind(this));
  }
  onClose() {
    setTimeout(this.open.bind(this), 3000);
  }
  socket: any;
}
declare function connect(): any;
`,
      errors: [{ messageId: 'fixedDelay', line: 8, column: 5, endLine: 8, endColumn: 43, data: { what: '`open()` retrying itself through `onClose()`', delay: 'a fixed 3 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'the timer sits on the failure path; the second function only calls back: reported there',
      code: `
class Worker {
  start() {
    this.fetchJob().catch(() => setTimeout(() => this.restart(), 500));
  }
  restart() {
    this.start();
  }
  fetchJob(): Promise<void> { return Promise.resolve(); }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 50, endLine: 4, endColumn: 64, data: { what: '`start()` retrying itself through `restart()`', delay: 'a fixed 500 ms', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a response handler set on the request checks isNetworkError and reconnects through a private method',
      code: `
class Stream {
  #connect() {
    const params: any = { request: this.request };
    params.processResponse = (response: unknown) => {
      if (isNetworkError(response)) {
        this.#reconnect();
        return;
      }
      this.consume(response);
    };
    fetching(params);
  }
  #reconnect() {
    setTimeout(() => this.#connect(), 2500);
  }
  request: unknown;
  consume(r: unknown) {}
}
declare function isNetworkError(r: unknown): boolean;
declare function fetching(p: unknown): void;
`,
      errors: [{ messageId: 'fixedDelay', line: 15, column: 22, endLine: 15, endColumn: 37, data: { what: '`#connect()` retrying itself through `#reconnect()`', delay: 'a fixed 2.5 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter through a second function', requireJitter, {
  valid: [
    {
      name: 'the second function jitters its growing wait',
      code: `
function load(url: string, attempt = 0) {
  fetch(url).catch((error) => {
    if (attempt < 3) schedule(url, attempt, error);
  });
}
function schedule(url: string, attempt: number, error: unknown) {
  setTimeout(() => load(url, ++attempt), Math.random() * 500 * 2 ** attempt);
}
`,
    },
    {
      name: 'a wait the second function computes from the error it is handed: not known',
      code: `
function load(url: string, attempt = 0) {
  fetch(url).catch((error) => {
    if (attempt < 3) schedule(url, attempt, error);
  });
}
function schedule(url: string, attempt: number, error: { retryAfter: number }) {
  setTimeout(() => load(url, ++attempt), error.retryAfter * 2);
}
`,
    },
  ],
  invalid: [
    {
      name: 'the attempt counter handed to the second function grows its wait (fetch-retry shape)',
      code: `
function load(url: string, attempt = 0) {
  fetch(url).catch((error) => {
    if (attempt < 3) schedule(url, attempt, error);
  });
}
function schedule(url: string, attempt: number, error: unknown) {
  setTimeout(() => load(url, ++attempt), 500 * 2 ** attempt);
}
`,
      errors: [{ messageId: 'missingJitter', line: 8, column: 20, endLine: 8, endColumn: 40, data: { what: '`load()` retrying itself through `schedule()`', delay: '500 ms × 2^n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'private methods: a wait doubled in the second function',
      code: `
class Feed {
  wait = 250;
  #pull(): void {
    this.read().catch((err) => this.#backOff(err));
  }
  #backOff(err: unknown): void {
    const wait = this.wait;
    this.wait = Math.min(this.wait * 2, 30000);
    setTimeout(() => this.#pull(), wait);
  }
  read(): Promise<void> { return Promise.resolve(); }
}
`,
      errors: [{ messageId: 'missingJitter', line: 10, column: 22, endLine: 10, endColumn: 34, data: { what: '`#pull()` retrying itself through `#backOff()`', delay: '250 ms × 2^n, capped at 30 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry through a second function', noUnboundedRetry, {
  valid: [
    {
      name: 'the second function gives up after a count',
      code: `
class Link {
  failures = 0;
  socket: any;
  open() {
    this.socket = connect();
    this.socket.on('close', () => this.onClose());
  }
  onClose() {
    if (++this.failures > 5) return;
    setTimeout(() => this.open(), 3000 * Math.random());
  }
}
declare function connect(): any;
`,
    },
    {
      name: 'the second function gives up when the time budget it reads is spent',
      code: `
${sleepHelper}
class Client {
  async #attempt(fn: () => Promise<unknown>): Promise<unknown> {
    try {
      return await fn();
    } catch (error) {
      return this.#onFailure(error, fn);
    }
  }
  async #onFailure(error: unknown, fn: () => Promise<unknown>): Promise<unknown> {
    if (this.remaining() <= 0) throw error;
    await sleep(Math.random() * 1000);
    return this.#attempt(fn);
  }
  remaining(): number { return 0; }
}
`,
    },
  ],
  invalid: [
    {
      name: 'a close handler reconnects through another method, forever',
      code: `
class Link {
  socket: any;
  open() {
    this.socket = connect();
    this.socket.on('close', () => this.onClose());
  }
  onClose() {
    setTimeout(() => this.open(), 1000 + Math.random() * 2000);
  }
}
declare function connect(): any;
`,
      errors: [{ messageId: 'unbounded', line: 9, column: 22, endLine: 9, endColumn: 33, data: { what: '`open()` retrying itself through `onClose()`' } }],
    },
    {
      name: 'a function expression and a function declaration that call each other from a catch',
      code: `
${sleepHelper}
export async function main(job: () => Promise<void>) {
  const attempt = async (): Promise<void> => {
    try {
      await job();
    } catch (err) {
      await again(err);
    }
  };
  async function again(err: unknown) {
    await sleep(250 + Math.random() * 250);
    return attempt();
  }
  await attempt();
}
`,
      errors: [{ messageId: 'unbounded', line: 13, column: 12, endLine: 13, endColumn: 21, data: { what: '`attempt()` retrying itself through `again()`' } }],
    },
  ],
});

// A failure listener that the function setting it up registers again on the new source it requests:
// the listener runs when the source fails, re-issues the request, and goes round when that fails too.
ruleTester.run('no-fixed-sleep-retry: a failure listener set up again by a second function', noFixedSleepRetry, {
  valid: [
    {
      name: 'the listener is registered for the end of the data only: no failure runs it',
      code: `
class Reader {
  retries = 0;
  constructor(private source: any, private open: (at: number) => Promise<any>) {
    this.listen();
  }
  listen() {
    this.source.on('end', this.onEnd);
  }
  onEnd = () => {
    if (this.retries++ < 3) {
      this.open(0).then((next) => {
        this.source = next;
        this.listen();
      });
    }
  };
}
`,
    },
    {
      name: 'the request waits before going again (a timer in the success callback is no longer at once)',
      code: `
class Reader {
  retries = 0;
  constructor(private source: any, private open: (at: number) => Promise<any>) {
    this.listen();
  }
  listen() {
    this.source.on('error', this.onError);
  }
  onError = () => {
    if (this.retries++ < 3) {
      this.open(0).then((next) => {
        this.source = next;
        setTimeout(() => this.listen(), 1000 * Math.random());
      });
    }
  };
}
`,
    },
  ],
  invalid: [
    {
      name: 'a class-field arrow listening for errors re-issues the download from where it stopped',
      code: `
class Download {
  retries = 0;
  offset = 0;
  constructor(private source: any, private fetchFrom: (at: number) => Promise<any>, private max: number) {
    this.attach();
  }
  attach() {
    this.source.on('data', (chunk: Buffer) => { this.offset += chunk.length; });
    this.source.on('error', this.onSourceError);
  }
  onSourceError = (err: Error) => {
    if (this.retries < this.max) {
      this.retries += 1;
      this.fetchFrom(this.offset).then((next) => {
        this.source = next;
        this.attach();
      });
    } else {
      this.emit('error', err);
    }
  };
  emit(_name: string, _err: Error) {}
}
`,
      errors: [{ messageId: 'immediate', line: 17, column: 9, data: { what: '`onSourceError()` retrying itself through `attach()`', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'a method bound to the instance, listening for close, reopens the socket',
      code: `
class Link {
  socket: any;
  constructor(private dial: () => Promise<any>) {}
  watch() {
    this.socket.once('close', this.handleClose.bind(this));
  }
  handleClose() {
    this.dial().then((socket) => {
      this.socket = socket;
      this.watch();
    });
  }
}
`,
      errors: [{ messageId: 'immediate', line: 11, column: 7, data: { what: '`handleClose()` retrying itself through `watch()`', attempts: 'no limit on attempts' } }],
    },
  ],
});
