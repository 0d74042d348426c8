import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A reconnect whose attempt runs only while a state its owner clears holds (`if
 * (this.allowReconnect) await connect(url)` with `close()` setting it false): once closed,
 * nothing fails and nothing goes again. The owner stops it, by no count the analysis sees: the
 * number of attempts is unknown, not "never gives up".
 */

const clientTs = (attempt: string) => `const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Client {
  private allowReconnect = false;
  private reconnecting: Promise<void> | null = null;
  private ws?: WebSocket;

  open(url: string) {
    this.allowReconnect = true;
    this.reconnect(url);
  }

  close() {
    this.allowReconnect = false;
    this.ws?.close();
  }

  private reconnect(url: string) {
    const tryReconnect = async (attempt: number): Promise<void> => {
      try {
        await sleep(Math.min(1000 * 2 ** attempt, 30_000));
        ${attempt}
        this.reconnecting = null;
      } catch {
        await tryReconnect(attempt + 1);
      }
    };
    this.reconnecting = tryReconnect(0);
  }
}

declare function connect(url: string): Promise<WebSocket>;
`;

const gated = clientTs('if (this.allowReconnect) {\n          this.ws = await connect(url);\n        }');
const ungated = clientTs('this.ws = await connect(url);');

ruleTester.run('no-unbounded-retry with the attempt gated by its owner', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: close() clears the gate', code: gated, filename: 'client.ts' }],
  invalid: [{ name: 'TypeScript: no gate', code: ungated, filename: 'client.ts', errors: [{ messageId: 'unbounded', line: 25, column: 15 }] }],
});

ruleTester.run('require-jitter with the attempt gated by its owner', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: close() clears the gate',
      code: gated,
      filename: 'client.ts',
      errors: [{ messageId: 'missingJitter', line: 27, column: 15, data: { what: '`tryReconnect()` retrying itself', delay: '1 s × 2^n, capped at 30 s', attempts: 'an unknown number of attempts' } }],
    },
  ],
});
