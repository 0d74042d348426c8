import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A function that calls itself again from the callback it hands a call (`next.value(name, auth,
 * (err, allow) => { if (err || !allow) return tryNext() })`): the call the callback is handed to
 * is the attempt whose failure it hears. When that call's function or receiver is drawn from an
 * iterator that advances on every entry (`const next = matchers.next()`), each entry asks the
 * next alternative: a walk through them, not a retry. It was read as "retries at once, no limit"
 * (the attempt was taken to be the first other call of the body). The same callback on a call
 * that asks the same thing again is still a retry.
 */

const matchersTs = `type Matcher = (name: string, auth: Record<string, unknown>, done: (err: Error | null, allow?: boolean) => void) => void;

export class Namespaces {
  private readonly parents = new Map<Matcher, string>();

  /** Asks each parent matcher in turn whether it takes \`name\`; the next one when it does not. */
  find(name: string, auth: Record<string, unknown>, done: (parent: string | false) => void): void {
    const matchers = this.parents.keys();
    const tryNext = () => {
      const next = matchers.next();
      if (next.done) return done(false);
      next.value(name, auth, (err, allow) => {
        if (err || !allow) return tryNext();
        done(this.parents.get(next.value) ?? false);
      });
    };
    tryNext();
  }
}
`;

/** JavaScript: the same host looked up again after a second (a retry), and the next resolver of a list (a walk). */
const lookupJs = `const dns = require('node:dns');

// The same host looked up again after a second: a retry through the callback.
function lookupHost(host, done, attempt = 0) {
  dns.lookup(host, (err, address) => {
    if (err && attempt < 4) return setTimeout(() => lookupHost(host, done, attempt + 1), 1000);
    done(err, address);
  });
}

// The next resolver of the list each time: a walk through them.
function firstAnswer(resolvers, host, done) {
  const pending = resolvers[Symbol.iterator]();
  const ask = () => {
    const step = pending.next();
    if (step.done) return done(new Error('no resolver answered'));
    step.value.resolve(host, (err, address) => {
      if (err) return ask();
      done(null, address);
    });
  };
  ask();
}

module.exports = { lookupHost, firstAnswer };
`;

/**
 * JavaScript: a self-call from an error listener. The listener's registration (`client.on('error', …)`)
 * is not the attempt: the client it is called on, given up when absent, is no alternative drawn.
 */
const poolClientJs = `// A client checked out once to hear its errors: on a reset, check one out again at once.
async function watchPool(pool, log) {
  let client;
  try {
    client = await pool.connect();
  } catch (err) {
    log(err);
  }
  if (!client) return;
  client.on('error', (err) => {
    if (err.code === 'ECONNRESET') void watchPool(pool, log);
  });
  client.release();
}

module.exports = { watchPool };
`;

ruleTester.run('no-fixed-sleep-retry with a self-call from the callback of the attempt', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: each parent matcher asked in turn through an iterator', code: matchersTs, filename: 'namespaces.ts' }],
  invalid: [
    {
      name: 'JavaScript: a lookup retried from its callback; the walk through resolvers beside it is silent',
      code: lookupJs,
      filename: 'lookup.js',
      errors: [{ messageId: 'fixedDelay', line: 6, column: 53, data: { what: '`lookupHost()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'JavaScript: a client checked out again at once from its error listener',
      code: poolClientJs,
      filename: 'pool-client.js',
      errors: [{ messageId: 'immediate', line: 11, column: 41, data: { what: '`watchPool()` retrying itself', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a self-call from the callback of the attempt', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: each parent matcher asked in turn through an iterator', code: matchersTs, filename: 'namespaces.ts' },
    { name: 'JavaScript: a bounded lookup retry and a walk through resolvers', code: lookupJs, filename: 'lookup.js' },
  ],
  invalid: [{ name: 'JavaScript: a client checked out again from its error listener, with no limit', code: poolClientJs, filename: 'pool-client.js', errors: [{ messageId: 'unbounded', line: 11, column: 41 }] }],
});
