import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * An attempt that tells how it went in a field of its result (`{ kind: 'retryable' }` returned
 * from its `catch`, `{ kind: 'ok' }` from its plain path) instead of throwing: the field's
 * values are read from the function that returns them, not from their names, and a test of
 * the field (`===`, `!==`, a truth test, a `switch`, a destructured field) is a test of the
 * outcome. A field whose values are all returned on plain paths (`'done'`, `'pending'`) is a
 * state: a loop on it polls. Also: `res = await new Promise((r) => setTimeout(() => r(op()),
 * ms))`, a wait and then the call, makes the attempt inside the loop.
 */

const attempt = `
type Result = { kind: 'ok'; body: string } | { kind: 'again'; error: unknown } | { kind: 'fatal'; error: unknown };
async function once(url: string): Promise<Result> {
  try {
    const res = await fetch(url);
    return { kind: 'ok', body: await res.text() };
  } catch (error) {
    if (error instanceof TypeError) return { kind: 'again', error };
    return { kind: 'fatal', error };
  }
}
`;

const flagged = `
async function deliver(msg: string) {
  try {
    await fetch('/send', { method: 'POST', body: msg });
    return { delivered: true };
  } catch {
    return { delivered: false };
  }
}
`;

const fixed = (line: number, delay: string, attempts: string) => ({ messageId: 'fixedDelay' as const, line, column: 3, data: { what: 'This retry loop', delay, attempts } });

const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'result-fields');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('no-fixed-sleep-retry on a field of the attempt’s result', noFixedSleepRetry, {
  valid: [
    {
      name: 'TypeScript: a field whose values are all returned on plain paths is a state: polling',
      code: `
async function jobState(id: string) {
  try {
    const j = await (await fetch('/jobs/' + id)).json();
    if (j.finished) return { state: 'done' };
    return { state: 'pending' };
  } catch {
    return { state: 'unknown' };
  }
}
export async function waitForJob(id: string) {
  for (let i = 0; i < 60; i++) {
    const j = await jobState(id);
    if (j.state === 'done') return;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
`,
      filename: 'jobs.ts',
    },
    {
      name: 'TypeScript: the loop waits at random before the next call',
      code: `${attempt}
export async function get(url: string): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const result = await once(url);
    if (result.kind === 'ok') return result.body;
    await new Promise((r) => setTimeout(r, Math.random() * 1000));
  }
  throw new Error('gave up');
}
`,
      filename: 'get.ts',
    },
  ],
  invalid: [
    {
      name: 'TypeScript: === on the value its plain path returns',
      code: `${attempt}
export async function get(url: string): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const result = await once(url);
    if (result.kind === 'ok') return result.body;
    if (result.kind === 'fatal') throw result.error;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('gave up');
}
`,
      filename: 'get.ts',
      errors: [fixed(14, 'a fixed 500 ms', 'up to 5 attempts')],
    },
    {
      name: 'TypeScript: a while on !== the plain value, the first attempt before the loop and a count guard before the next',
      code: `${attempt}
export async function get(url: string): Promise<string> {
  let used = 0;
  let result = await once(url);
  while (result.kind !== 'ok') {
    if (result.kind === 'fatal' || used >= 3) throw result.error;
    used += 1;
    await new Promise((r) => setTimeout(r, 200));
    result = await once(url);
  }
  return result.body;
}
`,
      filename: 'get.ts',
      errors: [fixed(16, 'a fixed 200 ms', 'up to 4 attempts')],
    },
    {
      name: 'TypeScript: the next call made in the timer that ends the wait',
      code: `${attempt}
export async function get(url: string): Promise<string> {
  let used = 0;
  let result = await once(url);
  while (true) {
    if (result.kind === 'ok') return result.body;
    if (used >= 5) throw new Error('exhausted');
    used += 1;
    result = await new Promise<Result>((resolve) => {
      setTimeout(() => resolve(once(url)), 1000);
    });
  }
}
`,
      filename: 'get.ts',
      errors: [fixed(16, 'a fixed 1 s', 'up to 6 attempts')],
    },
    {
      name: 'JavaScript: a destructured boolean field renamed, its truth tested',
      code: `${flagged.replace('msg: string', 'msg')}
export async function send(msg) {
  for (let i = 0; i < 4; i++) {
    const { delivered: landed } = await deliver(msg);
    if (landed) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}
`,
      filename: 'send.js',
      errors: [fixed(12, 'a fixed 250 ms', 'up to 4 attempts')],
    },
    {
      name: 'TypeScript: a switch on a field of a result made in another module',
      ...file('sync.ts'),
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 750 ms', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter on a field of the attempt’s result', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: a truth test of a boolean field, the wait doubling',
      code: `${flagged}
export async function send(msg: string) {
  let wait = 100;
  for (let i = 0; i < 5; i++) {
    const outcome = await deliver(msg);
    if (outcome.delivered) return;
    await new Promise((r) => setTimeout(r, wait));
    wait *= 2;
  }
}
`,
      filename: 'send.ts',
      errors: [{ messageId: 'missingJitter', line: 13, column: 3, data: { what: 'This retry loop', delay: '100 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry on a field of the attempt’s result', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: for (;;) until the field holds the plain value',
      code: `${attempt}
export async function get(url: string): Promise<string> {
  for (;;) {
    const result = await once(url);
    if (result.kind === 'ok') return result.body;
    await new Promise((r) => setTimeout(r, 500));
  }
}
`,
      filename: 'get.ts',
      errors: [{ messageId: 'unbounded', line: 14, column: 3 }],
    },
  ],
});
