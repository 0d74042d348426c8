import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// A retry behind a test that holds whenever the caller leaves out a callback the code gives no
// default (`!options.shouldReconnect || (await options.shouldReconnect(err).catch(() => true))`; a
// callback handed only the error would sort failures, and is read so already): read with the options left
// out, as a limit that falls back to Infinity is, nothing stops it. The options are those of a
// function the module exports; a default, a write into them, a caller in the file, a test that
// also counts keep it quiet (analysis: absent-options.ts).

const reconnect = (test: string, head = 'export function connect(client, options) {', extra = '') => `
${head}${extra}
  const attempt = () =>
    client.open().catch(async (err) => {
      const again = ${test};
      if (again) {
        setTimeout(attempt, 1000 + Math.random() * 1000);
      }
    });
  return attempt();
}
`;

/** The handler handed to the code that fails, restarting it when the caller's callback (if any) agrees. */
const consumer = (condition: string, params = '{ source, retry }') => `
class Runner {
  constructor({ source, onCrash }) {
    this.source = source;
    this.onCrash = onCrash;
  }
  async start() {
    try {
      await this.source.connect();
    } catch (e) {
      return this.onCrash(e);
    }
  }
}

module.exports = (${params}) => {
  let restarts = 0;
  const start = async (onCrash) => {
    const runner = new Runner({ source, onCrash });
    await runner.start();
  };
  const onCrash = async (e) => {
    const retriable = e.retriable === true;
    const shouldRestart = ${condition};
    if (shouldRestart) {
      setTimeout(() => start(onCrash), e.retryTime || 300);
    }
  };
  return start(onCrash);
};
`;

const restart = '!retry || !retry.restartOnFailure || (await retry.restartOnFailure(e).catch(() => true))';

ruleTester.run('no-unbounded-retry (a stop only a caller’s callback could give)', noUnboundedRetry, {
  valid: [
    { name: 'the callback has a default', code: reconnect('!shouldReconnect || (await shouldReconnect(err).catch(() => true))', 'export function connect(client, { shouldReconnect = reconnectPolicy(5) }) {') },
    {
      name: 'the file fills the option in',
      code: reconnect('!options.shouldReconnect || (await options.shouldReconnect(err).catch(() => true))', undefined, '\n  options.shouldReconnect = options.shouldReconnect || ((e) => !e.fatal);'),
    },
    { name: 'the file merges defaults into the options', code: reconnect('!options.shouldReconnect || (await options.shouldReconnect(err).catch(() => true))', undefined, '\n  Object.assign(options, DEFAULTS);') },
    { name: 'not exported: its callers are in the file', code: reconnect('!options.shouldReconnect || (await options.shouldReconnect(err).catch(() => true))', 'function connect(client, options) {') + 'export const open = (client) => connect(client, { shouldReconnect: () => false });' },
    { name: 'the rest of the test counts', code: reconnect('(!options.shouldReconnect || (await options.shouldReconnect(err).catch(() => true))) && options.tries-- > 0') },
    { name: 'a default that answers: an option that is set', code: reconnect('options.shouldReconnect === undefined || (await options.shouldReconnect(err).catch(() => true))', 'export function connect(client, options = { shouldReconnect: () => false }) {') },
    { name: 'the consumer’s callback has a default', code: consumer('retriable && (!restartOnFailure || (await restartOnFailure(e).catch(() => true)))', '{ source, restartOnFailure = async () => false }') },
    { name: 'the consumer counts its restarts as well', code: consumer(`retriable && (${restart}) && ++restarts < 10`) },
  ],
  invalid: [
    {
      name: 'no callback: it reconnects forever',
      code: reconnect('!options.shouldReconnect || (await options.shouldReconnect(err).catch(() => true))'),
      errors: [{ messageId: 'unbounded', line: 7, column: 9, endLine: 7, endColumn: 57, data: { what: '`attempt()` retrying itself' } }],
    },
    {
      name: 'typeof test of the callback',
      code: reconnect("typeof options.shouldReconnect !== 'function' || (await options.shouldReconnect(err).catch(() => true))"),
      errors: [{ messageId: 'unbounded', line: 7, column: 9, endLine: 7, endColumn: 57, data: { what: '`attempt()` retrying itself' } }],
    },
    {
      name: 'compared with undefined, in a default export',
      code: reconnect('options.shouldReconnect === undefined || (await options.shouldReconnect(err).catch(() => true))', 'export default function connect(client, options) {'),
      errors: [{ messageId: 'unbounded', line: 7, column: 9, endLine: 7, endColumn: 57, data: { what: '`attempt()` retrying itself' } }],
    },
    {
      name: 'a restart on crash decided by the caller’s callback, when there is one',
      code: consumer(`retriable && (${restart})`),
      errors: [{ messageId: 'unbounded', line: 26, column: 24, endLine: 26, endColumn: 38, data: { what: '`start()` retrying itself through `onCrash()`' } }],
    },
    {
      name: 'the callback destructured from the options',
      code: consumer('retriable && (!restartOnFailure || (await restartOnFailure(e).catch(() => true)))', '{ source, restartOnFailure }'),
      errors: [{ messageId: 'unbounded', line: 26, column: 24, endLine: 26, endColumn: 38, data: { what: '`start()` retrying itself through `onCrash()`' } }],
    },
  ],
});

// A switch the caller may turn off (`options?.retryOnBusy !== false`): left out, it is on, and
// what is left of the test only sorts the response, so nothing stops the retry. Opt-in switches
// (`=== true`, `!= null`) are off when left out: no retry at all then.
const busyRetry = (test: string, params = 'options?: { retryOnBusy?: boolean }') => `
export async function query(body: string, ${params}): Promise<unknown> {
  const res = await fetch('/query', { method: 'POST', body });
  if (${test}) {
    return query(body, options);
  }
  if (!res.ok) throw new Error(String(res.status));
  return res.json();
}
`;

ruleTester.run('no-unbounded-retry (a switch the caller may turn off)', noUnboundedRetry, {
  valid: [
    { name: 'opt-in: on only when set to true', code: busyRetry('options?.retryOnBusy === true && res.status === 503') },
    { name: 'opt-in: on only when given at all (loosely unequal to null)', code: busyRetry('options?.retryOnBusy != null && res.status === 503') },
    { name: 'the switch has a default that turns it off', code: busyRetry('options.retryOnBusy !== false && res.status === 503', 'options: { retryOnBusy?: boolean } = { retryOnBusy: false }') },
  ],
  invalid: [
    {
      name: 'on unless turned off, strictly unequal to false',
      code: busyRetry('options?.retryOnBusy !== false && res.status === 503'),
      errors: [{ messageId: 'unbounded', line: 5, column: 12, data: { what: '`query()` retrying itself' } }],
    },
    {
      name: 'on unless set to a mode, loosely unequal to a string',
      code: busyRetry("options?.onBusy != 'fail' && res.status === 503", "options?: { onBusy?: 'fail' | 'retry' }"),
      errors: [{ messageId: 'unbounded', line: 5, column: 12, data: { what: '`query()` retrying itself' } }],
    },
  ],
});
