import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// The success test of an attempt in any form: membership of the status in a list or set of
// codes the file spells out, or a predicate of the file or class whose returned expression
// tests the status (or the response) it is handed (analysis outcomes/status-tests.ts). What
// the test means comes from the codes, never from the predicate's or the list's name; a list
// of states, or of codes that mean both success and failure, decides nothing.

ruleTester.run('no-fixed-sleep-retry with the outcome decided by a predicate or a list', noFixedSleepRetry, {
  valid: [
    {
      name: "a list of job states: waiting for a state is polling, not a status test",
      code: `const FINISHED = ['done', 'failed'];
const idle = (ms: number) => new Promise<void>((go) => setTimeout(go, ms));
export async function waitForJob(id: string) {
  for (let i = 0; i < 20; i++) {
    const job = await (await fetch(\`/jobs/\${id}\`)).json();
    if (FINISHED.includes(job.state)) return job;
    await idle(1000);
  }
}
`,
    },
    {
      name: "a list that holds a success and a failure code decides nothing",
      code: `const MIXED = [200, 503];
const idle = (ms: number) => new Promise<void>((go) => setTimeout(go, ms));
export async function get(url: string) {
  for (let i = 0; i < 4; i++) {
    const res = await fetch(url);
    if (MIXED.includes(res.status)) return res;
    await idle(1000);
  }
}
`,
    },
    {
      name: "a list of transient codes, with a random wait",
      code: `const TRANSIENT = [502, 503, 504];
export async function get(url: string) {
  for (let i = 0; i < 4; i++) {
    const res = await fetch(url);
    if (!TRANSIENT.includes(res.status)) return res;
    await new Promise((r) => setTimeout(r, Math.random() * 1000 * 2 ** i));
  }
}
`,
    },
  ],
  invalid: [
    {
      name: "loop (TS): a local predicate on the status, `||` of two comparisons",
      code: `function worthRetrying(code: number): boolean {
  return code >= 500 || code === 429;
}
const idle = (ms: number) => new Promise<void>((go) => setTimeout(go, ms));

export async function publish(url: string, body: string) {
  for (let pass = 1; pass <= 3; pass++) {
    const res = await fetch(url, { method: 'POST', body });
    if (!worthRetrying(res.status)) return res;
    await idle(2500);
  }
  throw new Error('publish failed');
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 7, column: 3, endLine: 7, endColumn: 40, data: {"what": "This retry loop", "delay": "a fixed 2.5 s", "attempts": "up to 3 attempts"} },
      ],
    },
    {
      name: "loop (JS): membership of the status in a Set of codes",
      filename: 'file.js',
      code: `const RETRY_ON = new Set([429, 502, 503]);
const idle = (ms) => new Promise((go) => setTimeout(go, ms));

export async function getJson(url) {
  let round = 0;
  while (round < 5) {
    const reply = await fetch(url);
    if (!RETRY_ON.has(reply.status)) return reply.json();
    round++;
    await idle(800);
  }
  throw new Error('gave up');
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 6, column: 3, endLine: 6, endColumn: 20, data: {"what": "This retry loop", "delay": "a fixed 800 ms", "attempts": "up to 5 attempts"} },
      ],
    },
    {
      name: "loop (TS): a method of the class tests the status; continue on true",
      code: `export class Uploader {
  private isBusy(code: number): boolean {
    return code === 429 || code === 503;
  }
  async send(url: string) {
    for (let n = 0; n < 4; n++) {
      const res = await fetch(url, { method: 'PUT' });
      if (this.isBusy(res.status)) {
        await new Promise((r) => setTimeout(r, 2000));
        continue;
      }
      return res;
    }
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 6, column: 5, endLine: 6, endColumn: 32, data: {"what": "This retry loop", "delay": "a fixed 2 s", "attempts": "up to 4 attempts"} },
      ],
    },
    {
      name: "loop (TS): a predicate returns the response's ok",
      code: `function good(r: Response) { return r.ok; }
export async function get(url: string) {
  for (let i = 0; i < 4; i++) {
    const res = await fetch(url);
    if (good(res)) return res;
    await new Promise((r) => setTimeout(r, 900));
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 3, column: 3, endLine: 3, endColumn: 30, data: {"what": "This retry loop", "delay": "a fixed 900 ms", "attempts": "up to 4 attempts"} },
      ],
    },
    {
      name: "loop (TS): a Set of codes asked of a const holding the status",
      code: `const AGAIN = new Set([500, 502, 503]);
export async function put(url: string) {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(url, { method: 'PUT' });
    const code = res.status;
    if (!AGAIN.has(code)) return res;
    await new Promise((r) => setTimeout(r, 1100));
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 3, column: 3, endLine: 3, endColumn: 30, data: {"what": "This retry loop", "delay": "a fixed 1.1 s", "attempts": "up to 3 attempts"} },
      ],
    },
    {
      name: "loop (TS): indexOf(status) === -1 is not in the list of temporary codes",
      code: `const TEMPORARY = [429, 503];
export async function pull(url: string) {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(url);
    if (TEMPORARY.indexOf(res.status) === -1) return res;
    await new Promise((r) => setTimeout(r, 700));
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 3, column: 3, endLine: 3, endColumn: 30, data: {"what": "This retry loop", "delay": "a fixed 700 ms", "attempts": "up to 3 attempts"} },
      ],
    },
    {
      name: "callback (JS): indexOf over statusCode decides between done() and the timer that calls again",
      filename: 'file.js',
      code: `var TEMPORARY = [429, 503];
var PAUSE = 700;
function pull(url, left, done) {
  request(url, function (err, res) {
    if (!err && TEMPORARY.indexOf(res.statusCode) === -1) return done(null, res);
    if (left <= 0) return done(err || new Error('unavailable'));
    setTimeout(function () { pull(url, left - 1, done); }, PAUSE);
  });
}
module.exports = pull;
`,
      errors: [
        { messageId: 'fixedDelay', line: 7, column: 30, endLine: 7, endColumn: 55, data: {"what": "`pull()` retrying itself", "delay": "a fixed 700 ms", "attempts": "an unknown number of attempts"} },
      ],
    },
    {
      name: "promise chain (JS): a list of success codes, then a timer and the self-call",
      filename: 'file.js',
      code: `const OK_CODES = [200, 204];
function load(url, tries = 0) {
  return fetch(url).then((res) => {
    if (OK_CODES.includes(res.status)) return res;
    if (tries >= 4) throw new Error('failed');
    return new Promise((r) => setTimeout(r, 600)).then(() => load(url, tries + 1));
  });
}
module.exports = { load };
`,
      errors: [
        { messageId: 'fixedDelay', line: 6, column: 62, endLine: 6, endColumn: 82, data: {"what": "`load()` retrying itself", "delay": "a fixed 600 ms", "attempts": "up to 5 attempts"} },
      ],
    },
  ],
});

ruleTester.run('require-jitter with the outcome decided by a predicate or a list', requireJitter, {
  valid: [
    {
      name: "a list of transient codes, with a random exponential wait",
      code: `const TRANSIENT = [502, 503, 504];
export async function get(url: string) {
  for (let i = 0; i < 4; i++) {
    const res = await fetch(url);
    if (!TRANSIENT.includes(res.status)) return res;
    await new Promise((r) => setTimeout(r, Math.random() * 1000 * 2 ** i));
  }
}
`,
    },
  ],
  invalid: [
    {
      name: "loop (TS): a list of busy codes, an exponential wait",
      code: `const BUSY = [429, 503];
const idle = (ms: number) => new Promise<void>((go) => setTimeout(go, ms));

export async function fetchPage(url: string) {
  for (let pass = 0; pass < 5; pass++) {
    const res = await fetch(url);
    if (!BUSY.includes(res.status)) return res;
    await idle(300 * 2 ** pass);
  }
  throw new Error('busy');
}
`,
      errors: [
        { messageId: 'missingJitter', line: 5, column: 3, endLine: 5, endColumn: 39, data: {"what": "This retry loop", "delay": "300 ms \u00d7 2^n", "attempts": "up to 5 attempts"} },
      ],
    },
    {
      name: "recursion (TS): a predicate handed the whole response reads its status",
      code: `function shouldRetry(r: Response): boolean {
  return r.status === 503 || r.status >= 500;
}
const idle = (ms: number) => new Promise<void>((go) => setTimeout(go, ms));

export async function post(url: string, body: string, left = 3): Promise<Response> {
  const res = await fetch(url, { method: 'POST', body });
  if (shouldRetry(res) && left > 1) {
    await idle(1000 * 2 ** (3 - left));
    return post(url, body, left - 1);
  }
  return res;
}
`,
      errors: [
        { messageId: 'missingJitter', line: 10, column: 12, endLine: 10, endColumn: 37, data: {"what": "`post()` retrying itself", "delay": "1 s \u00d7 2^n", "attempts": "up to 3 attempts"} },
      ],
    },
  ],
});

