import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

// A sleep is a promise that resolves after its timer and only then (analysis
// summaries/timer-sleep.ts). A promise whose timer rejects (a watchdog around a read or a
// request), or that also settles on another event, is the operation with a deadline, not the
// wait between attempts, whatever its function is called; cancelling a wait through an abort
// signal keeps it a sleep.

const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('no-fixed-sleep-retry with a watchdog timer in the attempt', noFixedSleepRetry, {
  valid: [
    {
      name: "loop: a watchdog around a websocket answer, then a random wait",
      code: `function answerWithin(ws: WebSocket, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer')), ms);
    ws.addEventListener('message', (e) => { clearTimeout(timer); resolve(String(e.data)); }, { once: true });
  });
}

export async function ask(open: () => WebSocket) {
  for (let i = 0; i < 5; i++) {
    try {
      return await answerWithin(open(), 6000);
    } catch {
      await new Promise((r) => setTimeout(r, Math.random() * 1000 * 2 ** i));
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: "loop (TS): the first reply of a socket under a rejecting timer is the operation; the wait is the 1 s promise",
      code: `import { connect, type Socket } from 'node:net';

function firstReply(socket: Socket, limitMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const watchdog = setTimeout(() => reject(new Error('no reply')), limitMs);
    socket.once('data', (chunk: Buffer) => {
      clearTimeout(watchdog);
      resolve(chunk);
    });
  });
}

export async function greet(port: number): Promise<Buffer> {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await firstReply(connect(port), 8000);
    } catch {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  throw new Error('no greeting');
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 14, column: 3, endLine: 14, endColumn: 48, data: {"what": "This retry loop", "delay": "a fixed 1 s", "attempts": "up to 4 attempts"} },
      ],
    },
    {
      name: "loop (TS): a read that resolves on end or on its timer settles on another event: an operation",
      code: `import type { Readable } from 'node:stream';

function collect(body: Readable, ms: number): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const t = setTimeout(() => resolve(text), ms);
    body.on('data', (c) => (text += c));
    body.on('end', () => {
      clearTimeout(t);
      resolve(text);
    });
  });
}

export async function readAll(open: () => Readable) {
  let tries = 0;
  while (tries < 5) {
    try {
      return await collect(open(), 3000);
    } catch {
      tries++;
      await new Promise((r) => setTimeout(r, 1500));
    }
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 17, column: 3, endLine: 17, endColumn: 20, data: {"what": "This retry loop", "delay": "a fixed 1.5 s", "attempts": "up to 5 attempts"} },
      ],
    },
    {
      name: "loop (TS): a watchdog named `delay` is still the operation",
      code: `function delay<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('too slow')), ms);
    work.then((v) => { clearTimeout(t); resolve(v); }, reject);
  });
}

export async function price(sku: string) {
  for (let i = 0; i < 3; i++) {
    try {
      return await delay(fetch(\`/price/\${sku}\`), 2000);
    } catch {
      await new Promise((r) => setTimeout(r, 400));
    }
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 9, column: 3, endLine: 9, endColumn: 30, data: {"what": "This retry loop", "delay": "a fixed 400 ms", "attempts": "up to 3 attempts"} },
      ],
    },
    {
      name: "recursion (JS): a deadline around a request, then a 300 ms wait and the self-call",
      filename: 'file.js',
      code: `function withDeadline(work, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('deadline')), ms);
    work.then((value) => { clearTimeout(timer); resolve(value); }, reject);
  });
}

async function lookup(name, left = 3) {
  try {
    return await withDeadline(fetch(\`/dns/\${name}\`), 5000);
  } catch (error) {
    if (left === 0) throw error;
    await new Promise((r) => setTimeout(r, 300));
    return lookup(name, left - 1);
  }
}
module.exports = { lookup };
`,
      errors: [
        { messageId: 'fixedDelay', line: 14, column: 12, endLine: 14, endColumn: 34, data: {"what": "`lookup()` retrying itself", "delay": "a fixed 300 ms", "attempts": "up to 4 attempts"} },
      ],
    },
    {
      name: "promise chain (JS): a child process line under a rejecting timer, then .then(start) after 5 s",
      filename: 'file.js',
      code: `function waitForLine(child, ms) {
  return new Promise(function (resolve, reject) {
    setTimeout(function () { reject(new Error('silent child')); }, ms);
    child.stdout.once('data', resolve);
  });
}
function start(spawnChild, attempt) {
  attempt = attempt || 0;
  return waitForLine(spawnChild(), 2000).catch(function (err) {
    if (attempt >= 3) throw err;
    return new Promise(function (r) { setTimeout(r, 5000); }).then(function () { return start(spawnChild, attempt + 1); });
  });
}
module.exports = start;
`,
      errors: [
        { messageId: 'fixedDelay', line: 11, column: 89, endLine: 11, endColumn: 119, data: {"what": "`start()` retrying itself", "delay": "a fixed 5 s", "attempts": "up to 4 attempts"} },
      ],
    },
    {
      name: "loop (TS): an async helper that awaits its timer promise, with early outs that resolve at once, is a sleep",
      code: `async function idle(ms: number): Promise<void> {
  if (ms <= 0) return;
  await new Promise<void>((resolve) => {
    if (ms > 60_000) return resolve();
    setTimeout(resolve, ms);
  });
}

export async function refresh(token: () => Promise<string>) {
  for (let i = 0; i < 4; i++) {
    try {
      return await token();
    } catch {
      await idle(1200);
    }
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 10, column: 3, endLine: 10, endColumn: 30, data: {"what": "This retry loop", "delay": "a fixed 1.2 s", "attempts": "up to 4 attempts"} },
      ],
    },
    {
      name: "loop (JS): a helper that waits or gives back a resolved promise is a sleep",
      filename: 'file.js',
      code: `const nap = (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

async function send(queue, job) {
  for (let n = 0; n < 5; n++) {
    try {
      return await queue.add(job);
    } catch {
      await nap(250);
    }
  }
}
module.exports = { send };
`,
      errors: [
        { messageId: 'fixedDelay', line: 4, column: 3, endLine: 4, endColumn: 30, data: {"what": "This retry loop", "delay": "a fixed 250 ms", "attempts": "up to 5 attempts"} },
      ],
    },
    {
      name: "loop (TS): a sleep whose named abort listener rejects is still a sleep",
      code: `export function holdFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export async function stream(open: () => Promise<void>, signal: AbortSignal) {
  for (let i = 0; i < 8; i++) {
    try {
      return await open();
    } catch {
      await holdFor(3000, signal);
    }
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 16, column: 3, endLine: 16, endColumn: 30, data: {"what": "This retry loop", "delay": "a fixed 3 s", "attempts": "up to 8 attempts"} },
      ],
    },
    {
      name: "loop (TS): a sleep that an abort signal cancels (rejects early) is still a sleep",
      code: `function pauseFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });
}

export async function pull(url: string, signal: AbortSignal) {
  for (let i = 0; i < 6; i++) {
    try {
      return await fetch(url, { signal });
    } catch {
      await pauseFor(2500, signal);
    }
  }
}
`,
      errors: [
        { messageId: 'fixedDelay', line: 13, column: 3, endLine: 13, endColumn: 30, data: {"what": "This retry loop", "delay": "a fixed 2.5 s", "attempts": "up to 6 attempts"} },
      ],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry across files with a watchdog timer', noFixedSleepRetry, {
  valid: [
    { name: 'an imported watchdog, then a random wait', ...file('watchdog/quiet.ts') },
    { name: 'the module of the watchdog and the sleep retries nothing', ...file('watchdog/lib/io.ts') },
  ],
  invalid: [
    {
      name: 'an imported watchdog is the operation; an imported sleep not named like one is the wait, by its code',
      ...file('watchdog/main.ts'),
      errors: [{ messageId: 'fixedDelay', line: 5, column: 3, endLine: 5, endColumn: 48, data: { what: 'This retry loop', delay: 'a fixed 1.8 s', attempts: 'up to 3 attempts' } }],
    },
  ],
});
