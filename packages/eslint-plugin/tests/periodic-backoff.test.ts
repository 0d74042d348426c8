import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// Issue 26, cause F: a periodic task whose failure path backs off. The task goes again after a
// success too (its schedule, never a finding) and after a failure; the failure's way back is a
// retry when it waits otherwise than the schedule: a wait that grows from one failure to the
// next, or a different known number. The same wait on both ways, or no failure path at all
// (heartbeats, `setInterval` pollers), is a periodic task: silent. Analysis: graph/schedules.ts.

/** TypeScript, recursion with the wait first: the argument says which wait the next round takes; the error wait triples, capped, with no limit. */
const f1 = `
const delay = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export class Mirror {
  private penalty = 500;
  constructor(private fetchAll: () => Promise<void>, private period: number) {}

  async cycle(healthy: boolean): Promise<void> {
    await delay(healthy ? this.period : this.bumpPenalty());
    try {
      await this.fetchAll();
      this.penalty = 500;
      void this.cycle(true);
    } catch {
      void this.cycle(false);
    }
  }

  private bumpPenalty(): number {
    const current = this.penalty;
    this.penalty = Math.min(this.penalty * 3, 120_000);
    return current;
  }
}
`;

/** Promise callbacks on timers: the schedule is a minute, the failure's wait doubles up to five minutes. */
const f2 = `
let gap = 1000;
export function refresh(load) {
  load()
    .then(() => {
      gap = 1000;
      setTimeout(() => refresh(load), 60000);
    })
    .catch(() => {
      gap = Math.min(gap * 2, 300000);
      setTimeout(() => refresh(load), gap);
    });
}
`;

/** `.then(onOk, onError)`: a fixed error wait shorter than the schedule. */
const f3 = `
export function watch(probe) {
  probe().then(
    () => setTimeout(() => watch(probe), 30000),
    () => setTimeout(() => watch(probe), 5000),
  );
}
`;

/** TypeScript, timers in `try`/`catch`: the failure path doubles its wait and gives up after five failures. */
const f4 = `
export class Collector {
  private failures = 0;
  constructor(private scrape: () => Promise<void>) {}
  async run(): Promise<void> {
    try {
      await this.scrape();
      this.failures = 0;
      setTimeout(() => this.run(), 15_000);
    } catch (err) {
      if (++this.failures > 5) throw err;
      setTimeout(() => this.run(), 1_000 * 2 ** this.failures);
    }
  }
}
`;

/** TypeScript, a loop: a success waits the period, a failure waits a doubling backoff; nothing leaves. */
const f5 = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function syncForever(pull: () => Promise<void>, every: number): Promise<never> {
  let backoff = 1000;
  for (;;) {
    try {
      await pull();
      backoff = 1000;
      await sleep(every);
    } catch {
      await sleep(backoff);
      backoff = Math.min(backoff * 2, 60_000);
    }
  }
}
`;

/**
 * A loop whose try holds only the request: a failure goes round from the catch after a doubling
 * wait; the schedule's wait comes after the try, on the success path only.
 */
const f9 = `
export async function watchJob(id: string): Promise<string> {
  let wait = 500;
  for (;;) {
    let res: Response;
    try {
      res = await fetch('/jobs/' + id);
    } catch {
      await new Promise((r) => setTimeout(r, wait));
      wait *= 2;
      continue;
    }
    const job = await res.json();
    if (job.state === 'done') return job.result;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
`;

/** The same, its catch waiting the schedule's own 1 s: a periodic task that carries on. */
const fv9 = f9.replace('setTimeout(r, wait));\n      wait *= 2;', 'setTimeout(r, 1000));');

/** JavaScript: the catch falls out of the try (no continue): its wait and the one after the try both run on a failure. */
const fv10 = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function follow(pull) {
  for (;;) {
    try {
      await pull();
    } catch (e) {
      console.error(e);
      await sleep(200);
    }
    await sleep(200);
  }
}
`;

/** A loop whose failure wait (2 s) differs from its period (30 s); five failures in a row end it. */
const f6 = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function follow(pull) {
  let failures = 0;
  while (failures < 5) {
    try {
      await pull();
      failures = 0;
      await sleep(30000);
    } catch (e) {
      failures++;
      await sleep(2000);
    }
  }
}
`;

/** The same wait after a failure as after a success: a ticker that carries on, not a retry. */
const fv1 = `
export class Ticker {
  constructor(private job: () => Promise<void>, private every: number) {}
  async tick(): Promise<void> {
    try {
      await this.job();
    } catch (e) {
      console.error(e);
      setTimeout(() => this.tick(), this.every);
      return;
    }
    setTimeout(() => this.tick(), this.every);
  }
}
`;

/** A heartbeat and a `setInterval` poller: no failure path goes back. */
const fv2 = `
export function heartbeat(socket) {
  socket.ping();
  setTimeout(() => heartbeat(socket), 5000);
}
export function poll(check) {
  setInterval(async () => {
    try {
      await check();
    } catch (e) {
      console.error(e);
    }
  }, 1000);
}
`;

/** The same fixed wait on both ways of `.then(onOk, onError)`. */
const fv3 = `
export function watch(probe) {
  probe().then(
    () => setTimeout(() => watch(probe), 5000),
    () => setTimeout(() => watch(probe), 5000),
  );
}
`;

/** The wait first, the same on both ways. */
const fv4 = `
const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export class Pump {
  constructor(private step: () => Promise<void>, private every: number) {}
  async go(): Promise<void> {
    await pause(this.every);
    try {
      await this.step();
      void this.go();
    } catch {
      void this.go();
    }
  }
}
`;

/** The failure's growing wait is jittered. */
const fv5 = `
let gap = 1000;
export function refresh(load) {
  load()
    .then(() => {
      gap = 1000;
      setTimeout(() => refresh(load), 60000);
    })
    .catch(() => {
      gap = Math.min(gap * 2, 300000);
      setTimeout(() => refresh(load), gap / 2 + (Math.random() * gap) / 2);
    });
}
`;

/** A loop that waits the same period after a failure as after a success. */
const fv6 = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export async function follow(pull, every) {
  while (true) {
    try {
      await pull();
      await sleep(every);
    } catch (e) {
      console.error(e);
      await sleep(every);
    }
  }
}
`;

/** TypeScript: the schedule waits by a value the response may change (unknown), the failure by a constant of its own, imported. */
const f7 = `
import { POLL_MS, POLL_ERROR_MS } from './settings';

export async function poll(client: { logs(cursor?: string): Promise<{ cursor?: string; waitMs?: number }> }, cursor?: string): Promise<void> {
  try {
    let nextMs = POLL_MS;
    const page = await client.logs(cursor);
    if (page.waitMs) nextMs = page.waitMs;
    setTimeout(() => void poll(client, page.cursor ?? cursor), nextMs);
  } catch {
    setTimeout(() => void poll(client, cursor), POLL_ERROR_MS);
  }
}
`;

/** JavaScript: the same, on fields of the instance: \`this.intervalMs\` after a success, \`this.errorMs\` after a failure. */
const f8 = `
class Watcher {
  constructor(source, intervalMs, errorMs) {
    this.source = source;
    this.intervalMs = intervalMs;
    this.errorMs = errorMs;
  }
  tick() {
    this.source.read().then(
      () => { this.timer = setTimeout(() => this.tick(), this.intervalMs); },
      () => { this.timer = setTimeout(() => this.tick(), this.errorMs); },
    );
  }
}
module.exports = { Watcher };
`;

/** The same setting on both ways: the schedule carrying on. */
const fv7 = f7.replace('POLL_ERROR_MS);', 'POLL_MS);');
const fv8 = f8.replace('this.tick(), this.errorMs)', 'this.tick(), this.intervalMs)');

ruleTester.run("require-jitter on a periodic task's failure path", requireJitter, {
  valid: [
    { name: 'the same wait after a failure as after a success', code: fv1 },
    { name: 'a heartbeat and a setInterval poller', code: fv2, filename: 'file.js' },
    { name: 'the same fixed wait on both ways', code: fv3, filename: 'file.js' },
    { name: 'the wait first, the same on both ways', code: fv4 },
    { name: 'a jittered failure wait', code: fv5, filename: 'file.js' },
    { name: "a fixed error wait is no-fixed-sleep-retry's", code: f3, filename: 'file.js' },
    { name: 'a loop, the same wait both ways', code: fv6, filename: 'file.js' },
    { name: "a loop whose catch goes round, the schedule's 1 s on both ways", code: fv9 },
    { name: 'JavaScript: a catch that falls out of the try to the same wait as a success', code: fv10, filename: 'file.js' },
  ],
  invalid: [
    {
      name: 'the wait first, the error wait tripling',
      code: f1,
      errors: [{ messageId: 'missingJitter', line: 15, column: 12, endLine: 15, endColumn: 29, data: { what: '`cycle()` retrying itself', delay: '500 ms × 3^n, capped at 2 min', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'promise callbacks, the error wait doubling',
      code: f2,
      filename: 'file.js',
      errors: [{ messageId: 'missingJitter', line: 11, column: 24, endLine: 11, endColumn: 37, data: { what: '`refresh()` retrying itself', delay: '1 s × 2^n, capped at 5 min', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'timers in try/catch, the error wait doubling, bounded',
      code: f4,
      errors: [{ messageId: 'missingJitter', line: 12, column: 24, endLine: 12, endColumn: 34, data: { what: '`run()` retrying itself', delay: '1 s × 2^n', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'a loop, the error wait doubling',
      code: f5,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, endLine: 5, endColumn: 11, data: { what: 'This retry loop', delay: '1 s × 2^n, capped at 1 min', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a loop whose catch goes round after a doubling wait, the schedule waiting after the try',
      code: f9,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 11, data: { what: 'This retry loop', delay: '500 ms × 2^n', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run("no-fixed-sleep-retry on a periodic task's failure path", noFixedSleepRetry, {
  valid: [
    { name: 'the same wait after a failure as after a success', code: fv1 },
    { name: 'a heartbeat and a setInterval poller', code: fv2, filename: 'file.js' },
    { name: 'the same fixed wait on both ways', code: fv3, filename: 'file.js' },
    { name: 'the wait first, the same on both ways', code: fv4 },
    { name: "a growing error wait is require-jitter's", code: f1 },
    { name: "a doubling error wait is require-jitter's", code: f2, filename: 'file.js' },
    { name: 'a loop, the same wait both ways', code: fv6, filename: 'file.js' },
    { name: "a loop, a doubling error wait is require-jitter's", code: f5 },
    { name: 'the same constant after a failure as after a success', code: fv7 },
    { name: 'JavaScript: the same field after a failure as after a success', code: fv8, filename: 'file.js' },
  ],
  invalid: [
    {
      name: 'a fixed error wait shorter than the schedule',
      code: f3,
      filename: 'file.js',
      errors: [{ messageId: 'fixedDelay', line: 5, column: 28, endLine: 5, endColumn: 40, data: { what: '`watch()` retrying itself', delay: 'a fixed 5 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a constant of its own after a failure, the schedule waiting by a value the response may change',
      code: f7,
      errors: [{ messageId: 'fixedDelay', line: 11, column: 27, data: { what: '`poll()` retrying itself', delay: '`POLL_ERROR_MS` (the same every time)', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'JavaScript: a field of its own after a failure (this.errorMs), another after a success (this.intervalMs)',
      code: f8,
      filename: 'file.js',
      errors: [{ messageId: 'fixedDelay', line: 11, column: 45, data: { what: '`tick()` retrying itself', delay: '`this.errorMs` (the same every time)', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a loop, a fixed error wait other than the period',
      code: f6,
      filename: 'file.js',
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 23, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run("no-unbounded-retry on a periodic task's failure path", noUnboundedRetry, {
  valid: [
    { name: 'five failures and it gives up', code: f4 },
    { name: 'the same wait after a failure as after a success', code: fv1 },
    { name: 'a heartbeat and a setInterval poller', code: fv2, filename: 'file.js' },
    { name: 'the same fixed wait on both ways', code: fv3, filename: 'file.js' },
    { name: 'the wait first, the same on both ways', code: fv4 },
    { name: 'a loop ended by five failures in a row', code: f6, filename: 'file.js' },
    { name: 'a loop, the same wait both ways', code: fv6, filename: 'file.js' },
  ],
  invalid: [
    {
      name: 'the wait first, no limit',
      code: f1,
      errors: [{ messageId: 'unbounded', line: 15, column: 12, endLine: 15, endColumn: 29, data: { what: '`cycle()` retrying itself' } }],
    },
    {
      name: 'promise callbacks, no limit',
      code: f2,
      filename: 'file.js',
      errors: [{ messageId: 'unbounded', line: 11, column: 24, endLine: 11, endColumn: 37, data: { what: '`refresh()` retrying itself' } }],
    },
    {
      name: 'a fixed error wait, no limit',
      code: f3,
      filename: 'file.js',
      errors: [{ messageId: 'unbounded', line: 5, column: 28, endLine: 5, endColumn: 40, data: { what: '`watch()` retrying itself' } }],
    },
    {
      name: 'a jittered error wait, still no limit',
      code: fv5,
      filename: 'file.js',
      errors: [{ messageId: 'unbounded', line: 11, column: 24, endLine: 11, endColumn: 37, data: { what: '`refresh()` retrying itself' } }],
    },
    {
      name: 'a loop with no way out',
      code: f5,
      errors: [{ messageId: 'unbounded', line: 5, column: 3, endLine: 5, endColumn: 11, data: { what: 'This retry loop' } }],
    },
  ],
});
