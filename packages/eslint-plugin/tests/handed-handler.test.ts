import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// A failure handler handed to the code that fails, which puts the failed work back on a timer
// with itself as the handler again (`setTimeout(() => start(onCrash), wait)`): `start` hands the
// handler on to code that calls it only with what a catch caught — in `start` itself, or in a class
// it constructs with the handler as an option (`new Runner({ onCrash })`). A handler also called on
// success, with something else than the failure, or used elsewhere is not a retry's (analysis: handed.ts).

/** The handler handed to a class of the file, which calls it from a catch. */
const crashRestart = `
class Runner {
  constructor({ source, onCrash }) {
    this.source = source;
    this.onCrash = onCrash;
  }
  async start() {
    try {
      await this.source.connect();
    } catch (e) {
      return this.onCrash(e);
    }
  }
}

export function consume(source) {
  const start = async (onCrash) => {
    const runner = new Runner({ source, onCrash });
    await runner.start();
  };
  const onCrash = (e) => {
    console.error(e);
    setTimeout(() => start(onCrash), 1000);
  };
  return start(onCrash);
}
`;

/** The handler handed straight to the function, which calls it from its catch; the wait is jittered. */
const retryLater = `
async function load(url, onFail) {
  try {
    return await fetch(url);
  } catch (err) {
    onFail(err);
  }
}

export function watch(url) {
  const retryLater = (err) => {
    console.warn(err.message);
    setTimeout(() => load(url, retryLater), 2000 * Math.random());
  };
  load(url, retryLater);
}
`;

/** A TypeScript class keeping the handler in a declared field and calling it from a `.catch()` callback. */
const typedWorker = `
import { Client } from './client';

class Worker {
  private readonly onCrash: (e: Error) => void;
  constructor({ onCrash }: { onCrash: (e: Error) => void }) {
    this.onCrash = onCrash;
  }
  run(client: Client): void {
    client
      .subscribe()
      .catch((e: Error) => this.onCrash(e));
  }
}

export function supervise(client: Client): void {
  const start = (onCrash: (e: Error) => void) => new Worker({ onCrash }).run(client);
  const onCrash = (e: Error): void => {
    console.error(e);
    setTimeout(() => start(onCrash), 500 + Math.random() * 500);
  };
  start(onCrash);
}
`;

/** A poller: the handler is called with each result, not with a failure. */
const poller = `
async function poll(url, onResult) {
  const res = await fetch(url);
  onResult(res);
}

export function watch(url) {
  const onResult = (res) => {
    render(res);
    setTimeout(() => poll(url, onResult), 1000);
  };
  poll(url, onResult);
}
`;

/** The handler is called with the result on success too. */
const bothOutcomes = `
async function load(url, done) {
  try {
    const res = await fetch(url);
    done(res);
  } catch (err) {
    done(err);
  }
}

export function watch(url) {
  const done = (outcome) => {
    show(outcome);
    setTimeout(() => load(url, done), 1000);
  };
  load(url, done);
}
`;

/** The class also calls the handler when the source ends, outside any failure path. */
const endedToo = `
class Feed {
  constructor({ source, onCrash }) {
    this.source = source;
    this.onCrash = onCrash;
  }
  async start() {
    try {
      await this.source.connect();
    } catch (e) {
      return this.onCrash(e);
    }
    this.source.on('end', () => this.onCrash(new Error('ended')));
  }
}

export function follow(source) {
  const start = async (onCrash) => {
    const feed = new Feed({ source, onCrash });
    await feed.start();
  };
  const onCrash = (e) => {
    setTimeout(() => start(onCrash), 1000);
  };
  return start(onCrash);
}
`;

/** The handler is also registered for an event that is not a failure. */
const alsoOnRefresh = `
async function load(url, onFail) {
  try {
    return await fetch(url);
  } catch (err) {
    onFail(err);
  }
}

export function watch(url, emitter) {
  const retryLater = (err) => {
    setTimeout(() => load(url, retryLater), 2000);
  };
  emitter.on('refresh', retryLater);
  load(url, retryLater);
}
`;

/** A failure counter in the handler bounds the attempts; the wait is fixed. */
const counted = `
async function load(url, onFail) {
  try {
    return await fetch(url);
  } catch (err) {
    onFail(err);
  }
}

export function watch(url, maxFailures = 5) {
  let failures = 0;
  const retryLater = (err) => {
    if (++failures > maxFailures) throw err;
    setTimeout(() => load(url, retryLater), 2000);
  };
  load(url, retryLater);
}
`;

/** The handler is handed a new error, not the failure caught. */
const otherArgument = `
async function load(url, onFail) {
  try {
    return await fetch(url);
  } catch (err) {
    onFail(new Error('failed ' + url));
  }
}

export function watch(url) {
  const retryLater = () => {
    setTimeout(() => load(url, retryLater), 2000);
  };
  load(url, retryLater);
}
`;

/** A class field's arrow calls the handler too. */
const fieldArrow = `
class Feed {
  constructor({ source, onCrash }) {
    this.source = source;
    this.onCrash = onCrash;
  }
  onEnd = () => this.onCrash(new Error('ended'));
  async start() {
    try {
      await this.source.connect();
    } catch (e) {
      return this.onCrash(e);
    }
  }
}

export function follow(source) {
  const start = async (onCrash) => {
    const feed = new Feed({ source, onCrash });
    await feed.start();
  };
  const onCrash = (e) => {
    setTimeout(() => start(onCrash), 1000);
  };
  return start(onCrash);
}
`;

/** The instance's handler is called from outside the class as well. */
const calledOutside = `
class Feed {
  constructor({ source, onCrash }) {
    this.source = source;
    this.onCrash = onCrash;
  }
  async start() {
    try {
      await this.source.connect();
    } catch (e) {
      return this.onCrash(e);
    }
  }
}

export function follow(source) {
  const start = async (onCrash) => {
    const feed = new Feed({ source, onCrash });
    source.on('drained', () => feed.onCrash(new Error('drained')));
    await feed.start();
  };
  const onCrash = (e) => {
    setTimeout(() => start(onCrash), 1000);
  };
  return start(onCrash);
}
`;

/** A superclass of the project may call the handler from its own methods. */
const projectSuperclass = `
import { Supervised } from './supervised';

class Feed extends Supervised {
  constructor({ source, onCrash }) {
    super();
    this.source = source;
    this.onCrash = onCrash;
  }
  async start() {
    try {
      await this.source.connect();
    } catch (e) {
      return this.onCrash(e);
    }
  }
}

export function follow(source) {
  const start = async (onCrash) => {
    const feed = new Feed({ source, onCrash });
    await feed.start();
  };
  const onCrash = (e) => {
    setTimeout(() => start(onCrash), 1000);
  };
  return start(onCrash);
}
`;

/** Node's EventEmitter as the superclass calls nothing of its subclass's own. */
const emitterSubclass = `
import { EventEmitter } from 'node:events';

class Feed extends EventEmitter {
  constructor({ source, onCrash }) {
    super();
    this.source = source;
    this.onCrash = onCrash;
  }
  async start() {
    try {
      await this.source.connect();
    } catch (e) {
      return this.onCrash(e);
    }
  }
}

export function follow(source) {
  const start = async (onCrash) => {
    const feed = new Feed({ source, onCrash });
    await feed.start();
  };
  const onCrash = (e) => {
    setTimeout(() => start(onCrash), 1000 * Math.random());
  };
  return start(onCrash);
}
`;

ruleTester.run('no-unbounded-retry with a handed failure handler', noUnboundedRetry, {
  valid: [
    { name: 'a poller handed its result handler', code: poller },
    { name: 'a handler called on success too', code: bothOutcomes },
    { name: 'a class calling the handler when the source ends as well', code: endedToo },
    { name: 'a handler also registered for a refresh event', code: alsoOnRefresh },
    { name: 'a handler counting failures against a limit', code: counted },
    { name: 'a handler handed a new error instead of the failure', code: otherArgument },
    { name: 'a class field arrow calling the handler', code: fieldArrow },
    { name: 'the instance handler called from outside the class', code: calledOutside },
    { name: 'a class extending a class of the project', code: projectSuperclass },
  ],
  invalid: [
    {
      name: 'a class extending Node\'s EventEmitter',
      code: emitterSubclass,
      errors: [{ messageId: 'unbounded', line: 25, column: 22, endLine: 25, endColumn: 36, data: { what: '`start()` retrying itself through `onCrash()`' } }],
    },
    {
      name: 'a crash handler handed to a runner class restarts on a timer forever',
      code: crashRestart,
      errors: [{ messageId: 'unbounded', line: 23, column: 22, endLine: 23, endColumn: 36, data: { what: '`start()` retrying itself through `onCrash()`' } }],
    },
    {
      name: 'a handler handed to the loading function reloads forever',
      code: retryLater,
      errors: [{ messageId: 'unbounded', line: 13, column: 22, endLine: 13, endColumn: 43, data: { what: '`load()` retrying itself through `retryLater()`' } }],
    },
    {
      name: 'a TypeScript worker calling the handler from a catch callback',
      code: typedWorker,
      errors: [{ messageId: 'unbounded', line: 20, column: 22, endLine: 20, endColumn: 36, data: { what: '`start()` retrying itself through `onCrash()`' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a handed failure handler', noFixedSleepRetry, {
  valid: [
    { name: 'a jittered wait', code: retryLater },
    { name: 'a poller handed its result handler', code: poller },
    { name: 'a handler called on success too', code: bothOutcomes },
    { name: 'a handler also registered for a refresh event', code: alsoOnRefresh },
    { name: 'a handler handed a new error instead of the failure', code: otherArgument },
  ],
  invalid: [
    {
      name: 'a crash handler restarting after a fixed second',
      code: crashRestart,
      errors: [{ messageId: 'fixedDelay', line: 23, column: 22, endLine: 23, endColumn: 36, data: { what: '`start()` retrying itself through `onCrash()`', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a counted handler still waits a fixed time',
      code: counted,
      errors: [{ messageId: 'fixedDelay', line: 14, column: 22, endLine: 14, endColumn: 43, data: { what: '`load()` retrying itself through `retryLater()`', delay: 'a fixed 2 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});
