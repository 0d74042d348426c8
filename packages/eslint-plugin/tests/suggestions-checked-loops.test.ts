// "Rewrite with retry()" for loops that retry on a checked result (`if (res.ok) return …`)
// rather than a caught exception: the exact output of each supported form, and the forms
// that get no rewrite because it would change what the code does. Every output is also
// parsed and re-linted by rule-tester.ts; the fixtures run it (suggestions-runtime.test.ts).
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

function edit(code: string, from: string, to: string): string {
  if (code.split(from).length !== 2) throw new Error(`expected exactly one ${JSON.stringify(from)}`);
  return code.replace(from, to);
}

/** A case that also gets the rewrite whose attempt is the loop body as written (rewrite-round.ts). */
function withRoundRewrite<C extends { errors: readonly { suggestions?: readonly unknown[] }[] }>(c: C, output: string): C {
  return { ...c, errors: c.errors.map((e) => ({ ...e, suggestions: [...(e.suggestions ?? []), { messageId: 'rewrite' as const, data: { bound: '' }, output }] })) };
}

const sleep = `const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));\n`;

const FOR_WITH_GUARDED_WAIT = `import { api } from './api';

${sleep}
export async function load(id: string, retries = 3): Promise<string> {
  let last: Response | undefined;
  for (let attempt = 0; attempt <= retries; attempt++) {
    last = await api.get(id);
    // a 2xx ends it
    if (last.ok) return last.text();
    if (attempt < retries) await sleep(200);
  }
  throw new Error(\`gave up on \${id}: \${last?.status}\`);
}
`;

const WHILE_COUNTED_IN_BODY = `${sleep}
export async function flush(body: string): Promise<void> {
  let attempt = 0;
  while (attempt < 5) {
    attempt++;
    const res = await fetch('/flush', { method: 'POST', body });
    if (res.ok) return;
    console.error(\`flush failed (attempt \${attempt}/5)\`);
    await sleep(1000);
  }
}
`;

const FAILURE_BRANCH = `${sleep}
export async function deliver(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 6; attempt++) {
    const res = await fetch(url, { method: 'POST' });
    if (res.status >= 500) {
      console.warn('server error', res.status);
      await sleep(Math.min(30_000, 500 * 2 ** attempt));
      continue;
    }
    return res.ok;
  }
  return false;
}
`;

// A heartbeat PUT: a GET read only for `res.ok` would be a readiness probe, no retry (read-probes.test.ts).
const POST_INCREMENT = `${sleep}
export async function ping(host: string): Promise<boolean> {
  let tries = 1;
  while (tries++ <= 3) {
    const res = await fetch(host, { method: 'PUT' });
    if (res.ok) return true;
    await sleep(250 * tries);
  }
  return false;
}
`;

/** Each of these keeps the loop: the rewrite would change what it returns, calls or waits. */
const REFUSED = {
  waitOnOtherCondition: `${sleep}
export async function a(url: string) {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(url);
    if (res.ok) return res;
    if (res.status === 503) await sleep(500);
  }
  return undefined;
}
`,
  breakOut: `${sleep}
export async function b(url: string) {
  let res: Response | undefined;
  for (let i = 0; i < 3; i++) {
    res = await fetch(url);
    if (res.ok) break;
    await sleep(500);
  }
  return res;
}
`,
  counterReadAfter: `${sleep}
export async function c(url: string) {
  let i = 0;
  while (i < 3) {
    i++;
    const res = await fetch(url);
    if (res.ok) return res;
    await sleep(500);
  }
  throw new Error(\`failed \${i} times\`);
}
`,
  limitChangedInLoop: `${sleep}
export async function d(url: string, max: number) {
  for (let i = 0; i < max; i++) {
    const res = await fetch(url);
    if (res.ok) return res;
    if (res.status === 429) max++;
    await sleep(500);
  }
  return undefined;
}
`,
  limitChangedByClosure: `${sleep}
export async function d(url: string) {
  let max = 3;
  const extend = () => { max++; };
  for (let i = 0; i < max; i++) {
    const res = await fetch(url);
    if (res.ok) return res;
    if (res.status === 429) extend();
    await sleep(500);
  }
  return undefined;
}
`,
  limitPropertyChangedInLoop: `${sleep}
export async function d(url: string, opts: { retries: number }) {
  for (let i = 0; i < opts.retries; i++) {
    const res = await fetch(url);
    if (res.ok) return res;
    if (res.status === 404) opts.retries--;
    await sleep(500);
  }
  return undefined;
}
`,
  hoistedVar: `${sleep}
export async function e(url: string) {
  for (let i = 0; i < 3; i++) {
    var res = await fetch(url);
    if (res.ok) return res;
    await sleep(500);
  }
  return res;
}
`,
  markerNameInUse: `${sleep}
const tryAgain = () => true;
export async function f(url: string) {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(url);
    if (res.ok || !tryAgain()) return res;
    await sleep(500);
  }
  return undefined;
}
`,
  failureBranchFallsThrough: `${sleep}
export async function g(url: string) {
  for (let i = 0; i < 3; i++) {
    const res = await fetch(url);
    if (res.status >= 500) {
      await sleep(500);
      continue;
    }
    if (res.ok) return res;
  }
  return undefined;
}
`,
};

const onlyJitter = (code: string, line: number, delay = '500') => ({
  code,
  errors: [{ messageId: 'fixedDelay' as const, line, suggestions: [{ messageId: 'addJitter' as const, data: { delay: `\`${delay}\`` }, output: edit(code, `sleep(${delay})`, `sleep(Math.random() * ${delay})`) }] }],
});

ruleTester.run('no-fixed-sleep-retry', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'counted for with a wait only before another attempt: the marker is retried, the throw after the loop runs once they run out',
      code: FOR_WITH_GUARDED_WAIT,
      errors: [
        {
          messageId: 'fixedDelay',
          line: 7,
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`200`' }, output: edit(FOR_WITH_GUARDED_WAIT, 'sleep(200)', 'sleep(Math.random() * 200)') },
            { messageId: 'rewrite', data: { bound: '' }, output: `import { api } from './api';
import { retry } from '@retry-hygiene/retry';

export async function load(id: string, retries = 3): Promise<string> {
  let last: Response | undefined;
  const tryAgain = new Error('try again');
  return retry(async () => {
    last = await api.get(id);
    // a 2xx ends it
    if (last.ok) return last.text();
    throw tryAgain;
  }, {
    maxAttempts: retries + 1,
    baseMs: 200,
    factor: 1,
    capMs: 200,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  }).catch((error) => {
    if (error !== tryAgain) throw error;
    throw new Error(\`gave up on \${id}: \${last?.status}\`);
  });
}
` },
          ],
        },
      ],
    },
    {
      name: 'while (attempt < N) counted first thing in the body: the counter is retry()\'s attempt; no imports: a blank line after the new one',
      code: WHILE_COUNTED_IN_BODY,
      errors: [
        {
          messageId: 'fixedDelay',
          line: 5,
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`1000`' }, output: edit(WHILE_COUNTED_IN_BODY, 'sleep(1000)', 'sleep(Math.random() * 1000)') },
            { messageId: 'rewrite', data: { bound: '' }, output: `import { retry } from '@retry-hygiene/retry';

export async function flush(body: string): Promise<void> {
  const tryAgain = new Error('try again');
  return retry(async ({ attempt }) => {
    const res = await fetch('/flush', { method: 'POST', body });
    if (res.ok) return;
    console.error(\`flush failed (attempt \${attempt}/5)\`);
    throw tryAgain;
  }, {
    maxAttempts: 5,
    baseMs: 1000,
    factor: 1,
    capMs: 1000,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  }).catch((error) => {
    if (error !== tryAgain) throw error;
  });
}
` },
          ],
        },
      ],
    },
    { name: 'no rewrite: a wait on another condition than "another attempt follows" would move', ...onlyJitter(REFUSED.waitOnOtherCondition, 4) },
    { name: 'a break out of the loop: the attempt returns, the state it left is read after the loop as before', ...withRoundRewrite(onlyJitter(REFUSED.breakOut, 5), `import { retry } from '@retry-hygiene/retry';

export async function b(url: string) {
  let res: Response | undefined;
  const tryAgain = new Error('try again');
  await retry(async () => {
    res = await fetch(url);
    if (res.ok) return;
    throw tryAgain;
  }, {
    maxAttempts: 3,
    baseMs: 500,
    factor: 1,
    capMs: 500,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  }).catch((error) => {
    if (error !== tryAgain) throw error;
  });
  return res;
}
`) },
    // The loop body as written is the attempt; the counter stays outside it, so the code after the loop reads its last value.
    { name: 'the counter read after the loop: it keeps its value, the test stops retry() and the throw after the loop runs', ...withRoundRewrite(onlyJitter(REFUSED.counterReadAfter, 5), `import { retry } from '@retry-hygiene/retry';

export async function c(url: string) {
  let i = 0;
  const tryAgain = new Error('try again');
  return retry(async () => {
    if (!(i < 3)) throw tryAgain;
    i++;
    const res = await fetch(url);
    if (res.ok) return res;
    throw tryAgain;
  }, {
    maxAttempts: 3,
    baseMs: 500,
    factor: 1,
    capMs: 500,
    shouldRetry: (error) => error === tryAgain && (i < 3),
    rejectWith: 'last-error',
  }).catch((error) => {
    if (error !== tryAgain) throw error;
    throw new Error(\`failed \${i} times\`);
  });
}
`) },
    { name: 'no rewrite: the loop changes its own limit', ...onlyJitter(REFUSED.limitChangedInLoop, 4) },
    { name: 'no rewrite: the loop changes the property its limit reads (retry() would read it once)', ...onlyJitter(REFUSED.limitPropertyChangedInLoop, 4) },
    { name: 'no rewrite: a closure the loop calls changes its limit', ...onlyJitter(REFUSED.limitChangedByClosure, 6) },
    { name: 'no rewrite: a `var` in the body is read after the loop', ...onlyJitter(REFUSED.hoistedVar, 4) },
    { name: 'no rewrite: the marker\'s name is the code\'s own', ...onlyJitter(REFUSED.markerNameInUse, 5) },
    { name: 'no rewrite: the body can fall through without waiting (another attempt at once)', ...onlyJitter(REFUSED.failureBranchFallsThrough, 4) },
  ],
});

ruleTester.run('require-jitter', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'failure branch `if (…) { wait; continue; }` before a rest that always returns: the branch throws the marker, the return after the loop is the catch\'s',
      code: FAILURE_BRANCH,
      errors: [
        {
          messageId: 'missingJitter',
          line: 4,
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`Math.min(30_000, 500 * 2 ** attempt)`' }, output: edit(FAILURE_BRANCH, 'sleep(Math.min', 'sleep(Math.random() * Math.min') },
            { messageId: 'rewrite', data: { bound: '' }, output: `import { retry } from '@retry-hygiene/retry';

export async function deliver(url: string): Promise<boolean> {
  const tryAgain = new Error('try again');
  return retry(async () => {
    const res = await fetch(url, { method: 'POST' });
    if (res.status >= 500) {
      console.warn('server error', res.status);
      throw tryAgain;
    }
    return res.ok;
  }, {
    maxAttempts: 6,
    baseMs: 500,
    capMs: 30_000,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  }).catch((error) => {
    if (error !== tryAgain) throw error;
    return false;
  });
}
` },
          ],
        },
      ],
    },
    {
      name: 'while (tries++ <= N): counted in the test',
      code: POST_INCREMENT,
      errors: [
        {
          messageId: 'missingJitter',
          line: 5,
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`250 * tries`' }, output: edit(POST_INCREMENT, 'sleep(250 * tries)', 'sleep(Math.random() * 250 * tries)') },
            { messageId: 'rewrite', data: { bound: '' }, output: `import { retry } from '@retry-hygiene/retry';

export async function ping(host: string): Promise<boolean> {
  const tryAgain = new Error('try again');
  return retry(async () => {
    const res = await fetch(host, { method: 'PUT' });
    if (res.ok) return true;
    throw tryAgain;
  }, {
    maxAttempts: 3,
    baseMs: 250,
    capMs: 500,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  }).catch((error) => {
    if (error !== tryAgain) throw error;
    return false;
  });
}
` },
          ],
        },
      ],
    },
  ],
});

const FLAG = `${sleep}
export async function lock(store: { tryLock(key: string): Promise<boolean> }, key: string): Promise<string> {
  let locked = false;
  while (!locked) {
    // one SET NX per attempt
    locked = await store.tryLock(key);
    if (!locked) await sleep(100);
  }
  return key;
}
`;

const CAUGHT_FLAG = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const backoff = (n) => Math.min(5000, 200 * 2 ** n);

export async function publish(producer, message) {
  let sent = false;
  let failures = 0;
  while (!sent) {
    try {
      await producer.send(message);
      sent = true;
    } catch (err) {
      console.error(\`publish failed (\${failures} before)\`, err);
      await sleep(backoff(failures++));
    }
  }
  console.log('published');
}
`;

const FLAG_REFUSED = {
  unconditionalWait: FLAG.replace('if (!locked) await sleep(100);', 'await sleep(100);'),
  setBeforeTheLoop: FLAG.replace('let locked = false;', 'let locked = false;\n  locked = await store.tryLock(key);'),
  // Returning from the loop skips `return key`; from retry()'s attempt it would not.
  returnsEarly: FLAG.replace('    locked = await store.tryLock(key);\n', '    if (!key) return key;\n    locked = await store.tryLock(key);\n'),
};

ruleTester.run('no-unbounded-retry', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: 'a flag loop waiting on its own test: the wait throws the marker, the code after the loop stays; bounded, the marker names the flag',
      code: FLAG,
      errors: [
        {
          messageId: 'unbounded',
          suggestions: [
            {
              messageId: 'rewrite',
              data: { bound: ' (stops after 5 attempts)' },
              output: `import { retry } from '@retry-hygiene/retry';

export async function lock(store: { tryLock(key: string): Promise<boolean> }, key: string): Promise<string> {
  let locked = false;
  const tryAgain = new Error('locked still false after 5 attempts');
  await retry(async () => {
    // one SET NX per attempt
    locked = await store.tryLock(key);
    if (!locked) throw tryAgain;
  }, {
    maxAttempts: 5,
    baseMs: 100,
    factor: 1,
    capMs: 100,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  });
  return key;
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a flag set last in the try: every error retried, the catch rethrows; a failure counter written by the wait is the attempt number less one',
      filename: 'file.js',
      code: CAUGHT_FLAG,
      errors: [
        {
          messageId: 'unbounded',
          suggestions: [
            {
              messageId: 'rewrite',
              data: { bound: ' (stops after 5 attempts)' },
              output: `import { retry } from '@retry-hygiene/retry';

const backoff = (n) => Math.min(5000, 200 * 2 ** n);

export async function publish(producer, message) {
  let sent = false;
  await retry(async ({ attempt: attemptNumber }) => {
    const failures = attemptNumber - 1;
    try {
      await producer.send(message);
      sent = true;
    } catch (err) {
      console.error(\`publish failed (\${failures} before)\`, err);
      throw err;
    }
  }, {
    maxAttempts: 5,
    baseMs: 200,
    capMs: 5000,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  });
  console.log('published');
}
`,
            },
          ],
        },
      ],
    },
    { name: 'no rewrite: the failure counter is read after the loop', filename: 'file.js', code: CAUGHT_FLAG.replace("console.log('published');", 'return failures;'), errors: [{ messageId: 'unbounded', suggestions: [] }] },
    { name: 'no rewrite: the flag is not the try\'s last step (code after it would be retried on failure)', filename: 'file.js', code: CAUGHT_FLAG.replace('      sent = true;\n', '      sent = true;\n      await producer.flush();\n'), errors: [{ messageId: 'unbounded', suggestions: [] }] },
    { name: 'no rewrite: a wait after success too (the rewrite would not make it)', code: FLAG_REFUSED.unconditionalWait, errors: [{ messageId: 'unbounded', suggestions: [] }] },
    { name: 'no rewrite: a return in the flag loop (from the attempt it would not skip the code after the loop)', code: FLAG_REFUSED.returnsEarly, errors: [{ messageId: 'unbounded', suggestions: [] }] },
    { name: 'no rewrite: the flag is set before the loop (the loop may not run)', code: FLAG_REFUSED.setBeforeTheLoop, errors: [{ messageId: 'unbounded', suggestions: [] }] },
  ],
});
