import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A loop that goes on while either of two counted conditions lets it (\`(status === 503 &&
 * unavailable < 2) || (status === 429 && limited < 3)\`) stops when neither does: with two
 * counters, after both have run out (2 + 3 more attempts); with one, at the larger limit. It was
 * read as the first part's limit alone. Going on under both parts stops at the smaller limit.
 */

const twoCounters = `const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function download(url: string): Promise<Response> {
  let res = await fetch(url);
  let unavailable = 0;
  let limited = 0;
  while ((res.status === 503 && unavailable < 2) || (res.status === 429 && limited < 3)) {
    if (res.status === 503) unavailable++;
    else limited++;
    await delay(300 * (unavailable + limited));
    res = await fetch(url);
  }
  return res;
}
`;

const oneCounter = `const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function sameCounter(url: string): Promise<Response> {
  let res = await fetch(url);
  let tries = 0;
  while ((res.status === 503 && tries < 2) || (res.status === 429 && tries < 4)) {
    tries++;
    await delay(300 * tries);
    res = await fetch(url);
  }
  return res;
}
`;

/** A give-up guard whose other part is a setting (`maxRetries > 0`): the count decides by default. */
const settingGuard = `const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const options = { maxRetries: 2 };

export async function open(url: string): Promise<Response> {
  let attempts = 0;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (options.maxRetries > 0 && attempts >= options.maxRetries) throw error;
      attempts++;
      await delay(300 * attempts);
    }
  }
}
`;

const jitter = (line: number, attempts: string) => ({ messageId: 'missingJitter' as const, line, column: 3, data: { what: 'This retry loop', delay: 'a linear 300 ms × n', attempts } });

ruleTester.run('require-jitter on a loop bounded by either of two counts', requireJitter, {
  valid: [],
  invalid: [
    { name: 'TypeScript: two counters, one per status', code: twoCounters, filename: 'download.ts', errors: [jitter(7, 'up to 6 attempts')] },
    { name: 'TypeScript: one counter, two limits', code: oneCounter, filename: 'download.ts', errors: [jitter(6, 'up to 5 attempts')] },
    { name: 'TypeScript: a give-up guard that also reads a setting', code: settingGuard, filename: 'open.ts', errors: [jitter(6, 'up to 3 attempts')] },
    {
      name: 'TypeScript: both parts needed: the smaller limit',
      code: oneCounter.replace('(res.status === 503 && tries < 2) || (res.status === 429 && tries < 4)', 'res.status >= 500 && tries < 4 && tries < 2'),
      filename: 'download.ts',
      errors: [jitter(6, 'up to 3 attempts')],
    },
  ],
});
