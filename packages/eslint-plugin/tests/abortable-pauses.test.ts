import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A pause an abort signal can cut short: the promise's reject kept for the abort listener
 * (`fail = reject`), the listener taken off in a `finally`. It still settles by resolving on its
 * timer and only so: the kept reject can only make it fail early, and a `finally` that only
 * removes listeners or clears timers leaves the function settling when its `try` does. It was
 * read as no wait at all ("retries at once").
 */

const pollerJs = `// A wait that an abort signal rejects early, its listener taken off in a finally.
async function pause(ms, signal) {
  let fail;
  const onAbort = () => fail?.(new Error('aborted'));
  try {
    await new Promise((resolve, reject) => {
      fail = reject;
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort);
      setTimeout(resolve, ms);
    });
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

async function fetchStatus(url, signal) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      const res = await fetch(url, { signal });
      if (res.ok) return res.json();
    } catch (err) {
      if (signal?.aborted) throw err;
    }
    await pause(1500, signal);
  }
  throw new Error('status unavailable');
}

module.exports = { fetchStatus };
`;

ruleTester.run('no-fixed-sleep-retry with an abortable pause', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'JavaScript: a status read paused 1.5 s between tries',
      code: pollerJs,
      filename: 'poller.js',
      errors: [{ messageId: 'fixedDelay', line: 18, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1.5 s', attempts: 'up to 5 attempts' } }],
    },
  ],
});
