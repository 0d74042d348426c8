import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Shapes common in code as written, each read by a general analysis rather than a case:
 * - the negation of a status comparison is its opposite (`status !== 503` is true exactly
 *   when `=== 503`, a failure, is false: leaving on it goes round on the failure), whatever
 *   the code and whatever the exit (`break`, `return`);
 * - a loop bounded by the length of a list of numbers that it uses as its waits counts
 *   those waits (a schedule), it does not walk the list as items;
 * - the attempt's status stays its status when copied (`status = res.status`): a loop test on
 *   the copy compared with a code reads the outcome, not a state the work reached (polling);
 * - a process's exit code compared with 0 (`result.exitCode === 0`) is the process's outcome.
 */

const JS = 'retry.js';

const negatedBreakTs = `
export async function post(url: string, body: unknown) {
  let response: Response | undefined;
  for (let i = 0; i <= 3; i++) {
    response = await fetch(url, { method: 'POST', body: JSON.stringify(body) });
    if (response.status !== 503) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return response;
}
`;

const negatedReturnJs = `
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
async function submit(form) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const res = await fetch('/submit', { method: 'POST', body: form });
    if (res.statusCode != 429) return res;
    await pause(250 * attempt);
  }
  throw new Error('rate limited');
}
module.exports = { submit };
`;

const negatedWhileTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function put(key: string, value: string): Promise<Response> {
  let tries = 0;
  while (true) {
    const res = await fetch(\`/kv/\${key}\`, { method: 'PUT', body: value });
    if (502 !== res.status || ++tries > 4) return res;
    await sleep(1000);
  }
}
`;

const tableLengthTs = `
const DELAYS = [1000, 2000, 5000, 10000];
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function notify(hook: string, payload: unknown) {
  for (let i = 0; i <= DELAYS.length; i++) {
    const res = await fetch(hook, { method: 'POST', body: JSON.stringify(payload) });
    if (res.ok) return;
    if (i < DELAYS.length) await sleep(DELAYS[i]);
  }
  throw new Error('webhook failed');
}
`;

const tableLengthJs = `
const BACKOFF = [200, 200, 200];
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
async function store(db, row) {
  for (let n = 0; n < BACKOFF.length; n++) {
    try {
      return await db.insert(row);
    } catch (e) {
      await wait(BACKOFF[n]);
    }
  }
  throw new Error('insert failed');
}
module.exports = store;
`;

const itemsLengthTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function pushAll(items: string[]) {
  for (let i = 0; i < items.length; i++) {
    try {
      await fetch('/push', { method: 'POST', body: items[i] });
    } catch {
      await sleep(1000);
    }
  }
}
`;

const copiedStatusTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function upload(data: Blob) {
  let status = 0;
  let attempt = 0;
  while (status !== 200 && attempt < 5) {
    const res = await fetch('/upload', { method: 'POST', body: data });
    status = res.status;
    attempt++;
    if (status !== 200) await sleep(3000);
  }
  return status === 200;
}
`;

const copiedStatusJs = `
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
async function ship(order) {
  let code;
  for (let n = 1; n <= 4; n++) {
    const reply = await fetch('/ship', { method: 'POST', body: order });
    code = reply.status;
    if (code < 400) return reply;
    await wait(700 * n);
  }
  throw new Error('shipping failed with ' + code);
}
module.exports = ship;
`;

const stageStateTs = `
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function waitForDeploy(id: string) {
  let stage = 'queued';
  let checks = 0;
  while (stage !== 'ready' && checks < 60) {
    const res = await fetch(\`/deploys/\${id}\`);
    const body = (await res.json()) as { stage: string };
    stage = body.stage;
    checks++;
    await sleep(2000);
  }
}
`;

const exitCodeTs = `
import { execa } from 'execa';
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export async function install(pkg: string) {
  for (let i = 0; i < 3; i++) {
    const result = await execa('npm', ['install', pkg], { reject: false });
    if (result.exitCode === 0) return;
    await sleep(5000);
  }
  throw new Error(\`npm install \${pkg} failed\`);
}
`;

const exitCodeNonZeroJs = `
const { spawnSync } = require('node:child_process');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function pull(image) {
  let tries = 0;
  while (true) {
    const { exitCode } = await run('docker', ['pull', image]);
    if (exitCode !== 0 && tries < 4) {
      tries++;
      await sleep(2000 * 2 ** tries);
      continue;
    }
    return exitCode;
  }
}
module.exports = pull;
`;

ruleTester.run('require-jitter on negated status tests and wait tables', requireJitter, {
  valid: [
    {
      name: 'a negated status test with a jittered wait',
      code: negatedReturnJs.replace('250 * attempt', 'Math.random() * 250 * attempt'),
      filename: JS,
    },
    { name: 'a loop over the items of a list, each sent once, is not a retry', code: itemsLengthTs },
    { name: 'a loop reading a stage the deploy reports, until it is ready, polls', code: stageStateTs },
  ],
  invalid: [
    {
      name: 'a status copied into a variable, compared with a code',
      code: copiedStatusJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a linear 700 ms × n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'an exit code that is not 0, destructured from the process result',
      code: exitCodeNonZeroJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 6, column: 3, data: { what: 'This retry loop', delay: '2 s × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'return unless 429 (!=), a linear wait',
      code: negatedReturnJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a linear 250 ms × n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a loop bounded by the length of its table of waits',
      code: tableLengthTs,
      errors: [{ messageId: 'missingJitter', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a schedule of 1 s, 2 s, 5 s then 10 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on negated status tests and wait tables', noFixedSleepRetry, {
  valid: [
    { name: 'a growing linear wait is not fixed', code: negatedReturnJs, filename: JS },
    { name: 'a loop over the items of a list is not a retry', code: itemsLengthTs },
    { name: 'a loop waiting for a reported stage is polling', code: stageStateTs },
  ],
  invalid: [
    {
      name: 'the loop test reads a copy of the status (while status !== 200)',
      code: copiedStatusTs,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: 'This retry loop', delay: 'a fixed 3 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a process run again until its exit code is 0',
      code: exitCodeTs,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 5 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'break unless 503 (!==), then return the last response',
      code: negatedBreakTs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'the code on the left (502 !== status), with the bound in the same test',
      code: negatedWhileTs,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'a table of equal waits, bounded by its length',
      code: tableLengthJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 200 ms', attempts: 'up to 3 attempts' } }],
    },
  ],
});
