import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// Issue 26, the bound as the exits from the failure cycle: a stop decided outside the cycle (a
// flag another function sets, a timer handle another function clears, an effect's cleanup, a
// predicate of the failure or a caller's callback that may say no) is an exit of unknown count
// (analysis: exits/external.ts). No "never gives up" then; the wait is still a fact and still
// reported. A flag nothing outside writes, one the attempt resets, a write of the value that goes
// on, or a `while (true)` with only `continue` keep the finding.

const v1_ts = `export class Ticker {
  private stopped = false;
  constructor(private endpoint: string) {}
  beat(): void {
    if (this.stopped) return;
    fetch(this.endpoint).catch(() => {
      setTimeout(() => this.beat(), 1500);
    });
  }
  stop(): void {
    this.stopped = true;
  }
}
`;

const v2_ts = `export class Mirror {
  private disposed = false;
  constructor(private load: () => Promise<void>) {}
  sync(): void {
    this.load().catch(() => {
      if (this.disposed) return;
      setTimeout(() => this.sync(), 800);
    });
  }
  dispose(): void {
    this.disposed = true;
  }
}
`;

const v3_ts = `export class Beacon {
  private pending?: ReturnType<typeof setTimeout>;
  constructor(private target: string) {}
  send(): void {
    fetch(this.target).catch(() => {
      this.pending = setTimeout(() => this.send(), 4000);
    });
  }
  shutdown(): void {
    clearTimeout(this.pending);
  }
}
`;

const v4_ts = `const rest = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
export class Consumer {
  private running = true;
  constructor(private take: () => Promise<void>) {}
  async loop(): Promise<void> {
    while (this.running) {
      try {
        await this.take();
        return;
      } catch {
        await rest(2000);
      }
    }
  }
  halt(): void {
    this.running = false;
  }
}
`;

const v5_js = `const rest = (ms) => new Promise((done) => setTimeout(done, ms));
function transient(problem) {
  return problem.code === 'ECONNRESET' || problem.code === 'EPIPE';
}
async function push(client, payload) {
  for (;;) {
    try {
      return await client.write(payload);
    } catch (problem) {
      if (!transient(problem)) throw problem;
      await rest(750);
    }
  }
}
module.exports = { push };
`;

const v6_ts = `const rest = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
export async function query(run: () => Promise<string>, opts: { again: (e: unknown) => boolean }) {
  while (true) {
    try {
      return await run();
    } catch (e) {
      if (opts.again(e)) {
        await rest(300);
        continue;
      }
      throw e;
    }
  }
}
`;

const v7_tsx = `import { useEffect } from 'react';
export function useTicker(source: string) {
  useEffect(() => {
    let gone = false;
    const dial = () => {
      if (gone) return;
      const socket = new WebSocket(source);
      socket.onclose = () => setTimeout(dial, 2500);
    };
    dial();
    return () => {
      gone = true;
    };
  }, [source]);
}
`;

const v8_jsx = `import { useEffect } from 'react';
export function useQuote(symbol) {
  useEffect(() => {
    let handle;
    const pull = () => {
      fetch('/quote/' + symbol).catch(() => {
        handle = setTimeout(pull, 1500);
      });
    };
    pull();
    return () => clearTimeout(handle);
  }, [symbol]);
}
`;

const v9_js = `class Channel {
  constructor(url, Socket) {
    this.url = url;
    this.Socket = Socket;
    this.closing = false;
  }
  open() {
    this.socket = new this.Socket(this.url);
    this.socket.on('close', () => {
      if (this.closing) return;
      setTimeout(() => this.open(), 1000);
    });
  }
  close() {
    this.closing = true;
    this.socket.close();
  }
}
module.exports = Channel;
`;

const v10_ts = `export class Session {
  private phase: 'idle' | 'live' | 'ended' = 'idle';
  constructor(private login: () => Promise<void>) {}
  begin(): void {
    if (this.phase === 'ended') return;
    this.login().then(
      () => { this.phase = 'live'; },
      () => { setTimeout(() => this.begin(), 5000); },
    );
  }
  end(): void {
    this.phase = 'ended';
  }
}
`;

const i1_ts = `export class Ticker {
  private stopped = false;
  constructor(private endpoint: string) {}
  beat(): void {
    if (this.stopped) return;
    fetch(this.endpoint).catch(() => {
      setTimeout(() => this.beat(), 1500);
    });
  }
}
`;

const i2_ts = `export class Ticker {
  private stopped = false;
  constructor(private endpoint: string) {}
  beat(): void {
    this.stopped = false;
    if (this.stopped) return;
    fetch(this.endpoint).catch(() => {
      setTimeout(() => this.beat(), 1500);
    });
  }
  stop(): void {
    this.stopped = true;
  }
}
`;

const i3_js = `const rest = (ms) => new Promise((done) => setTimeout(done, ms));
async function push(client, payload) {
  while (true) {
    try {
      return await client.write(payload);
    } catch (problem) {
      await rest(750);
      continue;
    }
  }
}
module.exports = { push };
`;

const i4_js = `class Channel {
  constructor(url, Socket) {
    this.url = url;
    this.Socket = Socket;
    this.closing = false;
  }
  open() {
    this.socket = new this.Socket(this.url);
    this.socket.on('close', () => {
      if (this.closing) return;
      setTimeout(() => this.open(), 1000);
    });
  }
  reopen() {
    this.closing = false;
    this.open();
  }
}
module.exports = Channel;
`;

const i6_tsx = `import { useEffect } from 'react';
export function useTicker(source: string) {
  useEffect(() => {
    let gone = false;
    const dial = () => {
      if (gone) return;
      const socket = new WebSocket(source);
      socket.onclose = () => setTimeout(dial, 2500);
    };
    dial();
    return () => {
      console.log('unmounted', source);
    };
  }, [source]);
}
`;

const i7_ts = `export class Beacon {
  private pending?: ReturnType<typeof setTimeout>;
  constructor(private target: string) {}
  send(): void {
    fetch(this.target).catch(() => {
      this.pending = setTimeout(() => this.send(), 4000);
    });
  }
  shutdown(): void {
    clearTimeout(this.other);
  }
  private other?: ReturnType<typeof setTimeout>;
}
`;

const i8_ts = `const rest = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
export class Consumer {
  private halted = false;
  constructor(private take: () => Promise<void>) {}
  async loop(): Promise<void> {
    while (!this.halted) {
      try {
        await this.take();
        return;
      } catch {
        await rest(2000);
      }
    }
  }
}
`;

const v11_ts = `const rest = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
export class Consumer {
  private halted = false;
  private failures = 0;
  constructor(private take: () => Promise<void>) {}
  async loop(): Promise<void> {
    while (!this.halted) {
      try {
        await this.take();
        return;
      } catch {
        this.note();
        await rest(2000);
      }
    }
  }
  private note(): void {
    if (++this.failures > 4) this.halted = true;
  }
}
`;


/** The way back waits for an answer from code not read here (a prompt): it may say no. */
const v12_ts = `import { confirm } from './prompts';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function upload(send: () => Promise<void>): Promise<void> {
  while (true) {
    try {
      return await send();
    } catch (err) {
      const again = await confirm('Upload failed. Try again?');
      if (!again) throw err;
      await pause(1000);
    }
  }
}
`;
/** The same with the answer asked inline, from an options object the caller hands in. */
const v13_js = `const pause = (ms) => new Promise((r) => setTimeout(r, ms));
async function sync(job, options) {
  for (;;) {
    try {
      return await job();
    } catch (err) {
      if (!(await options.keepTrying())) throw err;
      await pause(500);
    }
  }
}
module.exports = { sync };
`;
/** A local function that always says yes is read: nothing stops it. */
const i9_js = `const pause = (ms) => new Promise((r) => setTimeout(r, ms));
function again() {
  return true;
}
async function sync(job) {
  for (;;) {
    try {
      return await job();
    } catch (err) {
      if (!again()) throw err;
      await pause(500);
    }
  }
}
module.exports = { sync };
`;

/** TypeScript: the way back sits inside \`if (!this.stopped)\` in the close listener; stop() sets the flag. */
const v14_ts = `import net from 'node:net';
export class Link {
  private socket?: net.Socket;
  private stopped = false;
  constructor(private host: string, private port: number) {}
  start(): void {
    const socket = net.connect(this.port, this.host);
    socket.on('close', () => {
      if (!this.stopped) setTimeout(() => this.start(), 5000);
    });
    this.socket = socket;
  }
  stop(): void {
    this.stopped = true;
    this.socket?.destroy();
  }
}
`;

/** JavaScript: the way back in the else branch of \`if (this.closed)\`, which close() sets. */
const v15_js = `class Tail {
  constructor(url) { this.url = url; this.closed = false; }
  open() {
    const ws = new WebSocket(this.url);
    ws.onclose = () => {
      if (this.closed) {
        console.log('closed');
      } else {
        setTimeout(() => this.open(), 2000);
      }
    };
  }
  close() { this.closed = true; }
}
module.exports = { Tail };
`;

/** The same link with no stop(): nothing outside the way back writes the flag it tests. */
const i10_ts = v14_ts.replace(/  stop\(\): void \{[\s\S]*?\n  \}\n/, '');

ruleTester.run('no-unbounded-retry with exits decided outside the failure cycle', noUnboundedRetry, {
  valid: [
    { name: "class timer re-entry: `if (this.stopped) return` before each attempt, stop() sets it", filename: 'file.ts', code: v1_ts },
    { name: "class: the failure callback checks `this.disposed`, which dispose() sets", filename: 'file.ts', code: v2_ts },
    { name: "class: the timer handle is kept and shutdown() clears it", filename: 'file.ts', code: v3_ts },
    { name: "class loop `while (this.running)`: halt() clears the flag", filename: 'file.ts', code: v4_ts },
    { name: "loop: the caller's callback decides whether to go again, otherwise it throws", filename: 'file.ts', code: v6_ts },
    { name: "React effect: the cleanup sets the `gone` local the reconnect checks", filename: 'file.tsx', code: v7_tsx },
    { name: "React effect (JSX): the cleanup clears the timer handle the failure path stores", filename: 'file.jsx', code: v8_jsx },
    { name: "JS event reconnect: on('close') checks `this.closing`, which close() sets", filename: 'file.js', code: v9_js },
    { name: "class: a state compared with a string literal that end() writes", filename: 'file.ts', code: v10_ts },
    { name: "loop `while (!this.halted)`: a method the catch calls sets the flag past a count", filename: 'file.ts', code: v11_ts },
    { name: "loop: the way back asks a prompt not read here whether to go again", filename: 'file.ts', code: v12_ts },
    { name: "JS loop: the way back asks a callback of the caller's options whether to go again", filename: 'file.js', code: v13_js },
    { name: "TypeScript: the way back inside `if (!this.stopped)` in a close listener, which stop() sets", filename: 'file.ts', code: v14_ts },
    { name: "JS: the way back in the else branch of `if (this.closed)`, which close() sets", filename: 'file.js', code: v15_js },
  ],
  invalid: [
    // Sorting failures is not counting them: in an outage every failure is the transient kind.
    { name: "JS loop: a readable predicate that sorts the caught error by its code lets the transient kind go on for ever", filename: 'file.js', code: v5_js, errors: [{ messageId: 'unbounded', line: 6, column: 3, data: { what: 'This retry loop' } }] },
    { name: "loop `while (!this.halted)` where nothing but the initialiser writes the flag", filename: 'file.ts', code: i8_ts, errors: [{ messageId: 'unbounded', line: 6, column: 5, data: { what: 'This retry loop' } }] },
    { name: "the same ticker with no stop(): nothing outside the cycle writes the flag", filename: 'file.ts', code: i1_ts, errors: [{ messageId: 'unbounded', line: 7, column: 24, data: { what: "`beat()` retrying itself" } }] },
    { name: "the ticker resets its flag at the start of every attempt: stop() is undone", filename: 'file.ts', code: i2_ts, errors: [{ messageId: 'unbounded', line: 8, column: 24, data: { what: "`beat()` retrying itself" } }] },
    { name: "a local function that always answers yes is no exit", filename: 'file.js', code: i9_js, errors: [{ messageId: 'unbounded', line: 6, column: 3, data: { what: 'This retry loop' } }] },
    { name: "`while (true)` with only `continue` on failure", filename: 'file.js', code: i3_js, errors: [{ messageId: 'unbounded', line: 3, column: 3, data: { what: "This retry loop" } }] },
    { name: "the only other write of the flag is reopen()'s `false`, the value that goes on", filename: 'file.js', code: i4_js, errors: [{ messageId: 'unbounded', line: 11, column: 24, data: { what: "`open()` retrying itself" } }] },
    { name: "an effect whose cleanup neither sets the flag nor clears the timer", filename: 'file.tsx', code: i6_tsx, errors: [{ messageId: 'unbounded', line: 8, column: 30, data: { what: "`dial()` retrying itself" } }] },
    { name: "shutdown() clears another handle, not the one the failure path stores", filename: 'file.ts', code: i7_ts, errors: [{ messageId: 'unbounded', line: 6, column: 39, data: { what: "`send()` retrying itself" } }] },
    { name: "the link with no stop(): the flag around the way back is written nowhere", filename: 'file.ts', code: i10_ts, errors: [{ messageId: 'unbounded', line: 9, column: 43, data: { what: "`start()` retrying itself" } }] },
  ],
});

ruleTester.run('no-fixed-sleep-retry with exits decided outside the failure cycle', noFixedSleepRetry, {
  valid: [],
  invalid: [
    { name: "still a fixed wait, count unknown: class timer re-entry: `if (this.stopped) return` before each attempt, stop() sets it", filename: 'file.ts', code: v1_ts, errors: [{ messageId: 'fixedDelay', line: 7, column: 24, data: { what: "`beat()` retrying itself", delay: 'a fixed 1.5 s', attempts: 'an unknown number of attempts' } }] },
    { name: "still a fixed wait, count unknown: class: the timer handle is kept and shutdown() clears it", filename: 'file.ts', code: v3_ts, errors: [{ messageId: 'fixedDelay', line: 6, column: 39, data: { what: "`send()` retrying itself", delay: 'a fixed 4 s', attempts: 'an unknown number of attempts' } }] },
    { name: "no exit: JS loop: a readable predicate sorts the caught error by its code", filename: 'file.js', code: v5_js, errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: "This retry loop", delay: 'a fixed 750 ms', attempts: 'no limit on attempts' } }] },
    { name: "still a fixed wait, count unknown: React effect: the cleanup sets the `gone` local the reconnect checks", filename: 'file.tsx', code: v7_tsx, errors: [{ messageId: 'fixedDelay', line: 8, column: 30, data: { what: "`dial()` retrying itself", delay: 'a fixed 2.5 s', attempts: 'an unknown number of attempts' } }] },
    { name: "still a fixed wait, count unknown: JS event reconnect: on('close') checks `this.closing`, which close() sets", filename: 'file.js', code: v9_js, errors: [{ messageId: 'fixedDelay', line: 11, column: 24, data: { what: "`open()` retrying itself", delay: 'a fixed 1 s', attempts: 'an unknown number of attempts' } }] },
    { name: "still a fixed wait, count unknown: loop: the caller's callback decides whether to go again, otherwise it throws", filename: 'file.ts', code: v6_ts, errors: [{ messageId: 'fixedDelay', line: 3, column: 3, data: { what: "This retry loop", delay: 'a fixed 300 ms', attempts: 'an unknown number of attempts' } }] },
    { name: "still a fixed wait, count unknown: the way back inside `if (!this.stopped)`, which stop() sets", filename: 'file.ts', code: v14_ts, errors: [{ messageId: 'fixedDelay', line: 9, column: 43, data: { what: "`start()` retrying itself", delay: 'a fixed 5 s', attempts: 'an unknown number of attempts' } }] },
    { name: "still a fixed wait, count unknown: the way back asks a prompt not read here", filename: 'file.ts', code: v12_ts, errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: "This retry loop", delay: 'a fixed 1 s', attempts: 'an unknown number of attempts' } }] },
    { name: "no exit: the same ticker with no stop(): nothing outside the cycle writes the flag", filename: 'file.ts', code: i1_ts, errors: [{ messageId: 'fixedDelay', line: 7, column: 24, data: { what: "`beat()` retrying itself", delay: 'a fixed 1.5 s', attempts: 'no limit on attempts' } }] },
    { name: "no exit: the ticker resets its flag at the start of every attempt: stop() is undone", filename: 'file.ts', code: i2_ts, errors: [{ messageId: 'fixedDelay', line: 8, column: 24, data: { what: "`beat()` retrying itself", delay: 'a fixed 1.5 s', attempts: 'no limit on attempts' } }] },
  ],
});
