import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// TypeScript overload signatures (`function f(a): R;` with no body, a method or constructor
// declared several times before the one with code) are not definitions: the helper, the
// retrying function, the method and the constructor are read from the declaration whose code
// runs (analysis definitions/bodies.ts). Overloads exist only in TypeScript, so every case is
// TS; the JavaScript forms of the same retries are in the other suites.

const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('no-fixed-sleep-retry through overload signatures', noFixedSleepRetry, {
  valid: [
  ],
  invalid: [
    {
      name: "loop: an exported sleep helper with two overloads waits a parameter, the same every attempt",
      code: `export function rest(ms: number): Promise<void>;
export function rest(ms: number, why: string): Promise<void>;
export function rest(ms: number, why?: string): Promise<void> {
  return new Promise((wake) => setTimeout(wake, ms));
}

export async function syncInventory(push: () => Promise<void>, gap: number, limit: number) {
  for (let round = 0; round < limit; round++) {
    try {
      return await push();
    } catch {
      await rest(gap);
    }
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 8, column: 3, endLine: 8, endColumn: 46, data: {"what": "This retry loop", "delay": "`gap` (the same every time)", "attempts": "an unknown number of attempts"} },
      ],
    },
    {
      name: "recursion: a local sleep helper with overloads, called before the self-call",
      code: `function holdOff(ms: number): Promise<void>;
function holdOff(ms: number, label: string): Promise<void>;
function holdOff(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

export async function sendReport(body: string, left = 4): Promise<Response> {
  try {
    return await fetch('/report', { method: 'POST', body });
  } catch (error) {
    if (left <= 1) throw error;
    await holdOff(750);
    return sendReport(body, left - 1);
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 13, column: 12, endLine: 13, endColumn: 38, data: {"what": "`sendReport()` retrying itself", "delay": "a fixed 750 ms", "attempts": "up to 4 attempts"} },
      ],
    },
    {
      name: "recursion: the retrying function itself is overloaded, its self-call names the overloads",
      code: `export function readConfig(path: string): Promise<string>;
export function readConfig(path: string, tries: number): Promise<string>;
export async function readConfig(path: string, tries = 5): Promise<string> {
  try {
    const res = await fetch(path);
    return await res.text();
  } catch (error) {
    if (tries <= 1) throw error;
    await new Promise((r) => setTimeout(r, 300));
    return readConfig(path, tries - 1);
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 10, column: 12, endLine: 10, endColumn: 39, data: {"what": "`readConfig()` retrying itself", "delay": "a fixed 300 ms", "attempts": "up to 5 attempts"} },
      ],
    },
    {
      name: "loop: a private method sleep with overloads",
      code: `class Poster {
  private async idle(ms: number): Promise<void>;
  private async idle(ms: string): Promise<void>;
  private async idle(ms: number | string): Promise<void> {
    await new Promise((r) => setTimeout(r, Number(ms)));
  }
  async post(url: string) {
    for (let i = 0; i < 3; i++) {
      try {
        return await fetch(url, { method: 'POST' });
      } catch {
        await this.idle(400);
      }
    }
  }
}
export default Poster;
`,
      errors: [
        { messageId: 'fixedDelay', line: 8, column: 5, endLine: 8, endColumn: 32, data: {"what": "This retry loop", "delay": "a fixed 400 ms", "attempts": "up to 3 attempts"} },
      ],
    },
    {
      name: "timer: a reconnect through an overloaded method, by setTimeout on close",
      code: `export class Feed {
  private socket?: WebSocket;
  listen(): void;
  listen(topic: string): void;
  listen(topic = 'all'): void {
    this.socket = new WebSocket(\`wss://feed.example/\${topic}\`);
    this.socket.onclose = () => setTimeout(() => this.listen(topic), 3000);
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 7, column: 50, endLine: 7, endColumn: 68, data: {"what": "`listen()` retrying itself", "delay": "a fixed 3 s", "attempts": "no limit on attempts"} },
      ],
    },
    {
      name: "timer: constructor overloads before the constructor that sets the limit",
      code: `export class Tail {
  private opened = 0;
  private most = 0;
  constructor(host: string);
  constructor(host: string, settings: { most?: number });
  constructor(private host: string, settings: { most?: number } = {}) {
    this.limitTo(settings.most || Infinity);
  }
  limitTo(n: number) { this.most = n; return this; }
  follow(): void {
    if (this.opened++ >= this.most) return;
    fetch(this.host).catch(() => setTimeout(() => this.follow(), 4000));
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 12, column: 51, endLine: 12, endColumn: 64, data: {"what": "`follow()` retrying itself", "delay": "a fixed 4 s", "attempts": "no limit on attempts"} },
      ],
    },
  ],
});

ruleTester.run('no-unbounded-retry through constructor overloads', noUnboundedRetry, {
  valid: [
    {
      name: "the constructor with code defaults the limit to 5 (the overloads set nothing)",
      code: `export class Channel {
  private attempts = 0;
  private ceiling: number;
  constructor(endpoint: string);
  constructor(endpoint: string, ceiling: number);
  constructor(private endpoint: string, ceiling = 5) {
    this.ceiling = ceiling;
  }
  start(): void {
    if (this.attempts++ >= this.ceiling) return;
    fetch(this.endpoint).catch(() => setTimeout(() => this.start(), 1500));
  }
}
`,
    },
    {
      name: "an overloaded sleep helper in a bounded recursion",
      code: `function holdOff(ms: number): Promise<void>;
function holdOff(ms: number, label: string): Promise<void>;
function holdOff(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

export async function sendReport(body: string, left = 4): Promise<Response> {
  try {
    return await fetch('/report', { method: 'POST', body });
  } catch (error) {
    if (left <= 1) throw error;
    await holdOff(750);
    return sendReport(body, left - 1);
  }
}
`,
    },
  ],
  invalid: [
    {
      name: "the limit defaults to Infinity in the constructor that has code, behind two overloads",
      code: `export class Tail {
  private opened = 0;
  private most = 0;
  constructor(host: string);
  constructor(host: string, settings: { most?: number });
  constructor(private host: string, settings: { most?: number } = {}) {
    this.limitTo(settings.most || Infinity);
  }
  limitTo(n: number) { this.most = n; return this; }
  follow(): void {
    if (this.opened++ >= this.most) return;
    fetch(this.host).catch(() => setTimeout(() => this.follow(), 4000));
  }
}
`,
      errors: [
        { messageId: 'unbounded', line: 12, column: 51, endLine: 12, endColumn: 64, data: {"what": "`follow()` retrying itself"} },
      ],
    },
    {
      name: "the limit defaults to Number.POSITIVE_INFINITY when the overload without it is used",
      code: `export class Channel {
  private attempts = 0;
  private ceiling = 0;
  constructor(endpoint: string);
  constructor(endpoint: string, ceiling: number);
  constructor(private endpoint: string, ceiling?: number) {
    this.ceiling = ceiling ?? Number.POSITIVE_INFINITY;
  }
  start(): void {
    if (this.attempts++ >= this.ceiling) return;
    fetch(this.endpoint).catch(() => setTimeout(() => this.start(), 1500));
  }
}
`,
      errors: [
        { messageId: 'unbounded', line: 11, column: 55, endLine: 11, endColumn: 67, data: {"what": "`start()` retrying itself"} },
      ],
    },
  ],
});

ruleTester.run('require-jitter through an overloaded backoff', requireJitter, {
  valid: [
    {
      name: "a fixed wait through an overloaded helper is not a backoff",
      code: `export function rest(ms: number): Promise<void>;
export function rest(ms: number, why: string): Promise<void>;
export function rest(ms: number, why?: string): Promise<void> {
  return new Promise((wake) => setTimeout(wake, ms));
}

export async function syncInventory(push: () => Promise<void>, gap: number, limit: number) {
  for (let round = 0; round < limit; round++) {
    try {
      return await push();
    } catch {
      await rest(gap);
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: "an overloaded function computes base * 2 ** step; a local sleep waits it",
      code: `function backoffFor(step: number): number;
function backoffFor(step: number, base: number): number;
function backoffFor(step: number, base = 100): number {
  return base * 2 ** step;
}
const idle = (ms: number) => new Promise<void>((go) => setTimeout(go, ms));

export async function syncAll(push: () => Promise<void>) {
  for (let step = 0; step < 6; step++) {
    try {
      await push();
      return;
    } catch {
      await idle(backoffFor(step));
    }
  }
}
`,
      errors: [
        { messageId: 'missingJitter', line: 9, column: 3, endLine: 9, endColumn: 39, data: {"what": "This retry loop", "delay": "100 ms \u00d7 2^n", "attempts": "up to 6 attempts"} },
      ],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry across files through overload signatures', noFixedSleepRetry, {
  valid: [{ name: 'the module of overloaded helpers itself retries nothing', ...file('overloads/lib/timing.ts') }],
  invalid: [
    {
      name: 'an overloaded sleep exported by `export { holdOff }`, read in its module by its code',
      ...file('overloads/main.ts'),
      errors: [{ messageId: 'fixedDelay', line: 15, column: 3, endLine: 15, endColumn: 16, data: { what: 'This retry loop', delay: 'a fixed 1.2 s', attempts: 'up to 3 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter across files through overload signatures', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'an exported overloaded step function computes the wait an overloaded sleep makes',
      ...file('overloads/main.ts'),
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, endLine: 4, endColumn: 49, data: { what: 'This retry loop', delay: 'a linear 250 ms × n', attempts: 'up to 5 attempts' } }],
    },
  ],
});
