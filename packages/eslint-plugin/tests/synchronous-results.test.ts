import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A synchronous function that calls itself again at once on a falsy result computed its
 * result without waiting on anything outside (analysis/src/outcomes/synchronous-result.ts):
 * a parser that found nothing at this level and goes down a nested part, a walk to the next
 * candidate. Recursion, not a retry. The same test in an async function, in a promise's or a
 * request's callback, or a thrown failure of synchronous I/O caught and tried again, is a retry.
 */
const JS = 'parse.js';

const nestedParser = `
declare function words(text: string): string[] | undefined;
declare function innerScript(argv: string[]): string | undefined;
// A failure folded into undefined: the result a caller tests.
function direct(argv: string[]): { tool: string } | undefined {
  try {
    return { tool: JSON.parse(argv[1] ?? '').tool };
  } catch {
    return undefined;
  }
}
export function findCall(command: string, depth: number): { tool: string } | undefined {
  const argv = words(command);
  if (!argv) return undefined;
  const call = direct(argv);
  if (call) return call;
  const inner = innerScript(argv);
  if (!inner || depth >= 2) return undefined;
  return findCall(inner, depth + 1);
}
`;

const resolveAlias = `
function lookup(name, table) {
  try {
    return table.get(name);
  } catch (_) {
    return undefined;
  }
}
function resolveAlias(name, table) {
  const target = lookup(name, table);
  if (target === undefined) return name;
  if (typeof target === 'function') return target;
  return resolveAlias(target, table);
}
module.exports = { resolveAlias };
`;

// The same test, async: the result came from outside and may differ next time.
const asyncResult = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function fetchReady(url: string): Promise<Response> {
  const res = await fetch(url);
  if (res.ok) return res;
  await sleep(1000);
  return fetchReady(url);
}
`;

// In a request's callback: the result came back from a server.
const callbackResult = `
const https = require('https');
function getStatus(url, done) {
  https.get(url, (res) => {
    if (res.statusCode === 200) return done(null, res);
    setTimeout(() => getStatus(url, done), 500);
  });
}
module.exports = { getStatus };
`;

// Synchronous I/O that throws, caught and tried again at once.
const syncThrown = `
const fs = require('fs');
function removeDir(path) {
  try {
    fs.rmdirSync(path);
  } catch (err) {
    if (err.code !== 'EBUSY') throw err;
    removeDir(path);
  }
}
module.exports = { removeDir };
`;

ruleTester.run('no-fixed-sleep-retry and synchronous results', noFixedSleepRetry, {
  valid: [
    { name: 'a parser that goes down a nested command when this level found nothing', code: nestedParser },
    { name: 'an alias table walked to its end (JS)', code: resolveAlias, filename: JS },
  ],
  invalid: [
    {
      name: 'the same test in an async function',
      code: asyncResult,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 10, data: { what: '`fetchReady()` retrying itself', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: "the same test in a request's callback",
      code: callbackResult,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 22, data: { what: '`getStatus()` retrying itself', delay: 'a fixed 500 ms', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'synchronous I/O that throws, caught and tried again',
      code: syncThrown,
      filename: JS,
      errors: [{ messageId: 'immediate', line: 8, column: 5, data: { what: '`removeDir()` retrying itself', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry and synchronous results', noUnboundedRetry, {
  valid: [
    { name: 'a parser that goes down a nested command', code: nestedParser },
    { name: 'an alias table walked to its end (JS)', code: resolveAlias, filename: JS },
  ],
  invalid: [
    {
      name: 'the same test in an async function',
      code: asyncResult,
      errors: [{ messageId: 'unbounded', line: 7, column: 10, data: { what: '`fetchReady()` retrying itself' } }],
    },
  ],
});
