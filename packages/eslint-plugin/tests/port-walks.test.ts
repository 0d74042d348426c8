import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A number the loop hands its operation as it is and steps each turn, counted from where the
 * caller says (`let port = basePort`), is a position in a range the loop walks (the next port,
 * the next slot), not a count of attempts: no retry. Counted from 0 or 1 (`send(attempt)`), it
 * is the attempt number the operation is told, and the loop retries.
 */

const whileJs = `export async function firstFree(basePort, maxPort, tryListen) {
  let port = basePort;
  const busy = new Set(['EADDRINUSE', 'EACCES']);
  while (port <= maxPort) {
    try {
      return await tryListen(port);
    } catch (error) {
      if (!busy.has(error.code)) throw error;
      port += 1;
    }
  }
  throw new Error('no free port');
}
`;

const forTs = (start: string) => `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function claim(base: number, take: (slot: number) => Promise<void>): Promise<void> {
  for (let slot = ${start}; slot < base + 10; slot++) {
    try {
      return await take(slot);
    } catch {
      await sleep(1000);
    }
  }
}
`;

const countJs = `export async function send(post) {
  let attempt = 0;
  while (attempt < 3) {
    try {
      return await post(attempt);
    } catch {
      attempt++;
    }
  }
}
`;

ruleTester.run('no-fixed-sleep-retry and walks through a range', noFixedSleepRetry, {
  valid: [
    { name: 'JavaScript: the next port after a busy one', code: whileJs, filename: 'port.js' },
    { name: 'TypeScript: slots from a base the caller gives', code: forTs('base'), filename: 'claim.ts' },
  ],
  invalid: [
    { name: 'TypeScript: a count from 1 handed to the operation', code: forTs('1'), filename: 'claim.ts', errors: [{ messageId: 'fixedDelay', line: 4, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'an unknown number of attempts' } }] },
    { name: 'JavaScript: a count from 0 handed to the operation', code: countJs, filename: 'send.js', errors: [{ messageId: 'immediate', line: 3, column: 3, data: { what: 'This retry loop', attempts: 'up to 3 attempts' } }] },
  ],
});

ruleTester.run('no-unbounded-retry and walks through a range', noUnboundedRetry, {
  valid: [{ name: 'JavaScript: the next port after a busy one', code: whileJs, filename: 'port.js' }],
  invalid: [],
});
