import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// Issue 26, cause E: a retry closed through a handler object. A function hands `this` (or an
// object literal with methods) to a receiver, which later calls one of the object's methods back;
// that method runs on a failure and goes into the handing function again (on a timer, in a
// microtask, or at once). A method is a failure method because the receiver calls it from a
// failure path of its own (when its code can be read) or because its own code takes an error
// (throws it, rejects with it, tests it with `instanceof`, declares it an `Error`) when the
// receiver cannot be read — never because of its name. Analysis: packages/analysis/src/graph/.

/** `this` handed to a bus that cannot be read; the failure method throws the problem it is given and backs off on a timer. */
const e1 = `
class Courier {
  constructor(bus, letter) {
    this.bus = bus;
    this.letter = letter;
    this.misses = 0;
  }
  deliver() {
    this.bus.post(this.letter, this);
  }
  fail(problem) {
    this.misses++;
    if (this.misses >= 4) throw problem;
    const pause = Math.min(200 * 2 ** this.misses, 10000);
    setTimeout(() => this.deliver(), pause);
  }
}
module.exports = Courier;
`;

/** TypeScript: the failure method declares its parameter an `Error`; a fixed wait, no limit. */
const e2 = `
import type { Wire } from './wire';

export class Link {
  constructor(private wire: Wire, private url: string) {}
  open(): void {
    this.wire.connect(this.url, this);
  }
  lost(reason: Error): void {
    console.warn(reason.message);
    setTimeout(() => this.open(), 3000);
  }
}
`;

/** The failure method goes back in a microtask, with a counter on the instance. */
const e3 = `
export class Pusher {
  private tries = 0;
  constructor(private queue: { submit(item: string, sink: Pusher): void }, private item: string) {}
  push(): void {
    this.queue.submit(this.item, this);
  }
  rejected(e: unknown): void {
    if (++this.tries > 3) throw e;
    queueMicrotask(() => this.push());
  }
}
`;

/** An object literal with methods handed over; its error method re-runs the upload with the next attempt number. */
const e4 = `
export function upload(uploader, chunk, attempt = 1) {
  uploader.put(chunk, {
    onError(err) {
      if (attempt >= 4) throw err;
      setTimeout(() => upload(uploader, chunk, attempt + 1), 1000);
    },
    onDone() {},
  });
}
`;

/** TypeScript: an object literal of arrow functions, the error one reconnecting on a timer, with no limit. */
const e5 = `
type Open = (url: string, handlers: { opened(): void; broken(e: Error): void }) => void;

export function connect(open: Open, url: string, gap = 100): void {
  open(url, {
    opened: () => console.log('up'),
    broken: (e: Error) => {
      console.warn(e);
      setTimeout(() => connect(open, url, Math.min(gap * 2, 20_000)), gap);
    },
  });
}
`;

/** A receiver of this file that calls the handler's method from its `.catch()`: that method is the failure path, whatever it does with its argument. */
const e6 = `
function dispatch(req, handler) {
  fetch(req)
    .then((res) => handler.complete(res))
    .catch((e) => handler.oops(e));
}
class Job {
  constructor(req) {
    this.req = req;
  }
  run() {
    dispatch(this.req, this);
  }
  oops(e) {
    setTimeout(() => this.run(), 1000);
  }
  complete(res) {
    console.log(res.status);
  }
}
module.exports = Job;
`;

/** TypeScript: the readable receiver calls the failure method from a `.catch()`; it starts again at once, at most twice more. */
const e7 = `
function feed(source: () => Promise<void>, sink: { failed(e: unknown): void }): void {
  source().catch((e) => sink.failed(e));
}
export class Importer {
  private attempts = 0;
  constructor(private source: () => Promise<void>) {}
  start(): void {
    feed(this.source, this);
  }
  failed(e: unknown): void {
    this.attempts += 1;
    if (this.attempts > 2) return;
    this.start();
  }
}
`;

/** Two methods on the way back: the failure method checks the count and calls a method whose timer goes back in. */
const e8 = `
class Relay {
  constructor(port) {
    this.port = port;
    this.count = 0;
  }
  forward() {
    this.port.write(this);
  }
  rejected(err) {
    if (this.count >= 5) throw err;
    this.later();
  }
  later() {
    this.count++;
    setTimeout(() => this.forward(), 250 * 2 ** this.count);
  }
}
module.exports = Relay;
`;

/** TypeScript, two methods on the way back, a fixed wait and no limit. */
const e9 = `
export class Relay {
  constructor(private port: { write(h: Relay): void }) {}
  forward(): void {
    this.port.write(this);
  }
  rejected(err: Error): void {
    console.warn(err);
    this.later();
  }
  private later(): void {
    setTimeout(() => this.forward(), 2000);
  }
}
`;

/** The method called back takes data, not an error: a subscription that re-subscribes, not a retry. */
const ev1 = `
class Reader {
  constructor(src) {
    this.src = src;
  }
  start() {
    this.src.subscribe(this);
  }
  data(chunk) {
    console.log(chunk);
    setTimeout(() => this.start(), 1000);
  }
}
module.exports = Reader;
`;

/** The failure method gives up; only the success method goes back (a schedule). */
const ev2 = `
class Sender {
  constructor(transport) {
    this.transport = transport;
  }
  send() {
    this.transport.dispatch(this);
  }
  failed(err) {
    console.error(err);
    throw err;
  }
  done() {
    setTimeout(() => this.send(), 60000);
  }
}
module.exports = Sender;
`;

/** The readable receiver calls only the success method; the method that would go back is never called on a failure. */
const ev3 = `
function dispatch(req, handler) {
  fetch(req)
    .then((res) => handler.complete(res))
    .catch((e) => console.error(e));
}
class Job {
  constructor(req) {
    this.req = req;
  }
  run() {
    dispatch(this.req, this);
  }
  complete(res) {
    setTimeout(() => this.run(), 1000);
  }
  oops(e) {
    setTimeout(() => this.run(), 1000);
  }
}
module.exports = Job;
`;

/** The same courier with a jittered, bounded backoff. */
const ev4 = `
class Courier {
  constructor(bus, letter) {
    this.bus = bus;
    this.letter = letter;
    this.misses = 0;
  }
  deliver() {
    this.bus.post(this.letter, this);
  }
  fail(problem) {
    this.misses++;
    if (this.misses >= 4) throw problem;
    const pause = Math.random() * Math.min(200 * 2 ** this.misses, 10000);
    setTimeout(() => this.deliver(), pause);
  }
}
module.exports = Courier;
`;

/** An object literal whose method takes a message, not an error. */
const ev5 = `
export function listen(source: { watch(h: { message(text: string): void }): void }): void {
  source.watch({
    message(text: string) {
      console.log(text);
      setTimeout(() => listen(source), 1000);
    },
  });
}
`;

/** The method in between is also called after a write succeeds: a schedule others start too, not the failure's alone. */
const ev6 = `
export class Relay {
  constructor(private port: { write(h: Relay): void }) {}
  forward(): void {
    this.port.write(this);
  }
  rejected(err: Error): void {
    console.warn(err);
    this.later();
  }
  written(): void {
    this.later();
  }
  private later(): void {
    setTimeout(() => this.forward(), 2000);
  }
}
`;

ruleTester.run('require-jitter with a way back through a handler object', requireJitter, {
  valid: [
    { name: 'a jittered backoff through the failure method', code: ev4, filename: 'file.js' },
    { name: 'a data method that re-subscribes', code: ev1, filename: 'file.js' },
    { name: 'a failure method that gives up', code: ev2, filename: 'file.js' },
    { name: 'a readable receiver that calls only the success method', code: ev3, filename: 'file.js' },
    { name: 'an object literal method taking a message', code: ev5 },
    { name: "a fixed wait is no-fixed-sleep-retry's", code: e2 },
    { name: 'the method in between called after a success too', code: ev6 },
  ],
  invalid: [
    {
      name: '`this` handed to a bus: 200 ms × 2^n, capped, 4 attempts, no jitter',
      code: e1,
      filename: 'file.js',
      errors: [{ messageId: 'missingJitter', line: 15, column: 22, endLine: 15, endColumn: 36, data: { what: '`deliver()` retrying itself through `fail()`', delay: '200 ms × 2^n, capped at 10 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'through a second method: 250 ms × 2^n, 6 attempts',
      code: e8,
      filename: 'file.js',
      errors: [{ messageId: 'missingJitter', line: 8, column: 5, endLine: 8, endColumn: 26, data: { what: '`forward()` retrying itself through `rejected()`', delay: '250 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a way back through a handler object', noFixedSleepRetry, {
  valid: [
    { name: 'a data method that re-subscribes', code: ev1, filename: 'file.js' },
    { name: 'a failure method that gives up', code: ev2, filename: 'file.js' },
    { name: 'a readable receiver that calls only the success method', code: ev3, filename: 'file.js' },
    { name: 'a jittered backoff', code: ev4, filename: 'file.js' },
    { name: 'an object literal method taking a message', code: ev5 },
    { name: "a growing wait is require-jitter's", code: e1, filename: 'file.js' },
    { name: 'the method in between called after a success too', code: ev6 },
  ],
  invalid: [
    {
      name: 'a declared `Error` parameter, a fixed 3 s',
      code: e2,
      errors: [{ messageId: 'fixedDelay', line: 11, column: 22, endLine: 11, endColumn: 33, data: { what: '`open()` retrying itself through `lost()`', delay: 'a fixed 3 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a microtask back in, at once',
      code: e3,
      errors: [{ messageId: 'immediate', line: 6, column: 5, endLine: 6, endColumn: 39, data: { what: '`push()` retrying itself through `rejected()`', attempts: 'up to 4 attempts' } }],
    },
    {
      name: "an object literal's error method, a fixed second",
      code: e4,
      filename: 'file.js',
      errors: [{ messageId: 'fixedDelay', line: 6, column: 24, endLine: 6, endColumn: 60, data: { what: '`upload()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: "a readable receiver's `.catch()` calls the method",
      code: e6,
      filename: 'file.js',
      errors: [{ messageId: 'fixedDelay', line: 15, column: 22, endLine: 15, endColumn: 32, data: { what: '`run()` retrying itself through `oops()`', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a readable receiver, at once',
      code: e7,
      errors: [{ messageId: 'immediate', line: 9, column: 5, endLine: 9, endColumn: 28, data: { what: '`start()` retrying itself through `failed()`', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'through a second method, a fixed 2 s',
      code: e9,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 5, endLine: 5, endColumn: 26, data: { what: '`forward()` retrying itself through `rejected()`', delay: 'a fixed 2 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a way back through a handler object', noUnboundedRetry, {
  valid: [
    { name: 'a failure counter on the instance', code: e1, filename: 'file.js' },
    { name: 'a counter in the microtask form', code: e3 },
    { name: 'an attempt parameter', code: e4, filename: 'file.js' },
    { name: 'a counter, going again at once', code: e7 },
    { name: 'a data method that re-subscribes', code: ev1, filename: 'file.js' },
    { name: 'a failure method that gives up', code: ev2, filename: 'file.js' },
    { name: 'a readable receiver that calls only the success method', code: ev3, filename: 'file.js' },
    { name: 'an object literal method taking a message', code: ev5 },
    { name: 'through a second method, counted', code: e8, filename: 'file.js' },
    { name: 'the method in between called after a success too', code: ev6 },
  ],
  invalid: [
    {
      name: 'a declared `Error` parameter, no limit',
      code: e2,
      errors: [{ messageId: 'unbounded', line: 11, column: 22, endLine: 11, endColumn: 33, data: { what: '`open()` retrying itself through `lost()`' } }],
    },
    {
      name: 'an object literal of arrows, no limit',
      code: e5,
      errors: [{ messageId: 'unbounded', line: 9, column: 24, endLine: 9, endColumn: 69, data: { what: '`connect()` retrying itself' } }],
    },
    {
      name: "a readable receiver's `.catch()`, no limit",
      code: e6,
      filename: 'file.js',
      errors: [{ messageId: 'unbounded', line: 15, column: 22, endLine: 15, endColumn: 32, data: { what: '`run()` retrying itself through `oops()`' } }],
    },
    {
      name: 'through a second method, no limit',
      code: e9,
      errors: [{ messageId: 'unbounded', line: 5, column: 5, endLine: 5, endColumn: 26, data: { what: '`forward()` retrying itself through `rejected()`' } }],
    },
  ],
});
