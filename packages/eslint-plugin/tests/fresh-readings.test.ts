import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Three readings found by fresh programs:
 * - a resumed transfer: the input the call reads (`offset`) is written in the `try`, after the
 *   call, so only a success moves it; a failure sends the same input again after the wait, and
 *   the loop's condition, moved only by successes, never ends the failures (it was read as
 *   walking through items, or as a poll of the state the call reports);
 * - `var self = this`: `self.baseDelay` is `this.baseDelay`, the same for every attempt;
 * - `this.emit('error', err)` runs the listeners the instance registers on itself
 *   (`this.on('error', () => this.onError())`): a way back through the emitter.
 */

const upload = "const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\nexport async function upload(url: string, data: Uint8Array) {\n  let offset = 0;\n  while (offset < data.length) {\n    try {\n      const res = await fetch(url, { method: 'PATCH', body: data.subarray(offset) });\n      if (!res.ok) throw new Error(String(res.status));\n      offset = Number(res.headers.get('upload-offset'));\n    } catch {\n      await sleep(3000);\n    }\n  }\n}\n";
const prototypeClient = "function Client(base) {\n  this.base = base;\n  this.baseDelay = 100;\n}\nClient.prototype.get = function (path, cb, attempt) {\n  attempt = attempt || 0;\n  var self = this;\n  fetch(this.base + path).then(function (res) { cb(null, res); }, function (err) {\n    if (attempt < 4) return setTimeout(function () { self.get(path, cb, attempt + 1); }, self.baseDelay * Math.pow(2, attempt));\n    cb(err);\n  });\n};\nmodule.exports = Client;\n";
const emitter = "const { EventEmitter } = require('node:events');\nclass Upload extends EventEmitter {\n  constructor(transport) {\n    super();\n    this.transport = transport;\n    this.failures = 0;\n    this.on('error', () => this.onError());\n  }\n  start() {\n    this.transport.send().catch((err) => this.emit('error', err));\n  }\n  onError() {\n    if (++this.failures > 5) return;\n    setTimeout(() => this.start(), 2000);\n  }\n}\nmodule.exports = Upload;\n";

ruleTester.run('no-fixed-sleep-retry: resumed transfers and own events', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: the transfer waits at random after a failure', code: upload.replace('await sleep(3000);', 'await sleep(Math.random() * 3000);'), filename: 'upload.ts' },
    { name: 'JavaScript: an event the class never emits on itself is not a way back here', code: emitter.replace("this.emit('error', err)", "console.error(err)"), filename: 'upload.js' },
    {
      // A promise made with no executor (it never settles) is read without throwing.
      name: 'JavaScript: a result field tested after `new Promise()` with no executor',
      code: `async function once() {\n  try { await fetch('/x'); return { kind: 'ok' }; } catch { return { kind: 'again' }; }\n}\nexport async function f() {\n  let r = await once();\n  for (let i = 0; i < 3 && r.kind !== 'ok'; i++) {\n    r = await new Promise();\n  }\n}\n`,
      filename: 'never.js',
    },
  ],
  invalid: [
    { name: 'TypeScript: the offset moves only after a success', code: upload, filename: 'upload.ts', errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 3 s', attempts: 'no limit on attempts' }, suggestions: [{ messageId: 'addJitter', output: "const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\nexport async function upload(url: string, data: Uint8Array) {\n  let offset = 0;\n  while (offset < data.length) {\n    try {\n      const res = await fetch(url, { method: 'PATCH', body: data.subarray(offset) });\n      if (!res.ok) throw new Error(String(res.status));\n      offset = Number(res.headers.get('upload-offset'));\n    } catch {\n      await sleep(Math.random() * 3000);\n    }\n  }\n}\n" }] }] },
    { name: 'JavaScript: a failure raised as an event the instance listens to itself', code: emitter, filename: 'upload.js', errors: [{ messageId: 'fixedDelay', line: 14, column: 22, data: { what: '`start()` retrying itself through `onError()`', delay: 'a fixed 2 s', attempts: 'up to 6 attempts' }, suggestions: [] }] },
  ],
});

ruleTester.run('no-unbounded-retry: a condition only successes move', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: a failure also moves the offset (skips the chunk)', code: upload.replace('await sleep(3000);', 'offset += 1024;\n      await sleep(3000);'), filename: 'upload.ts' },
    {
      // `queue.pending` names a property: the local `pending`, written after the call, is not what the condition reads.
      name: 'TypeScript: a condition on a property that shares its name with a local written after the call',
      code: `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function drain(queue: { pending: number; take(): Promise<void> }) {
  let pending = 0;
  while (queue.pending > 0) {
    try {
      await queue.take();
      pending = 1;
    } catch {
      await sleep(100);
    }
  }
  return pending;
}
`,
      filename: 'drain.ts',
    },
  ],
  invalid: [{ name: 'TypeScript: the offset moves only after a success', code: upload, filename: 'upload.ts', errors: [{ messageId: 'unbounded', line: 4, column: 3, suggestions: [] }] }],
});

ruleTester.run('require-jitter: a delay read through `var self = this`', requireJitter, {
  valid: [],
  invalid: [{ name: 'JavaScript: prototype method, self.baseDelay doubled each attempt', code: prototypeClient, filename: 'client.js', errors: [{ messageId: 'missingJitter', line: 9, column: 54, suggestions: [{ messageId: 'addJitter', output: "function Client(base) {\n  this.base = base;\n  this.baseDelay = 100;\n}\nClient.prototype.get = function (path, cb, attempt) {\n  attempt = attempt || 0;\n  var self = this;\n  fetch(this.base + path).then(function (res) { cb(null, res); }, function (err) {\n    if (attempt < 4) return setTimeout(function () { self.get(path, cb, attempt + 1); }, Math.random() * self.baseDelay * Math.pow(2, attempt));\n    cb(err);\n  });\n};\nmodule.exports = Client;\n" }] }] }],
});
