import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A reconnect whose connection, once made, calls the reconnect again when it later drops (its
 * close listener), and whose failed connect calls it again from a catch: the later drop is a
 * way back after a success, the task's schedule; the catch's way back is a retry when it waits
 * otherwise (analysis/src/graph/schedules.ts): here a wait that grows from one failure to the
 * next. The same wait on both ways is a periodic reconnect, as before.
 */
const tableBackoff = `
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000];
declare function openSocket(): Promise<{ on(event: 'close', listener: (code: number) => void): void }>;
declare function defineCommand(definition: { run(): Promise<void> }): unknown;
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export const followCommand = defineCommand({
  async run() {
    let attempt = 0;
    let stopping = false;
    async function connect(): Promise<void> {
      const socket = await openSocket();
      socket.on('close', (code) => {
        if (code !== 1000) void reconnect();
      });
      attempt = 0;
    }
    async function reconnect(): Promise<void> {
      if (stopping) return;
      attempt++;
      if (attempt > BACKOFF_MS.length) return;
      await sleep(BACKOFF_MS[attempt - 1] ?? 16_000);
      try {
        await connect();
      } catch {
        void reconnect();
      }
    }
    await connect();
    process.once('SIGINT', () => {
      stopping = true;
    });
  },
});
`;

// A refresh that schedules the next round through another function after a success, and the
// same wait after a failure: a periodic task, not told apart.
const sameWait = `
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
function start(load) {
  async function tick() {
    await sleep(5000);
    try {
      await refresh();
    } catch (_) {
      void tick();
    }
  }
  async function refresh() {
    await load();
    void tick();
  }
  return tick();
}
module.exports = { start };
`;

ruleTester.run('require-jitter on a reconnect whose connection calls it again when it drops', requireJitter, {
  valid: [{ name: 'a refresh scheduled through another function, the same wait after a failure', code: sameWait, filename: 'follow.js' }],
  invalid: [
    {
      name: "a table of growing waits, in a command's method",
      code: tableBackoff,
      errors: [{ messageId: 'missingJitter', line: 26, column: 14, data: { what: '`reconnect()` retrying itself', delay: '1 s × 2^n', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on a reconnect whose connection calls it again when it drops', noFixedSleepRetry, {
  valid: [
    { name: 'a refresh scheduled through another function, the same wait after a failure', code: sameWait, filename: 'follow.js' },
    { name: "a growing wait is require-jitter's", code: tableBackoff },
  ],
  invalid: [],
});
