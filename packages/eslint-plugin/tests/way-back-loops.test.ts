import noNestedRetry from '../src/rules/no-nested-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A connection's drop listener starts a reconnect loop, which wires the new connection up
 * again: the recursion (wire → drop → reconnect loop → wire) goes back in through the function
 * that holds the loop, so the loop is that retry's way back, one retry, not a layer nested in it
 * (analysis/src/nesting.ts). A retry the attempt itself reaches is still nesting.
 */
const reconnectingChannel = `
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
interface Socket { on(event: 'close' | 'error', listener: () => void): void }

export class Channel {
  private closing = false;
  constructor(private open: () => Promise<Socket>, private maxDelay = 30_000) {}

  private wire(socket: Socket): void {
    let dropped = false;
    const onDrop = () => {
      if (dropped) return;
      dropped = true;
      if (!this.closing) void this.reconnect();
    };
    socket.on('close', onDrop);
    socket.on('error', onDrop);
  }

  private async reconnect(): Promise<void> {
    let delay = 250;
    while (!this.closing) {
      try {
        this.wire(await this.open());
        return;
      } catch {
        await sleep(delay);
        delay = Math.min(delay * 2, this.maxDelay);
      }
    }
  }
}
`;

// The attempt itself calls a function that retries: two layers.
const nested = `
const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
async function fetchWithRetries(url: string): Promise<Response> {
  for (let i = 0; ; i++) {
    try {
      return await fetch(url);
    } catch (e) {
      if (i >= 2) throw e;
      await sleep(Math.random() * 1000);
    }
  }
}
export async function sync(url: string): Promise<Response> {
  for (let round = 0; round < 3; round++) {
    try {
      return await fetchWithRetries(url);
    } catch {
      await sleep(Math.random() * 5000);
    }
  }
  throw new Error('sync failed');
}
`;

ruleTester.run('no-nested-retry and a reconnect loop on the way back', noNestedRetry, {
  valid: [{ name: 'wire → drop → reconnect loop → wire: one retry', code: reconnectingChannel }],
  invalid: [
    {
      name: 'the attempt calls a function that retries',
      code: nested,
      errors: [{ messageId: 'nested', line: 14, column: 3 }],
    },
  ],
});

ruleTester.run('require-jitter and a reconnect loop on the way back', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'the reconnect loop doubles its wait without jitter',
      code: reconnectingChannel,
      errors: [{ messageId: 'missingJitter', line: 22, column: 5 }],
    },
  ],
});
