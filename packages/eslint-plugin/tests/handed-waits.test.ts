import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A function that waits at its entry on a parameter (`await wait(delay)`) and calls itself back
 * with a new value for it (`send(url, attempt + 1, 2000)`, `500 * 2 ** attempt`): from the second
 * attempt on, that value is the wait. The parameter feeds only the wait, so handing it a new value
 * is not another request (a fallback): it is the same request after another wait. Before, such a
 * call back was read as a fallback to other inputs and nothing was reported.
 */

const entryWait = (guard: string, next: string) => `function wait(ms: number) { return new Promise<void>((r) => setTimeout(r, ms)); }
export async function send(url: string, attempt: number, delay: number): Promise<Response> {
  ${guard}
  try {
    return await fetch(url);
  } catch (error) {
    if (attempt >= 12) throw error;
    return send(url, attempt + 1, ${next});
  }
}
`;

const privateMethod = `function wait(ms: number) { return new Promise<void>((r) => setTimeout(r, ms)); }
export class Req {
  constructor(public url: string) {}
  async #send(attempt: number, delay: number): Promise<string> {
    if (attempt >= 12) throw new Error('exceeded maximum retry limit');
    if (delay > 0) await wait(delay);
    try {
      return await (await fetch(this.url)).text();
    } catch {
      const next = 2000;
      return this.#send(attempt + 1, next);
    }
  }
  send(): Promise<string> {
    return this.#send(0, 0);
  }
}
`;

const growing = `const wait = (ms) => new Promise((r) => setTimeout(r, ms));
export async function send(url, attempt = 0, delay = 0) {
  if (delay > 0) await wait(delay);
  try {
    return await fetch(url);
  } catch (error) {
    if (attempt >= 4) throw error;
    return send(url, attempt + 1, 500 * 2 ** attempt);
  }
}
`;

/** The parameter handed a new value is what the attempt sends to: a fallback to the backup host, not a retry. */
const otherHost = `const BACKUP = 'https://backup.example.com';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function load(host: string, attempt = 0): Promise<Response> {
  await wait(100);
  try {
    return await fetch(\`\${host}/data\`);
  } catch (error) {
    if (attempt >= 3) throw error;
    const next = BACKUP;
    return load(next, attempt + 1);
  }
}
`;

const fixed = (what: string, line: number, column: number, attempts: string) => ({ messageId: 'fixedDelay' as const, line, column, data: { what, delay: 'a fixed 2 s', attempts } });

ruleTester.run('no-fixed-sleep-retry with the wait handed back to the next attempt', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: the host handed back is another request', code: otherHost, filename: 'load.ts' },
    { name: 'JavaScript: a growing wait handed back is not fixed', code: growing, filename: 'send.js' },
  ],
  invalid: [
    { name: 'TypeScript: `await wait(delay)` at entry, 2000 handed back', code: entryWait('await wait(delay);', '2000'), filename: 'send.ts', errors: [fixed('`send()` retrying itself', 8, 12, 'up to 13 attempts')] },
    { name: 'TypeScript: behind `if (delay > 0)`', code: entryWait('if (delay > 0) await wait(delay);', '2000'), filename: 'send.ts', errors: [fixed('`send()` retrying itself', 8, 12, 'up to 13 attempts')] },
    { name: 'TypeScript: a private method, the value through a const, named with its `#`', code: privateMethod, filename: 'req.ts', errors: [fixed('`#send()` retrying itself', 11, 14, 'up to 13 attempts')] },
  ],
});

ruleTester.run('require-jitter with a growing wait handed back to the next attempt', requireJitter, {
  valid: [{ name: 'TypeScript: a random wait handed back', code: entryWait('await wait(delay);', 'Math.random() * 500 * 2 ** attempt'), filename: 'send.ts' }],
  invalid: [
    {
      name: 'JavaScript: `500 * 2 ** attempt` handed back',
      code: growing,
      filename: 'send.js',
      errors: [{ messageId: 'missingJitter', line: 8, column: 12, data: { what: '`send()` retrying itself', delay: '500 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
  ],
});
