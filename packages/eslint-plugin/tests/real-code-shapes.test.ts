import type { TSESLint } from '@typescript-eslint/utils';
import plugin from '../src/index.js';
import { ruleTester } from './rule-tester.js';

/**
 * The shapes real projects write their retries in (issue 7: the real-code benchmark,
 * `npm run realworld`). Each cause is written here in our own words, in several variants;
 * each case lists what every one of the four rules reports, so one table gives each rule
 * its valid cases (nothing expected) and its invalid ones (exact position and message).
 */
type RuleId = 'no-fixed-sleep-retry' | 'require-jitter' | 'no-unbounded-retry' | 'no-nested-retry';

interface Expected {
  line: number;
  column: number;
  messageId: string;
  data?: Record<string, string>;
}

interface Shape {
  name: string;
  code: string;
  filename?: string;
  expect?: Partial<Record<RuleId, Expected[]>>;
}

const js = 'file.js';

const shapes: Shape[] = [
  // ---------------------------------------------------------------------------------------
  // Precision: a retry once after a state change runs at most twice.
  {
    name: 'state change: 401 refreshes the token, then calls itself once more',
    filename: js,
    code: `
async function call(req) {
  try {
    return await send(req);
  } catch (e) {
    if (e.status === 401) {
      await refreshToken();
      return call(req);
    }
    throw e;
  }
}`,
  },
  {
    name: 'state change: a flag argument marks the second try',
    filename: js,
    code: `
async function send(req, isRetry = false) {
  try {
    return await transport.send(req);
  } catch (e) {
    if (!isRetry) return send(req, true);
    throw e;
  }
}`,
  },
  {
    name: 'state change: the failure path drops the cached credential its condition reads',
    code: `
class Workflow {
  async execute(conn: Conn) {
    if (this.cache.hasToken) {
      try {
        return await this.finish(conn, this.cache.token);
      } catch (error) {
        this.cache.removeToken();
        return await this.execute(conn);
      }
    }
    return this.login(conn);
  }
}`,
  },
  {
    name: 'state change: a 409 on create re-reads what now exists',
    filename: js,
    code: `
function get(options, callback) {
  const self = this;
  function onCreate(err, instance) {
    if (err) {
      if (err.code === 409) {
        self.get(options, callback);
        return;
      }
      callback(err);
      return;
    }
    callback(null, instance);
  }
  this.create(options, onCreate);
}`,
  },

  // Wait first: the wait at the start of each attempt is the wait between attempts.
  {
    name: 'wait first, abortable: the signal handed to the wait bounds it',
    filename: js,
    code: `
async function attempt(signal, waitMs = 0, n = 0) {
  await sleepAbortable(signal, waitMs);
  try {
    return await op();
  } catch (e) {
    return attempt(signal, nextWait(n), n + 1);
  }
}`,
  },
  {
    name: 'wait first, fixed: the same half second before every attempt',
    filename: js,
    code: `
async function poll(n = 0) {
  await sleep(500);
  try {
    return await op();
  } catch (e) {
    if (n >= 4) throw e;
    return poll(n + 1);
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 8, column: 12, messageId: 'fixedDelay', data: { what: '`poll()` retrying itself', delay: 'a fixed 500 ms', attempts: 'up to 5 attempts' } }],
    },
  },

  // Next alternative: failover and iteration are not a retry of the same call.
  {
    name: 'next alternative: the rest of the address list passed on',
    filename: js,
    code: `
function bind(addrs) {
  return listen(addrs[0]).catch((err) => {
    if (addrs.length === 1) throw err;
    return bind(addrs.slice(1));
  });
}`,
  },
  {
    name: 'next alternative: an iterator drawn each turn, exhausted means give up',
    filename: js,
    code: `
async function borrow(hosts) {
  let last;
  while (true) {
    const next = hosts.next();
    if (next.done) throw last;
    try {
      return await connect(next.value);
    } catch (e) {
      last = e;
    }
  }
}`,
  },
  {
    name: 'next alternative: a picked server, none left means give up',
    filename: js,
    code: `
async function query(q) {
  let lastError;
  for (;;) {
    const server = pick();
    if (!server) throw lastError;
    try {
      return await server.run(q);
    } catch (e) {
      lastError = e;
    }
  }
}`,
  },
  {
    name: 'next alternative: an iterator made once and handed to the attempt',
    filename: js,
    code: `
async function initialize(points) {
  const it = shuffle(points)[Symbol.iterator]();
  while (true) {
    await this.borrowFirst(it);
    try {
      await this.refresh();
      break;
    } catch (err) {
      this.tried[this.host] = err;
    }
  }
}`,
  },
  {
    name: 'next alternative: keys consumed until none is left',
    filename: js,
    code: `
function tryFirst(err) {
  if (!keys.length) return reject(err);
  const key = keys[0];
  keys.shift();
  lookup(key).then(resolve, tryFirst);
}`,
  },

  // Bounds the analysis cannot count still bound: no "never gives up".
  {
    name: 'bound held in a variable',
    filename: js,
    code: `
async function load(attempt = 0) {
  try {
    return await fetchIt();
  } catch (e) {
    const retryable = attempt < limits.max;
    if (!retryable) throw e;
    return load(attempt + 1);
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 8, column: 12, messageId: 'immediate', data: { what: '`load()` retrying itself', attempts: 'an unknown number of attempts' } }],
    },
  },
  {
    name: 'bound from a helper that says how long to wait, or that it is over',
    filename: js,
    code: `
async function check(config) {
  try {
    return await this.request(config);
  } catch (e) {
    const wait = this.retryDelay();
    if (wait <= 0) throw e;
    await new Promise((resolve) => setTimeout(resolve, wait));
    return this.check(config);
  }
}`,
  },
  {
    name: 'exit delegated: the error is handed to a method that may throw it',
    filename: js,
    code: `
async function next(cursor) {
  while (true) {
    try {
      return await cursor.next();
    } catch (error) {
      await this.resumeOrThrow(error);
    }
  }
}`,
  },
  {
    name: 'exit delegated: a same-file predicate that throws when it is over',
    filename: js,
    code: `
function shouldRetryOrThrow(err) {
  if (retries >= max) throw err;
  retries++;
  return true;
}
async function subscribe() {
  for (;;) {
    try {
      return await connect();
    } catch (err) {
      if (!shouldRetryOrThrow(err)) return;
      await sleep(1000);
    }
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 8, column: 3, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'an unknown number of attempts' } }],
    },
  },
  {
    name: 'a lifecycle flag is not a bound: the reconnect never gives up on its own',
    code: `
class Client {
  closing = false;
  scheduleReconnect() {
    if (this.closing) return;
    setTimeout(async () => {
      try {
        await this.raw.connect();
      } catch (err) {
        if (!this.closing) this.scheduleReconnect();
      }
    }, 2000);
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 10, column: 28, messageId: 'fixedDelay', data: { what: '`scheduleReconnect()` retrying itself', delay: 'a fixed 2 s', attempts: 'no limit on attempts' } }],
      'no-unbounded-retry': [{ line: 10, column: 28, messageId: 'unbounded', data: { what: '`scheduleReconnect()` retrying itself' } }],
    },
  },

  // Not a retry at all.
  // (bull's updateDelayTimer: the guard interval caps the success path's wait too, so the
  // failure's wait is the schedule's own setting, not one of its own: graph/schedules.ts.)
  {
    name: 'a poller reschedules itself on success too',
    filename: js,
    code: `
function updateTimer() {
  this.next()
    .then((delay) => {
      this.timer = setTimeout(() => this.updateTimer(), Math.min(delay, this.settings.guardInterval));
    })
    .catch(() => {
      this.timer = setTimeout(() => this.updateTimer(), this.settings.guardInterval);
    });
}`,
  },
  {
    name: 'a self-call with another event name is another operation',
    filename: js,
    code: `
function trigger(name, ...args) {
  try {
    return listeners[name](...args);
  } catch (e) {
    trigger('error', e);
    return null;
  }
}`,
  },
  {
    name: 'a fallback with a rewritten input',
    filename: js,
    code: `
function validateUrl(url, error) {
  try {
    return new URL(url).href;
  } catch (e) {
    if (error) throw error;
    return validateUrl('http://' + url, new Error('Invalid URL: ' + url));
  }
}`,
  },
  {
    name: 'a redirect on every way round is following the server, not retrying',
    filename: js,
    code: `
async function send(command) {
  let client = pickClient(command);
  let i = 0;
  while (true) {
    try {
      return await client.send(command);
    } catch (err) {
      if (++i > 16) throw err;
      if (err.message.startsWith('MOVED')) {
        client = await nodeFor(err.message);
        continue;
      }
      throw err;
    }
  }
}`,
  },
  {
    name: 'a state polled until it changes, acting in between',
    filename: js,
    code: `
async function scrollIntoView(el, max) {
  let visible = false;
  let scrolls = 0;
  while (!visible && scrolls < max) {
    try {
      visible = await el.isDisplayed();
    } catch {
      visible = false;
    }
    if (visible) break;
    await swipe();
    scrolls++;
  }
}`,
  },

  // A shared budget: the inner retry is handed the outer one's counter.
  {
    name: 'shared budget: the outer loop hands its counter to the inner retry',
    filename: js,
    code: `
async function deliver(msg, tries) {
  while (tries < 5) {
    try { return await post(msg); } catch (e) { tries++; await sleep(Math.random() * 1000 * 2 ** tries); }
  }
  throw new Error('gave up');
}
async function send(msg) {
  let tries = 0;
  while (tries < 5) {
    try { return await deliver(msg, tries); } catch (e) { tries++; await sleep(Math.random() * 1000 * 2 ** tries); }
  }
}`,
  },
  {
    name: 'separate budgets: the inner retry starts from zero every time',
    filename: js,
    code: `
async function deliver(msg, tries) {
  while (tries < 5) {
    try { return await post(msg); } catch (e) { tries++; await sleep(Math.random() * 1000 * 2 ** tries); }
  }
  throw new Error('gave up');
}
async function send(msg) {
  let tries = 0;
  while (tries < 5) {
    try { return await deliver(msg, 0); } catch (e) { tries++; await sleep(Math.random() * 1000 * 2 ** tries); }
  }
}`,
    expect: {
      'no-nested-retry': [{ line: 10, column: 3, messageId: 'nested', data: { what: 'This retry loop', inner: 'a retry loop', line: '3', amplification: 'up to 5 × 5 = 25 calls per request' } }],
    },
  },

  // Recall: an inner retry that gives up by going round the outer loop again.
  {
    name: 'continue outer from an inner retry loop is a nested retry',
    filename: js,
    code: `
async function sync() {
  outer: for (let round = 0; round < 3; round++) {
    await sleep(1000);
    for (let i = 0; i < 4; i++) {
      try {
        await push();
        return;
      } catch (e) {
        if (i === 3) continue outer;
        await sleep(Math.random() * 200 * 2 ** i);
      }
    }
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 3, column: 10, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 3 attempts' } }],
      'no-nested-retry': [{ line: 3, column: 10, messageId: 'nested', data: { what: 'This retry loop', inner: 'a retry loop', line: '5', amplification: 'up to 3 × 4 = 12 calls per request' } }],
    },
  },

  // ---------------------------------------------------------------------------------------
  // Recall: a wait that does not change is fixed even when its value is unknown.
  {
    name: 'fixed: a delay parameter of a recursive helper',
    filename: js,
    code: `
function retry(task, delay, retries) {
  return task().catch((err) => {
    if (retries <= 0) throw err;
    return sleep(delay).then(() => retry(task, delay, retries - 1));
  });
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 5, column: 36, messageId: 'fixedDelay', data: { what: '`retry()` retrying itself', delay: '`delay` (the same every time)', attempts: 'an unknown number of attempts' } }],
    },
  },
  {
    name: 'fixed: a config field read through this, never written',
    filename: js,
    code: `
class Manager {
  constructor(options) {
    this.reconnectSeconds = options.reconnectSeconds;
  }
  connect() {
    return amqp.connect(this.url).catch(() => {
      return wait(this.reconnectSeconds * 1000).then(() => this.connect());
    });
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 8, column: 60, messageId: 'fixedDelay', data: { what: '`connect()` retrying itself', delay: '`this.reconnectSeconds * 1000` (the same every time)', attempts: 'no limit on attempts' } }],
      'no-unbounded-retry': [{ line: 8, column: 60, messageId: 'unbounded', data: { what: '`connect()` retrying itself' } }],
    },
  },
  {
    name: 'not fixed: a wait taken from the server each time',
    filename: js,
    code: `
async function get(url) {
  for (let i = 0; i < 5; i++) {
    const res = await fetch(url);
    if (res.ok) return res;
    const wait = Number(res.headers.get('retry-after')) * 1000;
    await sleep(wait);
  }
}`,
  },
  {
    name: 'not fixed: a field that grows between attempts elsewhere in the class',
    filename: js,
    code: `
class Reconnector {
  onSuccess() {
    this.wait = 100;
  }
  reconnect() {
    this.open().catch(() => {
      this.wait = Math.min(this.wait * 2, 30000);
      setTimeout(() => this.reconnect(), this.wait);
    });
  }
}`,
    expect: {
      'require-jitter': [{ line: 9, column: 24, messageId: 'missingJitter', data: { what: '`reconnect()` retrying itself', delay: 'an exponentially growing delay, capped at 30 s', attempts: 'no limit on attempts' } }],
      'no-unbounded-retry': [{ line: 9, column: 24, messageId: 'unbounded', data: { what: '`reconnect()` retrying itself' } }],
    },
  },
  {
    name: 'growth kept in a variable multiplied by an option',
    filename: js,
    code: `
async function sendWithRetry(cmd, retry) {
  let attempt = 0;
  let delay = retry.initialDelayMs;
  while (true) {
    try {
      return await fetchCommand(cmd);
    } catch (err) {
      if (attempt >= retry.maxRetries) throw err;
      await sleep(delay);
      delay = Math.min(delay * retry.multiplier, retry.maxDelayMs);
      attempt += 1;
    }
  }
}`,
    expect: {
      'require-jitter': [{ line: 5, column: 3, messageId: 'missingJitter', data: { what: 'This retry loop', delay: 'an exponentially growing delay', attempts: 'an unknown number of attempts' } }],
    },
  },
  {
    name: 'growth: e to the power of the attempt count',
    filename: js,
    code: `
function scheduleReconnect() {
  this.attempts++;
  const delay = Math.min(Math.exp(this.attempts) * 100, 20000);
  setTimeout(() => {
    this.raw.connect().catch(() => this.scheduleReconnect());
  }, delay);
}`,
    expect: {
      'require-jitter': [{ line: 6, column: 36, messageId: 'missingJitter', data: { what: '`scheduleReconnect()` retrying itself', delay: '100 ms × e^n, capped at 20 s', attempts: 'no limit on attempts' } }],
      'no-unbounded-retry': [{ line: 6, column: 36, messageId: 'unbounded', data: { what: '`scheduleReconnect()` retrying itself' } }],
    },
  },

  // Recall: a delay strategy held in an options object the file builds.
  {
    name: 'strategy: an interval function made by a local factory',
    filename: js,
    code: `
function constant(value) {
  return function () { return value; };
}
function retry(task, cb) {
  const options = { times: 5, intervalFunc: constant(250) };
  let attempt = 1;
  function retryAttempt() {
    task((err, res) => {
      if (err && attempt++ < options.times) setTimeout(retryAttempt, options.intervalFunc(attempt - 1));
      else cb(err, res);
    });
  }
  retryAttempt();
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 10, column: 45, messageId: 'fixedDelay', data: { what: '`retryAttempt()` retrying itself', delay: 'a fixed 250 ms', attempts: 'up to 5 attempts' } }],
    },
  },
  {
    name: 'strategy: a backoff arrow in an options object',
    filename: js,
    code: `
const policy = { maxRetries: 4, delay: (n) => Math.min(100 * 2 ** n, 5000) };
async function call(op) {
  for (let n = 0; n < policy.maxRetries; n++) {
    try {
      return await op();
    } catch (e) {
      await sleep(policy.delay(n));
    }
  }
}`,
    expect: {
      'require-jitter': [{ line: 4, column: 3, messageId: 'missingJitter', data: { what: 'This retry loop', delay: '100 ms × 2^n, capped at 5 s', attempts: 'up to 4 attempts' } }],
    },
  },

  // Recall: limits that are off unless set.
  {
    name: 'a limit that falls back to Infinity',
    filename: js,
    code: `
async function retryIfFailed(fn, opts) {
  let retry = 0;
  const maxRetries = opts.maxRetries ?? Infinity;
  do {
    try {
      return await fn();
    } catch (err) {
      await sleep(opts.delayInMs);
    }
  } while (++retry < maxRetries);
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 5, column: 3, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: '`opts.delayInMs` (the same every time)', attempts: 'no limit on attempts' } }],
      'no-unbounded-retry': [{ line: 5, column: 3, messageId: 'unbounded', data: { what: 'This retry loop' } }],
    },
  },

  // Recall: a timeout wrapper is the operation, not the wait.
  {
    name: 'a promise whose timer rejects is a timeout around the operation',
    filename: js,
    code: `
async function load() {
  for (;;) {
    try {
      return await new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error('timeout')), 5000);
        fetchIt().then(resolve, reject);
      });
    } catch (e) {
      log(e);
    }
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 3, column: 3, messageId: 'immediate', data: { what: 'This retry loop', attempts: 'no limit on attempts' } }],
      'no-unbounded-retry': [{ line: 3, column: 3, messageId: 'unbounded', data: { what: 'This retry loop' } }],
    },
  },

  // Recall: awaited calls are operations whatever their name.
  {
    name: 'an awaited push is the operation',
    filename: js,
    code: `
async function publish(queue, msg) {
  while (true) {
    try {
      await queue.push(msg);
      return;
    } catch (e) {
      await sleep(250);
    }
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 3, column: 3, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 250 ms', attempts: 'no limit on attempts' } }],
      'no-unbounded-retry': [{ line: 3, column: 3, messageId: 'unbounded', data: { what: 'This retry loop' } }],
    },
  },

  // Recall: methods and aliases.
  {
    name: 'a node-style callback through a this alias',
    filename: js,
    code: `
function reconnect() {
  const self = this;
  setTimeout(() => {
    self.open((err) => {
      if (err) self.reconnect();
    });
  }, 1000);
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 6, column: 16, messageId: 'fixedDelay', data: { what: '`reconnect()` retrying itself', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
      'no-unbounded-retry': [{ line: 6, column: 16, messageId: 'unbounded', data: { what: '`reconnect()` retrying itself' } }],
    },
  },
  {
    name: 'an unreadable scheduler makes the wait unknown, not immediate',
    filename: js,
    code: `
function reconnect() {
  const self = this;
  this.setTimeoutFn(() => {
    self.open((err) => {
      if (err) self.reconnect();
    });
  }, this.backoff.duration());
}`,
    expect: {
      'no-unbounded-retry': [{ line: 6, column: 16, messageId: 'unbounded', data: { what: '`reconnect()` retrying itself' } }],
    },
  },
  {
    name: 'a wait inside the operation (a same-file function) is not an immediate retry',
    filename: js,
    code: `
async function connect() {
  if (retrying) await retryWait(retries);
  return dial();
}
async function subscribe() {
  for (let i = 0; i < 5; i++) {
    try {
      return await connect();
    } catch (e) {
      retrying = true;
    }
  }
}`,
  },

  // Failure as a value: a local function that catches its own failure and returns null.
  {
    name: 'sentinel: the helper returns null from its catch, and throws once its deadline passes',
    filename: js,
    code: `
async function refresh(getToken, intervalMs, deadline) {
  async function tryGet() {
    if (Date.now() < deadline) {
      try {
        return await getToken();
      } catch {
        return null;
      }
    }
    return await getToken();
  }
  let token = await tryGet();
  while (token === null) {
    await delay(intervalMs);
    token = await tryGet();
  }
  return token;
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 14, column: 3, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: '`intervalMs` (the same every time)', attempts: 'an unknown number of attempts' } }],
    },
  },
  {
    name: 'sentinel: a helper that never lets a failure out makes the loop endless',
    filename: js,
    code: `
async function load(url) {
  try {
    return await fetch(url);
  } catch {
    return null;
  }
}
async function loadForever(url) {
  let res = await load(url);
  while (res === null) {
    await sleep(1000);
    res = await load(url);
  }
  return res;
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 11, column: 3, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
      'no-unbounded-retry': [{ line: 11, column: 3, messageId: 'unbounded', data: { what: 'This retry loop' } }],
    },
  },
  {
    name: 'sentinel: null that only means "not there yet" (the helper rethrows) is polling',
    filename: js,
    code: `
async function find(id) {
  try {
    return await db.get(id);
  } catch (e) {
    log(e);
    throw e;
  }
}
async function waitFor(id) {
  let row = await find(id);
  while (row === null) {
    await sleep(1000);
    row = await find(id);
  }
  return row;
}`,
  },

  {
    name: 'sentinel: false from the catch, seen by a truth test (if (ok), !ok)',
    filename: js,
    code: `
async function ping(host) {
  try {
    await host.send('PING');
    return true;
  } catch {
    return false;
  }
}
async function waitForHost(host) {
  for (let i = 0; i < 4; i++) {
    const up = await ping(host);
    if (up) return up;
    await sleep(750);
  }
  throw new Error('down');
}
async function untilUp(host) {
  let up = await ping(host);
  while (!up) {
    await sleep(2000);
    up = await ping(host);
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [
        { line: 11, column: 3, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 4 attempts' } },
        { line: 20, column: 3, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'no limit on attempts' } },
      ],
      'no-unbounded-retry': [{ line: 20, column: 3, messageId: 'unbounded', data: { what: 'This retry loop' } }],
    },
  },
  {
    name: 'sentinel: false from the catch is not what a comparison with null sees',
    filename: js,
    code: `
async function read(store, key) {
  try {
    return await store.get(key);
  } catch {
    return false;
  }
}
async function waitForKey(store, key) {
  let value = await read(store, key);
  while (value === null) {
    await sleep(500);
    value = await read(store, key);
  }
  return value;
}`,
  },

  // A poller of this file handed a check that swallows its failure: the call retries that failure.
  {
    name: 'poller: a counted loop poller and a timer poller of this file, handed checks that return false or null from their catch',
    filename: js,
    code: `
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check, every = 300, tries = 8) {
  for (let i = 0; i < tries; i++) {
    if (await check()) return true;
    await pause(every);
  }
  return false;
}
function keepTrying(probe, interval) {
  return new Promise((resolve) => {
    const go = async () => {
      const value = await probe();
      if (value) return resolve(value);
      setTimeout(go, interval);
    };
    go();
  });
}
async function ready(svc) {
  await until(async () => {
    try {
      await svc.health();
      return true;
    } catch {
      return false;
    }
  });
}
function leader(cluster) {
  const elect = async () => {
    try {
      return await cluster.electLeader();
    } catch (err) {
      return null;
    }
  };
  return keepTrying(elect, 1000);
}`,
    expect: {
      'no-fixed-sleep-retry': [
        { line: 21, column: 9, messageId: 'fixedDelay', data: { what: 'This call of `until()`', delay: 'a fixed 300 ms', attempts: 'up to 8 attempts' } },
        { line: 38, column: 10, messageId: 'fixedDelay', data: { what: 'This call of `keepTrying()`', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } },
      ],
      'no-unbounded-retry': [{ line: 38, column: 10, messageId: 'unbounded', data: { what: 'This call of `keepTrying()`' } }],
    },
  },
  {
    name: 'poller: a state poll, a check that rethrows, a failure value that is truthy, and a function that calls its check once',
    filename: js,
    code: `
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check, every = 300) {
  for (;;) {
    if (await check()) return true;
    await pause(every);
  }
}
async function once(check) {
  const ok = await check();
  if (!ok) console.warn('not yet');
  return ok;
}
async function all(job, svc) {
  await until(async () => (await job.state()) === 'done');
  await until(async () => {
    try {
      return await svc.ping();
    } catch (err) {
      console.error(err);
      throw err;
    }
  });
  await until(async () => {
    try {
      return await svc.read();
    } catch {
      return 'down';
    }
  });
  await once(async () => {
    try {
      return await svc.read();
    } catch {
      return false;
    }
  });
}`,
  },

  // A loop whose operation a function of this file (or a method of a class it extends) guards: waits in its catch, returns.
  {
    name: 'guarded: a function of the file and an inherited method wait in their catch; the loop goes round to the same call',
    filename: js,
    code: `
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function shielded(task) {
  try {
    return await task();
  } catch (err) {
    console.error(err);
    await wait(1000);
  }
}
class Poller {
  async settle(fn) {
    try {
      await fn();
    } catch {
      await wait(3000);
    }
  }
}
class Sync extends Poller {
  async loop(api) {
    while (true) {
      await this.settle(async () => api.sync());
    }
  }
}
async function follow(feed) {
  let since = 0;
  for (let turn = 0; turn < 50; turn++) {
    const page = await shielded(() => feed.after(since));
    if (page) since = page.last;
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [
        { line: 22, column: 5, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 3 s', attempts: 'no limit on attempts' } },
        { line: 29, column: 3, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 50 attempts' } },
      ],
      'no-unbounded-retry': [{ line: 22, column: 5, messageId: 'unbounded', data: { what: 'This retry loop' } }],
    },
  },
  {
    name: 'guarded: a new item each turn, a page counter stepped after a failure too, a this.offset moved every turn, a guard that waits then rethrows, a loop that waits every turn (polling)',
    filename: js,
    code: `
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function shielded(task) {
  try {
    return await task();
  } catch (err) {
    await wait(1000);
  }
}
async function passOn(task) {
  try {
    return await task();
  } catch (err) {
    await wait(1000);
    throw err;
  }
}
async function work(queue) {
  while (queue.length) {
    const job = queue.shift();
    await shielded(() => job.run());
  }
}
async function pages(feed) {
  let page = 0;
  while (true) {
    await shielded(() => feed.get(page));
    page++;
  }
}
class Tail {
  async run() {
    while (!this.done) {
      await shielded(() => this.file.read(this.offset));
      this.offset += this.chunk;
    }
  }
}
async function strict(api) {
  while (true) {
    await passOn(() => api.sync());
  }
}
async function every(api) {
  while (true) {
    await shielded(() => api.refresh());
    await wait(60000);
  }
}`,
  },

  {
    name: 'guarded: a catch that stops the loop is no retry; one that does other work may stop it unseen (no unbounded claim)',
    filename: js,
    code: `
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
class Feed {
  async stopping(fn) {
    try {
      return await fn();
    } catch {
      this.stopped = true;
      await wait(200);
    }
  }
  async resetting(fn) {
    try {
      return await fn();
    } catch {
      await this.reset();
      await wait(200);
    }
  }
  async once() {
    while (!this.stopped) {
      await this.stopping(() => this.pull());
    }
  }
  async always() {
    while (true) {
      await this.resetting(() => this.pull());
    }
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 26, column: 5, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 200 ms', attempts: 'an unknown number of attempts' } }],
    },
  },

  {
    name: 'guarded: a loop that runs while its owner is open never gives up; work in the catch that only some failures do leaves the rest to the wait',
    filename: js,
    code: `
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
class Consumer {
  async shielded(fn) {
    try {
      return await fn();
    } catch (err) {
      if (!isDisconnect(err)) this.emit('error', err);
      await pause(2000);
    }
  }
  async quiet(fn) {
    try {
      return await fn();
    } catch (failure) {
      failure.code === 'EPIPE' && this.report(failure);
      await pause(750);
    }
  }
  async consume() {
    let cursor = '$';
    while (!this.closing) {
      const batch = await this.shielded(() => this.store.read(cursor));
      if (batch) cursor = batch.last;
    }
  }
  async follow() {
    while (this.running) {
      await this.quiet(() => this.link.pull());
    }
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [
        { line: 22, column: 5, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'no limit on attempts' } },
        { line: 28, column: 5, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'no limit on attempts' } },
      ],
      'no-unbounded-retry': [
        { line: 22, column: 5, messageId: 'unbounded', data: { what: 'This retry loop' } },
        { line: 28, column: 5, messageId: 'unbounded', data: { what: 'This retry loop' } },
      ],
    },
  },
  {
    name: 'guarded: no unbounded claim where every failure does other work, where the work shares the wait\'s branch, or where the flag is a local',
    filename: js,
    code: `
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
class Reader {
  async always(fn) {
    try {
      return await fn();
    } catch (err) {
      await this.reset(err);
      await pause(500);
    }
  }
  async together(fn) {
    try {
      return await fn();
    } catch (err) {
      if (isTransient(err)) {
        await this.reopen();
        await pause(500);
      }
    }
  }
  async a() {
    while (!this.closing) {
      await this.always(() => this.src.read());
    }
  }
  async b() {
    while (!this.closing) {
      await this.together(() => this.src.read());
    }
  }
  async c() {
    let stop = false;
    this.once('end', () => { stop = true; });
    while (!stop) {
      await this.always(() => this.src.read());
    }
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [
        { line: 23, column: 5, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'an unknown number of attempts' } },
        { line: 28, column: 5, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'an unknown number of attempts' } },
        { line: 35, column: 5, messageId: 'fixedDelay', data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'an unknown number of attempts' } },
      ],
    },
  },

  // Two ways back into one function: each is a policy of its own.
  {
    name: 'two policies: a network failure goes again at once, a 429 sleeps first and is not counted',
    filename: js,
    code: `
async function request(manager, retries) {
  try {
    return await manager.send();
  } catch (error) {
    if (retries < manager.maxRetries) return null;
    throw error;
  }
}
class Handler {
  async run(route, retries = 0) {
    const res = await request(this.manager, retries);
    if (res === null) {
      return this.run(route, ++retries);
    }
    if (res.status === 429) {
      await sleep(Number(res.headers.get('retry-after')) * 1000);
      return this.run(route, retries);
    }
    return res;
  }
}`,
    expect: {
      'no-fixed-sleep-retry': [{ line: 14, column: 14, messageId: 'immediate', data: { what: '`run()` retrying itself', attempts: 'an unknown number of attempts' } }],
      'no-unbounded-retry': [{ line: 18, column: 14, messageId: 'unbounded', data: { what: '`run()` retrying itself' } }],
    },
  },
  {
    name: 'two policies? no: the same retry whose wait may be zero',
    filename: js,
    code: `
function attempt(fn, options) {
  return fn().catch((err) => {
    if (options.current >= options.max) throw err;
    const wait = options.base * 2 ** options.current++ * (0.5 + Math.random());
    if (wait) {
      return new Promise((r) => setTimeout(r, wait)).then(() => attempt(fn, options));
    }
    return attempt(fn, options);
  });
}`,
  },
  {
    name: 'two policies? no: the second way back hands on the host list the attempt used',
    filename: js,
    code: `
class Control {
  async refresh(hosts) {
    if (this.closing) return;
    try {
      if (!hosts) hosts = await this.plan();
      await this.connectTo(hosts);
    } catch (err) {
      if (!this.closing) setTimeout(() => this.refresh(), this.schedule.next().value);
      return;
    }
    try {
      await this.loadTopology();
    } catch (err) {
      return await this.refresh(hosts);
    }
  }
}`,
    expect: {
      'no-unbounded-retry': [{ line: 9, column: 43, messageId: 'unbounded', data: { what: '`refresh()` retrying itself' } }],
    },
  },

  {
    name: 'minified: a call result named `e` is not an error, and recursion on the rest of the input is parsing',
    filename: js,
    code: `
function me(n) {
  if (!n) return [''];
  let e = Gt('{', '}', n);
  if (!e) return n.split(',');
  let { pre: s, post: r } = e;
  let h = me(r);
  return [s, ...h];
}`,
  },

  {
    name: 'a state machine resumed after a throw (React\'s work loop) is not a retry',
    filename: js,
    code: `
let workInProgress = null;
let suspendedReason = 0;
let thrownValue = null;
function handleThrow(root, value) {
  suspendedReason = value === SuspenseException ? 3 : 1;
  thrownValue = value;
}
function renderRootSync(root) {
  do {
    try {
      if (suspendedReason !== 0 && workInProgress !== null) {
        switch (suspendedReason) {
          case 3:
            replaySuspendedUnitOfWork(workInProgress);
            break;
          default:
            suspendedReason = 0;
            throwAndUnwind(root, workInProgress, thrownValue);
        }
      }
      workLoopSync();
      break;
    } catch (thrown) {
      handleThrow(root, thrown);
    }
  } while (true);
}
`,
  },

  // Scope: names resolve through scopes.
  {
    name: 'scope: a promise resolver named like the enclosing function is not a self-call',
    filename: js,
    code: `
async function r(o) {
  for (let i = 0; i < 3; i++) {
    try {
      return await o();
    } catch (e) {
      await new Promise((r) => setTimeout(r, Math.random() * 100 * 2 ** i));
    }
  }
  throw new Error('x');
}`,
  },
  {
    name: 'scope: a local named like the enclosing function is not recursion',
    filename: js,
    code: `
function load(url) {
  const load = () => fetch(url);
  return load().catch(() => load());
}`,
  },
  {
    name: 'scope: a parameter named like the enclosing function is not recursion',
    filename: js,
    code: `
function write(abort, body, socket) {
  try {
    socket.write(body);
  } catch (err) {
    abort(err);
  }
}`,
  },
];

const RULE_IDS: RuleId[] = ['no-fixed-sleep-retry', 'require-jitter', 'no-unbounded-retry', 'no-nested-retry'];

for (const id of RULE_IDS) {
  const rule = plugin.rules[id] as unknown as TSESLint.RuleModule<string, readonly unknown[]>;
  const valid = shapes
    .filter((s) => !s.expect?.[id]?.length)
    .map((s) => ({ name: s.name, code: s.code, ...(s.filename ? { filename: s.filename } : {}) }));
  const invalid = shapes
    .filter((s) => s.expect?.[id]?.length)
    .map((s) => ({
      name: s.name,
      code: s.code,
      ...(s.filename ? { filename: s.filename } : {}),
      errors: (s.expect?.[id] ?? []).map((e) => ({ line: e.line, column: e.column, messageId: e.messageId, ...(e.data ? { data: e.data } : {}) })),
    }));
  ruleTester.run(`${id} on real-code shapes`, rule, { valid, invalid });
}
