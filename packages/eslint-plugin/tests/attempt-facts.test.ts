import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * Facts of a retry read from more of the code: a limit imported from another module of the
 * project is that module's constant (it was "an unknown number"); a counter parameter with no
 * default starts where every call from outside its function starts it (`attempt(…, 1)`; it was
 * taken to start at 0); a test of the call's result read where the call is made (`while
 * (!(await rpc()).ok)`, `(res = await rpc()).ok`) is the outcome test (the loop was missed).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'imported-limit');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

const fixed = (line: number, column: number, what: string, delay: string, attempts: string) => ({ messageId: 'fixedDelay' as const, line, column, data: { what, delay, attempts } });

const publish = (start: string) => `
function attemptPublish(client, msg, attempt, cb) {
  client.publish(msg, (err, res) => {
    if (err && attempt < 5) {
      return setTimeout(() => attemptPublish(client, msg, attempt + 1, cb), 200);
    }
    cb(err, res);
  });
}
module.exports = (client, msg, cb) => attemptPublish(client, msg, ${start}, cb);
`;

ruleTester.run('no-fixed-sleep-retry: limits and starts read from more of the code', noFixedSleepRetry, {
  valid: [
    {
      name: 'TypeScript: the inline result test, the wait at random',
      code: `
export async function sub(c: { subscribe(): Promise<{ ok: boolean }> }) {
  while (!(await c.subscribe()).ok) {
    await new Promise((r) => setTimeout(r, Math.random() * 300));
  }
}
`,
      filename: 'sub.ts',
    },
  ],
  invalid: [
    {
      name: 'TypeScript: a limit and a pause imported from a module of the project',
      ...file('connect.ts'),
      errors: [{ ...fixed(4, 3, 'This retry loop', 'a fixed 1 s', 'up to 8 attempts'), suggestions: [{ messageId: 'addJitter', output: "import { MAX_RECONNECTS, RECONNECT_PAUSE_MS } from './limits.js';\n\nexport async function open(url: string): Promise<WebSocket> {\n  for (let i = 0; i < MAX_RECONNECTS; i++) {\n    try {\n      return await dial(url);\n    } catch {\n      await new Promise((r) => setTimeout(r, Math.random() * RECONNECT_PAUSE_MS));\n    }\n  }\n  throw new Error('could not connect');\n}\n\nfunction dial(url: string): Promise<WebSocket> {\n  return new Promise((resolve, reject) => {\n    const ws = new WebSocket(url);\n    ws.onopen = () => resolve(ws);\n    ws.onerror = reject;\n  });\n}\n" }, { messageId: 'rewrite', output: "import { MAX_RECONNECTS, RECONNECT_PAUSE_MS } from './limits.js';\nimport { retry } from '@retry-hygiene/retry';\n\nexport async function open(url: string): Promise<WebSocket> {\n  return retry(async () => {\n    return await dial(url);\n  }, {\n    maxAttempts: MAX_RECONNECTS,\n    baseMs: 1000,\n    factor: 1,\n    capMs: 1000,\n    shouldRetry: () => true,\n    rejectWith: 'last-error',\n  }).catch(() => {\n    throw new Error('could not connect');\n  });\n}\n\nfunction dial(url: string): Promise<WebSocket> {\n  return new Promise((resolve, reject) => {\n    const ws = new WebSocket(url);\n    ws.onopen = () => resolve(ws);\n    ws.onerror = reject;\n  });\n}\n" }] }],
    },
    {
      name: 'JavaScript: a counter parameter the way in starts at 1',
      code: publish('1'),
      filename: 'publish.js',
      errors: [{ ...fixed(5, 31, '`attemptPublish()` retrying itself', 'a fixed 200 ms', 'up to 5 attempts'), suggestions: [{ messageId: 'addJitter', output: "\nfunction attemptPublish(client, msg, attempt, cb) {\n  client.publish(msg, (err, res) => {\n    if (err && attempt < 5) {\n      return setTimeout(() => attemptPublish(client, msg, attempt + 1, cb), Math.random() * 200);\n    }\n    cb(err, res);\n  });\n}\nmodule.exports = (client, msg, cb) => attemptPublish(client, msg, 1, cb);\n" }, { messageId: 'rewrite', output: "\nimport { retry } from '@retry-hygiene/retry';\n\nfunction attemptPublish(client, msg, attempt, cb) {\n  const settle = (err, res) => {\n    cb(err, res);\n  };\n  retry(() => new Promise((resolve, reject) => {\n    client.publish(msg, (...results) => (results[0] ? reject(results[0]) : resolve(results)));\n  }), {\n    maxAttempts: Math.max(1, 6 - attempt),\n    baseMs: 200,\n    factor: 1,\n    capMs: 200,\n    shouldRetry: () => true,\n    rejectWith: 'last-error',\n  }).then((results) => settle(...results), (error) => settle(error));\n}\nmodule.exports = (client, msg, cb) => attemptPublish(client, msg, 1, cb);\n" }] }],
    },
    {
      name: 'JavaScript: a counter parameter the way in starts at 0',
      code: publish('0'),
      filename: 'publish.js',
      errors: [{ ...fixed(5, 31, '`attemptPublish()` retrying itself', 'a fixed 200 ms', 'up to 6 attempts'), suggestions: [{ messageId: 'addJitter', output: "\nfunction attemptPublish(client, msg, attempt, cb) {\n  client.publish(msg, (err, res) => {\n    if (err && attempt < 5) {\n      return setTimeout(() => attemptPublish(client, msg, attempt + 1, cb), Math.random() * 200);\n    }\n    cb(err, res);\n  });\n}\nmodule.exports = (client, msg, cb) => attemptPublish(client, msg, 0, cb);\n" }, { messageId: 'rewrite', output: "\nimport { retry } from '@retry-hygiene/retry';\n\nfunction attemptPublish(client, msg, attempt, cb) {\n  const settle = (err, res) => {\n    cb(err, res);\n  };\n  retry(() => new Promise((resolve, reject) => {\n    client.publish(msg, (...results) => (results[0] ? reject(results[0]) : resolve(results)));\n  }), {\n    maxAttempts: Math.max(1, 6 - attempt),\n    baseMs: 200,\n    factor: 1,\n    capMs: 200,\n    shouldRetry: () => true,\n    rejectWith: 'last-error',\n  }).then((results) => settle(...results), (error) => settle(error));\n}\nmodule.exports = (client, msg, cb) => attemptPublish(client, msg, 0, cb);\n" }] }],
    },
    {
      name: 'JavaScript: ways in that disagree: the count from the start that leaves the most attempts',
      code: `${publish('0')}module.exports.again = (client, msg, cb) => attemptPublish(client, msg, 3, cb);\n`,
      filename: 'publish.js',
      errors: [{ ...fixed(5, 31, '`attemptPublish()` retrying itself', 'a fixed 200 ms', 'up to 6 attempts'), suggestions: [{ messageId: 'addJitter', output: "\nfunction attemptPublish(client, msg, attempt, cb) {\n  client.publish(msg, (err, res) => {\n    if (err && attempt < 5) {\n      return setTimeout(() => attemptPublish(client, msg, attempt + 1, cb), Math.random() * 200);\n    }\n    cb(err, res);\n  });\n}\nmodule.exports = (client, msg, cb) => attemptPublish(client, msg, 0, cb);\nmodule.exports.again = (client, msg, cb) => attemptPublish(client, msg, 3, cb);\n" }, { messageId: 'rewrite', output: "\nimport { retry } from '@retry-hygiene/retry';\n\nfunction attemptPublish(client, msg, attempt, cb) {\n  const settle = (err, res) => {\n    cb(err, res);\n  };\n  retry(() => new Promise((resolve, reject) => {\n    client.publish(msg, (...results) => (results[0] ? reject(results[0]) : resolve(results)));\n  }), {\n    maxAttempts: Math.max(1, 6 - attempt),\n    baseMs: 200,\n    factor: 1,\n    capMs: 200,\n    shouldRetry: () => true,\n    rejectWith: 'last-error',\n  }).then((results) => settle(...results), (error) => settle(error));\n}\nmodule.exports = (client, msg, cb) => attemptPublish(client, msg, 0, cb);\nmodule.exports.again = (client, msg, cb) => attemptPublish(client, msg, 3, cb);\n" }] }],
    },
    {
      name: 'TypeScript: the call result tested inline, a count guard inside',
      code: `
export async function sub(rpc: () => Promise<{ ok: boolean }>) {
  let tries = 0;
  while (!(await rpc()).ok) {
    if (++tries >= 3) break;
    await new Promise((r) => setTimeout(r, 300));
  }
}
`,
      filename: 'sub.ts',
      errors: [{ ...fixed(4, 3, 'This retry loop', 'a fixed 300 ms', 'up to 3 attempts'), suggestions: [{ messageId: 'addJitter', output: "\nexport async function sub(rpc: () => Promise<{ ok: boolean }>) {\n  let tries = 0;\n  while (!(await rpc()).ok) {\n    if (++tries >= 3) break;\n    await new Promise((r) => setTimeout(r, Math.random() * 300));\n  }\n}\n" }] }],
    },
  ],
});

ruleTester.run('no-unbounded-retry: the result kept as it is tested', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: (res = await call()).ok in the condition, nothing else to stop it',
      code: `
export async function sub(c: { subscribe(): Promise<{ ok: boolean }> }) {
  let res;
  while (!(res = await c.subscribe()).ok) {
    await new Promise((r) => setTimeout(r, 300));
  }
  return res;
}
`,
      filename: 'sub.ts',
      errors: [{ messageId: 'unbounded', line: 4, column: 3 }],
    },
  ],
});
