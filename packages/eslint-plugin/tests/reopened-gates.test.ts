import requireJitter from '../src/rules/require-jitter.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A reconnect whose whole body sits under a test on the connection's own field
 * (`if (client.wanted && client.socket === null)`), and whose close handler clears that field
 * before it schedules the next call: the write gives the field the value the test asks for, so
 * the next call connects again. Before, any write of a field the test reads was taken to close
 * the way back ("at most once more"), and these reconnects read as two attempts.
 *
 * The field that stops it may be written by the owner through `this` while the reconnect reads
 * it through a parameter annotated with the owner's class (`disconnect() { this.wanted = false }`):
 * a stop decided outside the cycle, with a count nobody can name, so no "never gives up".
 */
const reconnect = (gate: string, cleared: string, owner: string) => `export interface Options { url: string }
export class Client {
  wanted = true;
  socket: WebSocket | null = null;
  failures = 0;
  constructor(readonly url: string) {
    connect(this);
  }
${owner}}

function connect(client: Client): void {
  if (${gate}) {
    const socket = new WebSocket(client.url);
    client.socket = socket;
    socket.addEventListener('close', () => {
      client.socket = ${cleared};
      client.failures++;
      setTimeout(connect, Math.min(2 ** client.failures * 100, 2500), client);
    });
    socket.addEventListener('open', () => {
      client.failures = 0;
    });
  }
}
`;
const withDisconnect = '  disconnect(): void {\n    this.wanted = false;\n    this.socket?.close();\n  }\n';
const ownerStops = reconnect('client.wanted && client.socket === null', 'null', withDisconnect);
const nobodyStops = reconnect('client.wanted && client.socket === null', 'null', '');
// The test asks for `null`, strictly; `undefined` is not it, so the next call skips: at most once more.
const clearedToOther = reconnect('client.wanted && client.socket === null', 'undefined', '');

// JavaScript, a class of its own: `if (!this.ws)`, cleared by `delete`.
const selfReconnect = `export class Feed {
  constructor(url) {
    this.url = url;
    this.ws = undefined;
    this.delay = 500;
  }
  open() {
    if (!this.ws) {
      const ws = new WebSocket(this.url);
      this.ws = ws;
      ws.onclose = () => {
        delete this.ws;
        this.delay = Math.min(this.delay * 2, 30000);
        setTimeout(() => this.open(), this.delay);
      };
      ws.onopen = () => {
        this.delay = 500;
      };
    }
  }
}
`;

ruleTester.run('require-jitter on a reconnect that clears the field its test asks for', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: the owner stops it through `this`, the reconnect reads it through its parameter',
      code: ownerStops,
      filename: 'client.ts',
      errors: [{ messageId: 'missingJitter', line: 22, column: 7, data: { what: '`connect()` retrying itself', delay: '100 ms × 2^n, capped at 2.5 s', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'TypeScript: nothing stops it',
      code: nobodyStops,
      filename: 'client.ts',
      errors: [{ messageId: 'missingJitter', line: 18, column: 7, data: { what: '`connect()` retrying itself', delay: '100 ms × 2^n, capped at 2.5 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'TypeScript: the field is given a value the test does not ask for',
      code: clearedToOther,
      filename: 'client.ts',
      errors: [{ messageId: 'missingJitter', line: 18, column: 7, data: { what: '`connect()` retrying itself', delay: '100 ms × 2^n, capped at 2.5 s', attempts: 'up to 2 attempts' } }],
    },
    {
      name: 'JavaScript: a field deleted before the next call, under `if (!this.ws)`',
      code: selfReconnect,
      filename: 'feed.js',
      errors: [{ messageId: 'missingJitter', line: 14, column: 26, data: { what: '`open()` retrying itself', delay: '500 ms × 2^n, capped at 30 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry on a reconnect that clears the field its test asks for', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: the owner stops it through `this`', code: ownerStops, filename: 'client.ts' },
    { name: 'TypeScript: the field is given a value the test does not ask for', code: clearedToOther, filename: 'client.ts' },
  ],
  invalid: [
    { name: 'TypeScript: nothing stops it', code: nobodyStops, filename: 'client.ts', errors: [{ messageId: 'unbounded', line: 18, column: 7 }] },
    { name: 'JavaScript: a field deleted before the next call', code: selfReconnect, filename: 'feed.js', errors: [{ messageId: 'unbounded', line: 14, column: 26 }] },
  ],
});
