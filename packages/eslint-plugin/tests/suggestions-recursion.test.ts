// "Rewrite with retry()" for functions that retry by calling themselves: the exact output of
// each supported form, and the forms that get no rewrite because it would change what the
// code does. Every output is also parsed and re-linted by rule-tester.ts; the fixtures run it
// (suggestions-runtime.test.ts).
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

const sleep = `const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));\n`;

const TRY_WITH_COUNTER = `import { metrics } from './metrics';

${sleep}
export async function getJson(url: string, attempt = 0): Promise<unknown> {
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(\`\${url}: \${res.status}\`);
    return await res.json();
  } catch (err) {
    if (attempt >= 4) throw err;
    metrics.increment('get_json.retry', { reason: String(err) });
    await sleep(500);
    return getJson(url, attempt + 1);
  }
}
`;

const CATCH_WITH_COUNTER = `export function loadConfig(name, attempt = 1) {
  return readConfig(name).catch((err) => {
    if (attempt >= 3) throw err;
    return loadConfig(name, attempt + 1);
  });
}
`;

const CATCH_FOREVER_WITH_WAIT = `import delay from 'delay';

export function connect(url) {
  return openConnection(url).catch((err) => {
    console.error('connect failed:', err.message);
    return delay(2000).then(() => connect(url));
  });
}
`;

const TRY_FOREVER_WITH_CACHE = `let cached: string | undefined;

export async function token(): Promise<string> {
  if (cached) return cached;
  try {
    cached = await requestToken();
    return cached;
  } catch {
    return token();
  }
}
`;

const THEN_ON_REJECTED = `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function check(key, attempt = 1) {
  return lookup(key).then(
    (body) => body.valid === true,
    (err) => {
      if (attempt >= 3) throw err;
      return sleep(750).then(() => check(key, attempt + 1));
    },
  );
}
`;

const THEN_WITH_LOG = THEN_ON_REJECTED.replace('      if (attempt >= 3) throw err;\n', '      console.warn(err);\n').replace('export function check(key, attempt = 1)', 'export function check(key)').replace('check(key, attempt + 1)', 'check(key)');

/** Each of these keeps the self-call: the rewrite would change what it returns, calls or retries. */
const REFUSED = {
  readsArguments: `${sleep}
export async function a(url: string, attempt = 0): Promise<Response> {
  try {
    return await fetch(url, { headers: { 'x-args': String(arguments.length) } });
  } catch (err) {
    if (attempt >= 3) throw err;
    await sleep(500);
    return a(url, attempt + 1);
  }
}
`,
  readsThis: `${sleep}
export async function a(url: string, attempt = 0): Promise<Response> {
  try {
    return await fetch((this as { base?: string } | undefined)?.base ?? url);
  } catch (err) {
    if (attempt >= 3) throw err;
    await sleep(500);
    return a(url, attempt + 1);
  }
}
`,
  counterRead: `${sleep}
export async function a(url: string, attempt = 0): Promise<Response> {
  try {
    return await fetch(url, { headers: { 'x-attempt': String(attempt) } });
  } catch (err) {
    if (attempt >= 3) throw err;
    await sleep(500);
    return a(url, attempt + 1);
  }
}
`,
  argumentChanged: `${sleep}
export async function b(url: string, attempt = 0): Promise<Response> {
  try {
    return await fetch(url);
  } catch (err) {
    if (attempt >= 3) throw err;
    await sleep(500);
    return b(url.replace('primary', 'replica'), attempt + 1);
  }
}
`,
  classifier: `${sleep}
export async function c(url: string, attempt = 0): Promise<Response> {
  try {
    return await fetch(url);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    if (attempt >= 3) throw err;
    await sleep(500);
    return c(url, attempt + 1);
  }
}
`,
  callBeforeTry: `${sleep}
export async function d(url: string, attempt = 0): Promise<Response> {
  const target = new URL(url);
  try {
    return await fetch(target);
  } catch (err) {
    if (attempt >= 3) throw err;
    await sleep(500);
    return d(url, attempt + 1);
  }
}
`,
  unawaitedReturn: `${sleep}
export async function e(url: string, attempt = 0): Promise<unknown> {
  try {
    const res = await fetch(url);
    return res.json();
  } catch (err) {
    if (attempt >= 3) throw err;
    await sleep(500);
    return e(url, attempt + 1);
  }
}
`,
};

/** The jitter edit, then the rewrite that keeps the whole body as retry()'s attempt (rewrite-reentry.ts). */
const jitterAndReentry = (code: string, output: string) => ({
  code,
  errors: [
    {
      messageId: 'fixedDelay' as const,
      suggestions: [
        { messageId: 'addJitter' as const, data: { delay: '`500`' }, output: code.replace('await sleep(500)', 'await sleep(Math.random() * 500)') },
        { messageId: 'rewrite' as const, data: { bound: '' }, output },
      ],
    },
  ],
});

const onlyJitter = (code: string) => ({
  code,
  errors: [{ messageId: 'fixedDelay' as const, suggestions: [{ messageId: 'addJitter' as const, data: { delay: '`500`' }, output: code.replace('await sleep(500)', 'await sleep(Math.random() * 500)') }] }],
});

ruleTester.run('no-fixed-sleep-retry', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'async try/catch calling itself with attempt + 1: the counter parameter stays, attempts left from it; a side effect after the guard is onRetry',
      code: TRY_WITH_COUNTER,
      errors: [
        {
          messageId: 'fixedDelay',
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`500`' }, output: TRY_WITH_COUNTER.replace('await sleep(500)', 'await sleep(Math.random() * 500)') },
            { messageId: 'rewrite', data: { bound: '' }, output: `import { metrics } from './metrics';
import { retry } from '@retry-hygiene/retry';

export async function getJson(url: string, attempt = 0): Promise<unknown> {
  return retry(async () => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(\`\${url}: \${res.status}\`);
    return await res.json();
  }, {
    maxAttempts: Math.max(1, 5 - attempt),
    baseMs: 500,
    factor: 1,
    capMs: 500,
    shouldRetry: () => true,
    onRetry: ({ error: err }) => {
      metrics.increment('get_json.retry', { reason: String(err) });
    },
    rejectWith: 'last-error',
  });
}
` },
          ],
        },
      ],
    },
    {
      name: '.catch((err) => { guard; return f(…, attempt + 1) }): the chain becomes the attempt',
      filename: 'file.js',
      code: CATCH_WITH_COUNTER,
      errors: [
        {
          messageId: 'immediate',
          suggestions: [
            { messageId: 'waitBeforeRetry', data: { ms: '1000' }, output: CATCH_WITH_COUNTER.replace('return loadConfig(name, attempt + 1);', 'return new Promise((resolve) => setTimeout(resolve, Math.random() * 1000)).then(() => loadConfig(name, attempt + 1));') },
            { messageId: 'rewrite', data: { bound: '' }, output: `import { retry } from '@retry-hygiene/retry';

export function loadConfig(name, attempt = 1) {
  return retry(() => readConfig(name), {
    maxAttempts: Math.max(1, 4 - attempt),
    shouldRetry: () => true,
    rejectWith: 'last-error',
  });
}
` },
          ],
        },
      ],
    },
    {
      name: '.then(onValue, onError) calling itself from onError: the operation is the attempt, onValue runs once on its value',
      filename: 'file.js',
      code: THEN_ON_REJECTED,
      errors: [
        {
          messageId: 'fixedDelay',
          suggestions: [
            { messageId: 'addJitter', data: { delay: '`750`' }, output: THEN_ON_REJECTED.replace('sleep(750)', 'sleep(Math.random() * 750)') },
            {
              messageId: 'rewrite',
              data: { bound: '' },
              output: `import { retry } from '@retry-hygiene/retry';

export function check(key, attempt = 1) {
  return retry(() => lookup(key), {
    maxAttempts: Math.max(1, 4 - attempt),
    baseMs: 750,
    factor: 1,
    capMs: 750,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  }).then((body) => body.valid === true);
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'no rewrite: a log in the onError of .then(onValue, onError) (it would also see onValue\'s errors once moved into a .catch)',
      filename: 'file.js',
      code: THEN_WITH_LOG,
      errors: [{ messageId: 'fixedDelay', suggestions: [{ messageId: 'addJitter', data: { delay: '`750`' }, output: THEN_WITH_LOG.replace('sleep(750)', 'sleep(Math.random() * 750)') }] }],
    },
    { name: 'the attempt reads the counter: the parameter takes the next value before each retry, so every attempt reads the value its call had', ...jitterAndReentry(REFUSED.counterRead, `import { retry } from '@retry-hygiene/retry';

export async function a(url: string, attempt = 0): Promise<Response> {
  const tryAgain = new Error('try again');
  return retry(async () => {
    try {
      return await fetch(url, { headers: { 'x-attempt': String(attempt) } });
    } catch (err) {
      if (attempt >= 3) throw err;
      attempt = attempt + 1;
      throw tryAgain;
    }
  }, {
    maxAttempts: Math.max(1, 4 - attempt),
    baseMs: 500,
    factor: 1,
    capMs: 500,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  });
}
`) },
    { name: 'no rewrite: the attempt reads the function\'s arguments (the self-call passed only the parameters; the arrow would see the first call\'s)', ...onlyJitter(REFUSED.readsArguments) },
    { name: 'no rewrite: the attempt reads the function\'s this (undefined in the self-call; the arrow would keep the first call\'s)', ...onlyJitter(REFUSED.readsThis) },
    { name: 'no rewrite: the self-call changes an argument', ...onlyJitter(REFUSED.argumentChanged) },
    // Kept as written inside the attempt, with the way back in made `attempt = attempt + 1; throw tryAgain` (only that marker is retried).
    { name: 'a classifier before the guard: the whole body is the attempt, and what the classifier throws is not retried', ...jitterAndReentry(REFUSED.classifier, `import { retry } from '@retry-hygiene/retry';

export async function c(url: string, attempt = 0): Promise<Response> {
  const tryAgain = new Error('try again');
  return retry(async () => {
    try {
      return await fetch(url);
    } catch (err) {
      if (!(err instanceof TypeError)) throw err;
      if (attempt >= 3) throw err;
      attempt = attempt + 1;
      throw tryAgain;
    }
  }, {
    maxAttempts: Math.max(1, 4 - attempt),
    baseMs: 500,
    factor: 1,
    capMs: 500,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  });
}
`) },
    { name: 'code before the try: it stays in the attempt, and its error is still not retried (only the marker is)', ...jitterAndReentry(REFUSED.callBeforeTry, `import { retry } from '@retry-hygiene/retry';

export async function d(url: string, attempt = 0): Promise<Response> {
  const tryAgain = new Error('try again');
  return retry(async () => {
    const target = new URL(url);
    try {
      return await fetch(target);
    } catch (err) {
      if (attempt >= 3) throw err;
      attempt = attempt + 1;
      throw tryAgain;
    }
  }, {
    maxAttempts: Math.max(1, 4 - attempt),
    baseMs: 500,
    factor: 1,
    capMs: 500,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  });
}
`) },
    { name: 'the try returns a promise without awaiting it: its rejection leaves retry() unretried, as it left the function', ...jitterAndReentry(REFUSED.unawaitedReturn, `import { retry } from '@retry-hygiene/retry';

export async function e(url: string, attempt = 0): Promise<unknown> {
  const tryAgain = new Error('try again');
  return retry(async () => {
    try {
      const res = await fetch(url);
      return res.json();
    } catch (err) {
      if (attempt >= 3) throw err;
      attempt = attempt + 1;
      throw tryAgain;
    }
  }, {
    maxAttempts: Math.max(1, 4 - attempt),
    baseMs: 500,
    factor: 1,
    capMs: 500,
    shouldRetry: (error) => error === tryAgain,
    rejectWith: 'last-error',
  });
}
`) },
  ],
});

ruleTester.run('no-unbounded-retry', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: '.catch chain with a wait, forever: bounded, the log stays in the chain\'s catch (every failure), the wait is base and cap',
      filename: 'file.js',
      code: CATCH_FOREVER_WITH_WAIT,
      errors: [{ messageId: 'unbounded', suggestions: [{ messageId: 'rewrite', data: { bound: ' (stops after 5 attempts)' }, output: `import delay from 'delay';
import { retry } from '@retry-hygiene/retry';

export function connect(url) {
  return retry(() => openConnection(url).catch((err) => {
    console.error('connect failed:', err.message);
    throw err;
  }), {
    maxAttempts: 5,
    baseMs: 2000,
    factor: 1,
    capMs: 2000,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  });
}
` }] }],
    },
    {
      name: 'async try/catch calling itself with no counter: bounded; a guard without calls before the try is re-checked in every attempt',
      code: TRY_FOREVER_WITH_CACHE,
      errors: [{ messageId: 'unbounded', suggestions: [{ messageId: 'rewrite', data: { bound: ' (stops after 5 attempts)' }, output: `import { retry } from '@retry-hygiene/retry';

let cached: string | undefined;

export async function token(): Promise<string> {
  return retry(async () => {
    if (cached) return cached;
    cached = await requestToken();
    return cached;
  }, {
    maxAttempts: 5,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  });
}
` }] }],
    },
  ],
});
