import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A reconnect that calls a function its owner handed in (`this.onChange?.(false)`) before it tests
 * a flag of the instance (`if (!this.closing)`): the callback may change the flag, or not, by no
 * count the analysis can see; the number of attempts is unknown. It was read as a repair that
 * changes the condition once, "up to 2 attempts". A method of the class is read by what it writes.
 */

const harnessTs = (beforeTest: string, methods = '') => `export class Harness {
  private ws?: WebSocket;
  private closing = false;
  private token?: string;
  private onChange?: (up: boolean) => void;

  constructor(private readonly url: string, onChange?: (up: boolean) => void) {
    this.onChange = onChange;
  }

  connect() {
    this.closing = false;
    this.ws = new WebSocket(this.url);
    this.ws.onclose = () => {
      ${beforeTest}
      if (!this.closing) {
        setTimeout(() => {
          this.connect();
        }, 1000);
      }
    };
  }

  disconnect() {
    this.closing = true;
    this.ws?.close();
  }
${methods}}
`;

const fixed = (attempts: string) => ({ messageId: 'fixedDelay' as const, line: 18, column: 11, data: { what: '`connect()` retrying itself', delay: 'a fixed 1 s', attempts } });

ruleTester.run('no-fixed-sleep-retry with an owner callback before the reconnect', noFixedSleepRetry, {
  valid: [],
  invalid: [
    { name: "TypeScript: the owner's callback may stop it or not", code: harnessTs('this.onChange?.(false);'), filename: 'harness.ts', errors: [fixed('an unknown number of attempts')] },
    { name: 'TypeScript: no callback, a flag only the owner sets', code: harnessTs('console.warn("closed");'), filename: 'harness.ts', errors: [fixed('an unknown number of attempts')] },
    {
      name: 'TypeScript: a method of the class that writes something else',
      code: harnessTs('this.forget();', '\n  forget() {\n    this.token = undefined;\n  }\n'),
      filename: 'harness.ts',
      errors: [fixed('an unknown number of attempts')],
    },
  ],
});

ruleTester.run('no-unbounded-retry with an owner callback before the reconnect', noUnboundedRetry, {
  valid: [{ name: "TypeScript: the owner's callback may stop it", code: harnessTs('this.onChange?.(false);'), filename: 'harness.ts' }],
  invalid: [],
});
