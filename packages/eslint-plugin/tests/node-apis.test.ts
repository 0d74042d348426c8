import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * Node's own APIs and plain option defaults, read by what they are:
 * - `spawnSync(…).status` (child_process) is the command's exit code: 0 is the one success;
 * - `Atomics.wait(view, index, value, timeout)` waits its fourth argument, and a function whose
 *   one statement is that wait is a sleep of its parameter;
 * - `const { delayMs, factor } = { ...DEFAULTS, ...opts }` reads the defaults' values when the
 *   caller leaves them out (a factor of 1 is no growth; it was taken for an exponential one).
 */

const push = "const { spawnSync } = require('child_process');\nfunction sleepSync(ms) {\n  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);\n}\nfunction push() {\n  for (let i = 1; i <= 3; i++) {\n    const result = spawnSync('git', ['push']);\n    if (result.status === 0) return;\n    sleepSync(3000);\n  }\n  throw new Error('push failed');\n}\nmodule.exports = push;\n";
const defaults = "const DEFAULTS = { retries: 3, delayMs: 500, factor: 1 };\nasync function retry<T>(fn: () => Promise<T>, opts: Partial<typeof DEFAULTS> = {}) {\n  const { retries, delayMs, factor } = { ...DEFAULTS, ...opts };\n  let wait = delayMs;\n  for (let attempt = 0; ; attempt++) {\n    try { return await fn(); } catch (e) {\n      if (attempt >= retries) throw e;\n      await new Promise((r) => setTimeout(r, wait));\n      wait *= factor;\n    }\n  }\n}\nexport const load = () => retry(() => fetch('/x'));\n";

ruleTester.run('no-fixed-sleep-retry on Node APIs and spread defaults', noFixedSleepRetry, {
  valid: [
    { name: 'JavaScript: the exit status tested, the blocking wait at random', code: push.replace('sleepSync(3000);', 'sleepSync(Math.random() * 3000);'), filename: 'push.js' },
    { name: 'TypeScript: the defaults grow the wait', code: defaults.replace('factor: 1 }', 'factor: 2 }'), filename: 'retry.ts' },
  ],
  invalid: [
    { name: 'JavaScript: git push retried on a non-zero spawnSync status, a blocking Atomics.wait between', code: push, filename: 'push.js', errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: 'This retry loop', delay: 'a fixed 3 s', attempts: 'up to 3 attempts' }, suggestions: [{ messageId: 'addJitter', output: "const { spawnSync } = require('child_process');\nfunction sleepSync(ms) {\n  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);\n}\nfunction push() {\n  for (let i = 1; i <= 3; i++) {\n    const result = spawnSync('git', ['push']);\n    if (result.status === 0) return;\n    sleepSync(Math.random() * 3000);\n  }\n  throw new Error('push failed');\n}\nmodule.exports = push;\n" }] }] },
    { name: 'TypeScript: a wait multiplied by a factor the defaults set to 1', code: defaults, filename: 'retry.ts', errors: [{ messageId: 'fixedDelay', line: 5, column: 3, data: { what: 'This retry loop', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' }, suggestions: [{ messageId: 'addJitter', output: "const DEFAULTS = { retries: 3, delayMs: 500, factor: 1 };\nasync function retry<T>(fn: () => Promise<T>, opts: Partial<typeof DEFAULTS> = {}) {\n  const { retries, delayMs, factor } = { ...DEFAULTS, ...opts };\n  let wait = delayMs;\n  for (let attempt = 0; ; attempt++) {\n    try { return await fn(); } catch (e) {\n      if (attempt >= retries) throw e;\n      await new Promise((r) => setTimeout(r, Math.random() * wait));\n      wait *= factor;\n    }\n  }\n}\nexport const load = () => retry(() => fetch('/x'));\n" }] }] },
  ],
});
