import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// A handler object handed to a receiver whose code cannot be read (a parameter, a method of a
// declared object), with methods written without types of their own (`onError(err) {…}`): the
// receiver's declared type says which of them it hands an error (`onError: (error?: Error |
// Event) => void` in the `Handlers` it takes), and that one runs on a failure. Before, only a
// method whose own code took an error counted, and these retries were not found. A method the
// declared type hands something else (`onMessage: (text: string) => void`) is no failure
// method, whatever it does (analysis: declared/declared-type.ts, graph/handler-objects.ts).

const handlers = `
type Handlers = {
  onClose: () => void;
  onError: (error?: Error | Event) => void;
  onMessage: (text: string) => void;
};

interface Source {
  watch(handlers: Handlers): void;
}

export function client(getSocket: (handlers: Handlers) => Promise<unknown>) {
  async function setup() {
    await getSocket({
      onClose() {},
      onError(err) {
        console.warn(err);
        setTimeout(() => setup(), 2000);
      },
      onMessage(text) {
        console.log(text);
      },
    });
  }
  return setup();
}

export function listen(source: Source): void {
  source.watch({
    onClose() {},
    onError(problem) {
      console.warn(problem);
      setTimeout(() => listen(source), 1000);
    },
    onMessage(text) {
      console.log(text);
    },
  });
}

export function follow(source: Source): void {
  source.watch({
    onClose() {},
    onError(problem) {
      console.warn(problem);
    },
    onMessage(text) {
      console.log(text);
      setTimeout(() => follow(source), 1000);
    },
  });
}
`;

ruleTester.run('no-fixed-sleep-retry through a handler the declared type hands an error', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'a parameter declared to take Handlers, and a method of a declared interface; not the message handler',
      code: handlers,
      filename: 'handlers.ts',
      errors: [
        { messageId: 'fixedDelay', line: 18, column: 26, data: { what: '`setup()` retrying itself', delay: 'a fixed 2 s', attempts: 'no limit on attempts' } },
        { messageId: 'fixedDelay', line: 33, column: 24, data: { what: '`listen()` retrying itself', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } },
      ],
    },
  ],
});

ruleTester.run('no-unbounded-retry through a handler the declared type hands an error', noUnboundedRetry, {
  valid: [],
  invalid: [
    {
      name: 'no limit on either',
      code: handlers,
      filename: 'handlers.ts',
      errors: [
        { messageId: 'unbounded', line: 18, column: 26, data: { what: '`setup()` retrying itself' } },
        { messageId: 'unbounded', line: 33, column: 24, data: { what: '`listen()` retrying itself' } },
      ],
    },
  ],
});
