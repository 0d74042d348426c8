import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A `switch` on the attempt's status asks what an `if` chain on it asks: the cases that fall
 * through to one body are one test (`case 200: case 201:` is `status === 200 || status === 201`),
 * read by the same outcome analysis. The success group leaves the loop (a plain `break` only
 * leaves the switch), the failure group goes round it: the loop retries. A switch on a state
 * the work reports (a job's `state`) polls it.
 */

const JS = 'retry.js';

const statusSwitchTs = `
export async function upload(part: Uint8Array, url: string): Promise<void> {
  let left = 4;
  while (left-- > 0) {
    const res = await fetch(url, { method: 'PUT', body: part });
    switch (res.status) {
      case 200:
      case 201:
        return;
      case 503:
        await new Promise((r) => setTimeout(r, 2000));
        continue;
      default:
        throw new Error(\`upload failed \${res.status}\`);
    }
  }
  throw new Error('upload: service unavailable');
}
`;

const statusSwitchJs = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function notify(hook, payload) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(hook, { method: 'POST', body: JSON.stringify(payload) });
    switch (res.status) {
      case 429:
      case 503:
        await sleep(500 * 2 ** attempt);
        break;
      case 204:
        return true;
      default:
        return false;
    }
  }
  return false;
}
module.exports = { notify };
`;

/** The success case only breaks the switch: the loop goes round after a success too. */
const breakOnlySwitchTs = `
export async function warm(url: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(url);
    switch (res.status) {
      case 200:
        break;
      case 503:
        await new Promise((r) => setTimeout(r, 1000));
        continue;
    }
  }
}
`;

/** A state the job reports, not the outcome of a request: polling. */
const jobStateSwitchTs = `
export async function waitForJob(id: string, jobs: { get(id: string): Promise<{ state: string }> }): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const job = await jobs.get(id);
    switch (job.state) {
      case 'done':
        return;
      case 'failed':
        throw new Error('job failed');
      default:
        await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
`;

ruleTester.run('no-fixed-sleep-retry on a switch over the status', noFixedSleepRetry, {
  valid: [
    { name: 'a success that only breaks the switch does not leave the loop', code: breakOnlySwitchTs },
    { name: 'a switch on a state the job reports polls it', code: jobStateSwitchTs },
  ],
  invalid: [
    {
      name: 'case 200: case 201: return; case 503: wait and continue',
      code: statusSwitchTs,
      errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter on a switch over the status', requireJitter, {
  valid: [{ name: 'a fixed wait is no-fixed-sleep-retry\'s', code: statusSwitchTs }],
  invalid: [
    {
      name: 'JavaScript: case 429: case 503: a doubling wait, then the switch ends and the loop goes round',
      code: statusSwitchJs,
      filename: JS,
      errors: [{ messageId: 'missingJitter', line: 4, column: 3, data: { what: 'This retry loop', delay: '500 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
  ],
});
