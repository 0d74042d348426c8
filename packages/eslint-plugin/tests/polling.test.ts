import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Polling is not retrying (analysis/src/polling/state-probe.ts). A loop that goes round while a
 * probe answers "not yet" — a function of the file whose failures are folded into \`false\` and
 * whose \`true\` is a state read from what its operation returned — up to a deadline or a count,
 * waits for a state: silent. A loop on a function that answers a constant \`true\` once its
 * operation went through retries that operation, and a loop around the operation's own failure
 * is a retry whatever its bound: both still reported, as is a probe polled with no bound at all.
 */

const JS = 'poll.js';
const loop = 'This retry loop';

const readinessProbe = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function answers(endpoint: string): Promise<boolean> {
  try {
    return (await fetch(endpoint)).ok;
  } catch {
    return false;
  }
}
export async function untilAnswering(endpoint: string, limitMs = 20_000): Promise<void> {
  const giveUpAt = Date.now() + limitMs;
  while (!(await answers(endpoint))) {
    if (Date.now() > giveUpAt) throw new Error(\`\${endpoint} still down\`);
    await sleep(750);
  }
}
`;

const countedProbe = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function migrated(db: { query(sql: string): Promise<{ rows: unknown[] }> }): Promise<boolean> {
  try {
    const result = await db.query('select 1 from schema_version where done');
    return result.rows.length > 0;
  } catch (err) {
    return false;
  }
}
export async function awaitMigration(db: { query(sql: string): Promise<{ rows: unknown[] }> }) {
  for (let check = 0; check < 40; check++) {
    if (await migrated(db)) return;
    await sleep(3000);
  }
  throw new Error('migration did not finish');
}
`;

const portProbe = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function listening(port) {
  try {
    const reply = await fetch(\`http://127.0.0.1:\${port}/health\`);
    return reply.status === 200;
  } catch (_) {
    return false;
  }
}
async function waitForServer(port, timeout) {
  const deadline = Date.now() + timeout;
  while (!(await listening(port))) {
    if (Date.now() >= deadline) throw new Error('server did not start');
    await sleep(200);
  }
}
module.exports = { waitForServer };
`;

const probeAndRetryTs = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function delivered(event: string): Promise<boolean> {
  try {
    await fetch('/events', { method: 'POST', body: event });
    return true;
  } catch {
    return false;
  }
}
export async function deliverWithin(event: string) {
  const giveUpAt = Date.now() + 15_000;
  while (!(await delivered(event))) {
    if (Date.now() > giveUpAt) throw new Error('not delivered');
    await sleep(750);
  }
}
export async function openWithin(open: () => Promise<void>) {
  const giveUpAt = Date.now() + 15_000;
  while (true) {
    try {
      return await open();
    } catch (e) {
      if (Date.now() > giveUpAt) throw e;
      await sleep(750);
    }
  }
}
async function answers(endpoint: string): Promise<boolean> {
  try {
    return (await fetch(endpoint)).ok;
  } catch {
    return false;
  }
}
export async function forever(endpoint: string) {
  while (!(await answers(endpoint))) await sleep(750);
}
`;

const probeAndRetryJs = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function pushed(item) {
  try {
    await queue.push(item);
    return true;
  } catch (_) {
    return false;
  }
}
async function pushFor(item, timeout) {
  const deadline = Date.now() + timeout;
  while (!(await pushed(item))) {
    if (Date.now() >= deadline) throw new Error('not pushed');
    await sleep(200);
  }
}
module.exports = { pushFor };
`;

// A probe that answers "not yet" with a `false` of its own, after a test, besides the state it reads.
const notYetProbe = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function resolvable(name: string): Promise<boolean> {
  try {
    const servers = await nameServersOf(name);
    if (servers.length === 0) {
      return false;
    }
    const answer = await query(servers, name);
    return answer.records.length > 0;
  } catch {
    return false;
  }
}
export async function untilResolvable(name: string, started: number) {
  while (Date.now() - started < 60_000) {
    if (await resolvable(name)) return;
    await sleep(1000);
  }
}
declare function nameServersOf(name: string): Promise<string[]>;
declare function query(servers: string[], name: string): Promise<{ records: string[] }>;
`;

// The success path stores a state the status read returned; the loop goes round until it is final.
const storedState = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function awaitRollout(getRollout: (id: string) => Promise<{ phase: { name: string; status: string } }>, id: string) {
  let phase: { name: string; status: string } | undefined;
  let checks = 0;
  while (checks < 8 && phase?.status !== 'done' && phase?.status !== 'failed') {
    await sleep(2 ** checks++ * 500);
    try {
      const rollout = await getRollout(id);
      phase = rollout.phase;
    } catch (error) {
      console.debug('status read failed', error);
    }
  }
  return phase;
}
`;

// The success path keeps the result itself: the loop asks whether the call answered at all.
const keptResult = `
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function firstAnswer(url: string) {
  let response: Response | undefined;
  let tries = 0;
  while (!response && tries < 4) {
    tries++;
    try {
      response = await fetch(url);
    } catch {
      await sleep(300);
    }
  }
  return response;
}
`;

/** A method probing many indicators at once: ready when every one answers 'up'. */
const everyIndicator = `
declare const indicators: { isHealthy(): Promise<{ status: string }> }[];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export class Readiness {
  async ready(): Promise<boolean> {
    for (let i = 1; i < 11; i += 1) {
      const result = await this.check();
      if (result) return true;
      await sleep(5000);
    }
    return false;
  }
  private async check() {
    try {
      const healths = await Promise.all(indicators.map((h) => h.isHealthy()));
      return healths.every((h) => h.status === 'up');
    } catch (error) {
      return false;
    }
  }
}
`;

/** The same loop on a method whose array test hands back another call's answer: nothing says it reads a state. */
const everyAccepted = everyIndicator.replace("healths.every((h) => h.status === 'up')", 'healths.every((h) => accept(h))').replace('declare const', 'declare function accept(h: { status: string }): boolean;\ndeclare const');

ruleTester.run('no-fixed-sleep-retry and waiting for a state', noFixedSleepRetry, {
  valid: [
    { name: 'a probe whose own test answers "not yet" with false, up to a deadline', code: notYetProbe },
    { name: 'readiness probe up to a deadline (TS, while on the probe)', code: readinessProbe },
    { name: 'a probe of a query up to a count (TS, for with an if that returns)', code: countedProbe },
    { name: 'a health probe up to a deadline (JS)', code: portProbe, filename: JS },
    { name: "a method probing every indicator's state, up to a count", code: everyIndicator },
  ],
  invalid: [
    {
      name: 'the array test hands back another call: its false may be the operation failing',
      code: everyAccepted,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 5, data: { what: loop, delay: 'a fixed 5 s', attempts: 'up to 10 attempts' } }],
    },
    {
      name: 'a constant true once the POST went through, and an operation caught in the loop (TS)',
      code: probeAndRetryTs,
      errors: [
        { messageId: 'fixedDelay', line: 13, column: 3, data: { what: loop, delay: 'a fixed 750 ms', attempts: 'for up to 15 s' } },
        { messageId: 'fixedDelay', line: 20, column: 3, data: { what: loop, delay: 'a fixed 750 ms', attempts: 'for up to 15 s' } },
        { messageId: 'fixedDelay', line: 37, column: 3, data: { what: loop, delay: 'a fixed 750 ms', attempts: 'no limit on attempts' } },
      ],
    },
    {
      name: 'a constant true once the push went through (JS)',
      code: probeAndRetryJs,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 13, column: 3, data: { what: loop, delay: 'a fixed 200 ms', attempts: 'until a deadline' } }],
    },
    {
      name: 'the success path keeps the result itself: going round only on failure is a retry',
      code: keptResult,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: loop, delay: 'a fixed 300 ms', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter and waiting for a state', requireJitter, {
  valid: [{ name: 'a status read whose stored state the loop waits on, with a growing wait', code: storedState }],
  invalid: [],
});

ruleTester.run('no-unbounded-retry and waiting for a state', noUnboundedRetry, {
  valid: [
    { name: 'readiness probe up to a deadline (TS)', code: readinessProbe },
    { name: 'a health probe up to a deadline (JS)', code: portProbe, filename: JS },
  ],
  invalid: [
    {
      name: 'a probe polled with no deadline nor count is still reported',
      code: probeAndRetryTs,
      errors: [{ messageId: 'unbounded', line: 37, column: 3, data: { what: loop } }],
    },
  ],
});
