import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Waiting for a service to become ready, written in place: a GET (or HEAD) with no body whose
 * response the loop reads only for its status, and drains, until a deadline or a count. The
 * loop polls a state ("does it answer yet?"); it does not retry a request whose answer it
 * wants. The same loop that keeps the response (`return await res.json()`), or that sends a
 * write (`method: 'POST'`, a `body`), is a retry.
 */
const pollHttp = `import { setTimeout } from 'node:timers/promises';
import { request } from 'undici';
const TIMEOUT_MS = 300_000;
export const pollHttp = async (url: string, start: number) => {
  while (Date.now() - start < TIMEOUT_MS) {
    try {
      const { statusCode } = await request(url, { reset: true, headers: { 'Cache-Control': 'no-cache' } });
      if (statusCode === 200) {
        return true;
      }
    } catch (e) {
      if ((e as { code: string }).code !== 'ENOTFOUND') throw e;
    }
    await setTimeout(1000);
  }
  return false;
};
`;
const waitForReady = (fetchCall: string, ok = '      if (response.ok) return;') => `export async function waitForReady(endpoint) {
  const deadline = Date.now() + 5000;
  let attempt = 0;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const response = await ${fetchCall};
      await response.arrayBuffer();
${ok}
      lastError = new Error(\`status \${response.status}\`);
    } catch (e) {
      lastError = e;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(250, 25 * 2 ** attempt)));
    attempt++;
  }
  throw new Error('timed out', { cause: lastError });
}
`;
const probe = 'fetch(endpoint, { signal: AbortSignal.timeout(500) })';
const keeps = pollHttp.replace("const { statusCode } = await request(url, { reset: true, headers: { 'Cache-Control': 'no-cache' } });\n      if (statusCode === 200) {\n        return true;", "const { statusCode, body } = await request(url, { reset: true });\n      if (statusCode === 200) {\n        return await body.json();");

// A read whose answer is kept is a retry; its wait names the timer through the global object.
const getConfig = (timer: string) => `export async function getConfig(endpoint) {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(endpoint);
      if (response.ok) return await response.json();
    } catch {
      // again
    }
    await new Promise((resolve) => ${timer}(resolve, 1000));
  }
  throw new Error('timed out');
}
`;
// A `window` of the file's own is not the global object: its `setTimeout` is not known to wait.
const ownWindow = `const window = { setTimeout: (fn, ms) => fn(ms) };\n${getConfig('window.setTimeout')}`;

ruleTester.run('no-fixed-sleep-retry on a readiness probe written in place', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: undici request read for its status code, until a deadline', code: pollHttp, filename: 'poll.ts' },
  ],
  invalid: [
    {
      name: 'JavaScript: the answer is kept; `globalThis.setTimeout` waits',
      code: getConfig('globalThis.setTimeout'),
      filename: 'config.js',
      errors: [{ messageId: 'fixedDelay', line: 3, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'for up to 5 s' } }],
    },
    {
      name: 'TypeScript: the answer is kept; `window.setTimeout` waits',
      code: getConfig('window.setTimeout').replace('getConfig(endpoint)', 'getConfig(endpoint: string): Promise<unknown>'),
      filename: 'config.ts',
      errors: [{ messageId: 'fixedDelay', line: 3, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'for up to 5 s' } }],
    },
    {
      name: "JavaScript: a file's own `window`: the loop goes again at once",
      code: ownWindow,
      filename: 'config.js',
      errors: [{ messageId: 'immediate', line: 4, column: 3 }],
    },
    {
      name: 'TypeScript: the same loop keeps the body',
      code: keeps,
      filename: 'poll.ts',
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'for up to 5 min' } }],
    },
  ],
});

ruleTester.run('require-jitter on a readiness probe written in place', requireJitter, {
  valid: [
    { name: 'JavaScript: fetch read for ok and drained, until a deadline', code: waitForReady(probe), filename: 'ready.js' },
    { name: 'JavaScript: a HEAD request', code: waitForReady("fetch(endpoint, { method: 'HEAD' })"), filename: 'ready.js' },
    { name: 'JavaScript: the method written as a template with nothing in it', code: waitForReady('fetch(endpoint, { method: `GET` })'), filename: 'ready.js' },
  ],
  invalid: [
    {
      name: 'JavaScript: a POST is retried for its effect',
      code: waitForReady("fetch(endpoint, { method: 'POST', body: '{}' })"),
      filename: 'ready.js',
      errors: [{ messageId: 'missingJitter', line: 5, column: 3 }],
    },
    {
      name: 'JavaScript: a template naming a write',
      code: waitForReady('fetch(endpoint, { method: `PUT` })'),
      filename: 'ready.js',
      errors: [{ messageId: 'missingJitter', line: 5, column: 3 }],
    },
    {
      name: 'JavaScript: the response is handed on',
      code: waitForReady(probe, '      if (response.ok) return response;'),
      filename: 'ready.js',
      errors: [{ messageId: 'missingJitter', line: 5, column: 3 }],
    },
  ],
});
