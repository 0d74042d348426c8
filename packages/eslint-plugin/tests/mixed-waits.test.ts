import rule from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

// A loop whose wait some errors skip: the wait sits in one branch of an `if` on the caught error
// (the other errors go round with no wait at all), or an `if` on the error before it sends the
// errors it takes round with `continue`. The finding names the `if` and says so; it is made only
// when that way round is sure to reach the next attempt at once.

const SLEEP = `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));`;

ruleTester.run('no-fixed-sleep-retry: a wait for some errors only', rule, {
  valid: [
    {
      name: 'both branches wait (jittered)',
      code: `${SLEEP}
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch (err) {
      if (err.status === 429) await sleep(Math.random() * 5000);
      else await sleep(Math.random() * 2 ** i * 100);
    }
  }
}
`,
    },
    {
      name: 'the errors the if does not take are thrown',
      code: `${SLEEP}
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch (err) {
      if (err.code === 'THROTTLED') await sleep(Math.random() * 2 ** i * 100);
      else throw err;
    }
  }
}
`,
    },
    {
      name: 'wait in the branch that stays, the fatal branch throws',
      code: `${SLEEP}
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch (e) {
      if (!e.fatal) {
        await sleep(Math.random() * 1000);
      } else {
        throw e;
      }
    }
  }
}
`,
    },
    {
      name: 'a throw after the if: only the waiting errors go round',
      code: `${SLEEP}
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch (e) {
      if (e instanceof OverloadedError) {
        await sleep(Math.random() * 1000);
        continue;
      }
      throw e;
    }
  }
}
`,
    },
    {
      name: 'the if tests the attempt, not the error',
      code: `${SLEEP}
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch (e) {
      if (i > 0) await sleep(Math.random() * 1000);
    }
  }
}
`,
    },
    {
      name: 'an awaited call on the way round that may wait',
      code: `${SLEEP}
async function query(q: string) {
  for (let i = 0; i < 5; i++) {
    try {
      return await client.query(q);
    } catch (e) {
      if (e.code === 'BUSY') await sleep(Math.random() * 1000);
      await client.reconnect();
    }
  }
}
`,
    },
    {
      name: 'the other errors refresh the token before going round',
      code: `${SLEEP}
async function call(api: Api) {
  for (let i = 0; i < 5; i++) {
    try {
      return await api.get('/me');
    } catch (e) {
      if (e.status === 503) await sleep(Math.random() * 1000);
      else if (e.status === 401) await api.refreshToken();
      else throw e;
    }
  }
}
`,
    },
    {
      name: 'two attempts in all: the immediate path goes again once',
      code: `${SLEEP}
async function load() {
  for (let i = 0; i < 2; i++) {
    try {
      return await fetch('/x');
    } catch (e) {
      if (e.status === 503) await sleep(Math.random() * 1000);
    }
  }
}
`,
    },
    {
      name: 'the next host on the other errors',
      code: `${SLEEP}
async function load(hosts: string[]) {
  for (const host of hosts) {
    try {
      return await fetch(host);
    } catch (e) {
      if (e.status === 503) await sleep(Math.random() * 1000);
    }
  }
}
`,
    },
    {
      name: 'allowImmediate: an optimistic loop that waits only when contended',
      options: [{ allowImmediate: true }],
      code: `${SLEEP}
async function bump(id: string) {
  while (true) {
    try {
      return await store.compareAndSet(id);
    } catch (e) {
      if (e.code === 'CONTENDED') await sleep(Math.random() * 50);
    }
  }
}
`,
    },
    {
      name: 'continue before the wait, but the if tests the attempt',
      code: `${SLEEP}
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch (e) {
      if (i === 0) continue;
      await sleep(Math.random() * 1000);
    }
  }
}
`,
    },
    {
      name: 'continue before the wait after an awaited reconnect',
      code: `${SLEEP}
async function query(q: string) {
  for (let i = 0; i < 5; i++) {
    try {
      return await db.query(q);
    } catch (e) {
      if (e.code === 'ECONNRESET') {
        await db.reconnect();
        continue;
      }
      await sleep(Math.random() * 1000);
    }
  }
}
`,
    },
    {
      name: 'continue to an outer loop by label skips to the next item',
      code: `${SLEEP}
async function sendAll(items: Item[]) {
  outer: for (const item of items) {
    for (let i = 0; i < 5; i++) {
      try {
        await send(item);
        break;
      } catch (e) {
        if (e.code === 'REJECTED') continue outer;
        await sleep(Math.random() * 1000);
      }
    }
  }
}
`,
    },
    {
      name: 'an if on the error with an else before the wait',
      code: `${SLEEP}
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch (e) {
      if (e.status === 409) continue;
      else log(e);
      await sleep(Math.random() * 1000);
    }
  }
}
`,
    },
    {
      name: 'the other errors are handed to a helper that may throw them',
      code: `${SLEEP}
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch (err) {
      if (err.status === 503) await sleep(Math.random() * 1000);
      else rethrowUnlessTransient(err);
    }
  }
}
`,
    },
    {
      name: 'the continue branch hands the error to a call first',
      code: `${SLEEP}
async function load() {
  for (let i = 0; i < 5; i++) {
    try {
      return await fetch('/x');
    } catch (err) {
      if (err.code === 'ECONNRESET') {
        this.failIfClosed(err);
        continue;
      }
      await sleep(Math.random() * 1000);
    }
  }
}
`,
    },
  ],
  invalid: [
    {
      name: 'counted loop: a jittered wait only on overload, the rest at once',
      code: `${SLEEP}
async function run(op: Op) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await op.execute();
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (error.overloaded) {
        await sleep(Math.random() * Math.min(10000, 100 * 2 ** attempt));
      }
    }
  }
}
`,
      errors: [
        {
          messageId: 'immediateOnOthers', line: 3, column: 3, endLine: 3, endColumn: 48,
          data: { what: 'This retry loop', line: 8, attempts: 'up to 5 attempts' },
        },
      ],
    },
    {
      name: 'while (true): waits the server-given time on 429 only',
      code: `${SLEEP}
async function send(body: string) {
  while (true) {
    try {
      return await post(body);
    } catch (err) {
      if (err instanceof RateLimitError) await sleep(err.retryAfterMs + Math.random() * 100);
      log(err);
    }
  }
}
`,
      errors: [
        {
          messageId: 'immediateOnOthers', line: 3, column: 3, endLine: 3, endColumn: 15,
          data: { what: 'This retry loop', line: 7, attempts: 'no limit on attempts' },
        },
      ],
    },
    {
      name: 'the connection taken again on the way round is the setup, not a wait',
      code: `${SLEEP}
async function query(pool: Pool, q: string) {
  let conn = await pool.acquire();
  for (let i = 0; i < 4; i++) {
    try {
      return await conn.query(q);
    } catch (e) {
      if (e.code === 'BUSY') await sleep(Math.random() * 2 ** i * 50);
      conn = await pool.acquire();
    }
  }
}
`,
      errors: [
        {
          messageId: 'immediateOnOthers', line: 4, column: 3, endLine: 4, endColumn: 30,
          data: { what: 'This retry loop', line: 8, attempts: 'up to 4 attempts' },
        },
      ],
    },
    {
      name: 'the wait in the else: reset connections go again at once',
      filename: 'file.js',
      code: `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function read(key) {
  let tries = 0;
  do {
    try {
      return await cache.get(key);
    } catch (e) {
      if (e.code === 'ECONNRESET') {
        console.warn('reset');
      } else {
        await sleep(Math.random() * 200 * 2 ** tries);
      }
    }
  } while (++tries < 6);
}
`,
      errors: [
        {
          messageId: 'immediateOnOthers', line: 4, column: 3, endLine: 4, endColumn: 5,
          data: { what: 'This retry loop', line: 8, attempts: 'up to 6 attempts' },
        },
      ],
    },
    {
      name: 'continue on a conflict before the jittered wait',
      code: `${SLEEP}
async function save(doc: Doc) {
  for (let i = 0; i < 8; i++) {
    try {
      return await db.put(doc);
    } catch (err) {
      if (err instanceof ConflictError) continue;
      await sleep(Math.random() * 100 * 2 ** i);
    }
  }
}
`,
      errors: [
        {
          messageId: 'immediateOnOthers', line: 3, column: 3, endLine: 3, endColumn: 30,
          data: { what: 'This retry loop', line: 7, attempts: 'up to 8 attempts' },
        },
      ],
    },
    {
      name: 'logged and sent round at once on a reset, waits otherwise (JavaScript)',
      filename: 'file.js',
      code: `const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function get(url) {
  let left = 4;
  while (left-- > 0) {
    try {
      return await request(url);
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (error.code === 'ECONNRESET') {
        console.warn('reset, again');
        continue;
      }
      await sleep(250 + Math.random() * 250);
    }
  }
}
`,
      errors: [
        {
          messageId: 'immediateOnOthers', line: 4, column: 3, endLine: 4, endColumn: 21,
          data: { what: 'This retry loop', line: 9, attempts: 'up to 4 attempts' },
        },
      ],
    },
  ],
});
