import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A wait that grows as a power of the attempt (`base * attempt ** 2`, `Math.pow(n, 3)`,
 * `w * n * n`) is polynomial: described as "base × n²", never as linear or fixed. The class
 * comes from one evaluation of the wait as a function of the attempt counter
 * (analysis/src/evolution/scalar.ts), whatever form carries the counter: a loop variable, a
 * recursion's argument, a counter kept on `this`.
 */

const JS = 'retry.js';

const loopTs = `
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function flush(write: () => Promise<void>) {
  for (let round = 1; round <= 6; round++) {
    try {
      return await write();
    } catch {
      await pause(150 * round ** 2);
    }
  }
}
`;

const mathPowJs = `
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
async function store(put) {
  let tries = 0;
  while (tries < 4) {
    try {
      return await put();
    } catch (err) {
      tries += 1;
      await pause(Math.pow(tries, 3) * 40);
    }
  }
  throw new Error('store failed');
}
module.exports = { store };
`;

const recursionJs = `
async function deliver(event, round = 1) {
  try {
    return await queue.push(event);
  } catch (problem) {
    if (round >= 4) throw problem;
    await new Promise((r) => setTimeout(r, 250 * round ** 2));
    return deliver(event, round + 1);
  }
}
module.exports = deliver;
`;

const timerRecursionTs = `
export function ping(host: string, n = 0): void {
  probe(host).catch(() => {
    if (n > 8) return;
    setTimeout(() => ping(host, n + 1), 20 * n * n);
  });
}
declare function probe(host: string): Promise<void>;
`;

const cappedTs = `
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function drain(pull: () => Promise<string>) {
  let step = 0;
  while (step < 10) {
    try {
      return await pull();
    } catch {
      step++;
      await wait(Math.min(30_000, 500 * step ** 2));
    }
  }
  throw new Error('drained nothing');
}
`;

const parameterBaseTs = `
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function sync(run: () => Promise<void>, gapMs: number) {
  for (let k = 0; k < 5; k++) {
    try {
      return await run();
    } catch {
      await wait(gapMs * (k + 1) ** 2);
    }
  }
}
`;

const methodCounterTs = `
export class Uplink {
  private failures = 0;
  async send(frame: Uint8Array): Promise<void> {
    try {
      await this.socket.write(frame);
      this.failures = 0;
    } catch (e) {
      this.failures++;
      if (this.failures > 5) throw e;
      await new Promise((r) => setTimeout(r, 75 * this.failures ** 2));
      return this.send(frame);
    }
  }
  constructor(private socket: { write(f: Uint8Array): Promise<void> }) {}
}
`;

const summedJs = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function refresh(load) {
  let wait = 0;
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      return await load();
    } catch (_) {
      wait += 100 * attempt;
      await sleep(wait);
    }
  }
}
module.exports = refresh;
`;

const summedTs = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function refresh(load: () => Promise<void>) {
  let wait = 0;
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      return await load();
    } catch {
      wait = wait + 200 * attempt;
      await sleep(wait);
    }
  }
}
`;

ruleTester.run('require-jitter on waits that grow as a power of the attempt', requireJitter, {
  valid: [
    {
      name: 'a polynomial wait with full jitter',
      code: loopTs.replace('150 * round ** 2', 'Math.random() * 150 * round ** 2'),
    },
    {
      name: 'a cubic wait in JavaScript with randomness added',
      code: mathPowJs.replace('Math.pow(tries, 3) * 40', 'Math.pow(tries, 3) * 40 + Math.random() * 100'),
      filename: JS,
    },
    {
      name: 'the power of a constant is a constant: the wait is fixed, not growing',
      code: loopTs.replace('150 * round ** 2', '200 * 3 ** 2'),
    },
  ],
  invalid: [
    {
      name: 'TypeScript loop, base * attempt ** 2',
      code: loopTs,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a polynomial 150 ms × n²', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'JavaScript loop, Math.pow(attempt, 3) * base',
      code: mathPowJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a polynomial 40 ms × n³', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'JavaScript recursion, the counter an argument stepped on the way back',
      code: recursionJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 8, column: 12, data: { what: '`deliver()` retrying itself', delay: 'a polynomial 250 ms × n²', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'TypeScript recursion on a timer, n * n',
      code: timerRecursionTs,
      errors: [{ messageId: 'missingJitter', line: 5, column: 22, data: { what: '`ping()` retrying itself', delay: 'a polynomial 20 ms × n²', attempts: 'up to 10 attempts' } }],
    },
    {
      name: 'a cap keeps the class and is stated',
      code: cappedTs,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a polynomial 500 ms × n², capped at 30 s', attempts: 'up to 10 attempts' } }],
    },
    {
      name: 'a base the caller passes: the power is still known',
      code: parameterBaseTs,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a delay growing as n²', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'JavaScript loop, a wait that adds a step growing with the attempt: n² (100 × n(n+1)/2)',
      code: summedJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a polynomial 50 ms × n²', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'TypeScript loop, wait = wait + 200 * attempt',
      code: summedTs,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a polynomial 100 ms × n²', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a counter kept on this, squared',
      code: methodCounterTs,
      errors: [{ messageId: 'missingJitter', line: 12, column: 14, data: { what: '`send()` retrying itself', delay: 'a polynomial 75 ms × n²', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on waits that grow as a power of the attempt', noFixedSleepRetry, {
  valid: [
    { name: 'base * attempt ** 2 in a loop is not fixed', code: loopTs },
    { name: 'Math.pow(attempt, 3) in a loop is not fixed', code: mathPowJs, filename: JS },
    { name: 'a squared recursion argument is not fixed', code: recursionJs, filename: JS },
    { name: 'a caller-given base times n² is not fixed', code: parameterBaseTs },
  ],
  invalid: [
    {
      name: 'the power of a constant is fixed',
      code: loopTs.replace('150 * round ** 2', '200 * 3 ** 2'),
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1.8 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});
