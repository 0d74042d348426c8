import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A handler object whose failure method is told the error through an error-first callback:
 * `onError: (err) => { …; done(err) }` where `done` is a callback the function was handed and
 * also calls with nothing first (`done(null, body)`). That is the code saying `err` is an
 * error (the receiver, `client.send`, cannot be read); the method's name says nothing. Before,
 * a failure method had to throw, reject or test its error, and this retry was missed.
 */

const code = "interface Handler { onSuccess(body: string): void; onError(e: unknown): void }\ndeclare const client: { send(req: object, h: Handler): void };\nexport function deliver(req: object, done: (err?: unknown, body?: string) => void) {\n  let tries = 0;\n  const attempt = () =>\n    client.send(req, {\n      onSuccess: (body) => done(null, body),\n      onError: (err) => {\n        if (tries++ < 3) setTimeout(attempt, 500);\n        else done(err);\n      },\n    });\n  attempt();\n}\n";

ruleTester.run('no-fixed-sleep-retry through a handler whose failure method hands an error-first callback the error', noFixedSleepRetry, {
  valid: [
    {
      name: 'TypeScript: the callback is never called with nothing first: no evidence the value is an error',
      code: code.replace('onSuccess: (body) => done(null, body)', 'onSuccess: (body) => done(body)'),
      filename: 'deliver.ts',
    },
    {
      name: 'TypeScript: the wait is at random',
      code: code.replace('setTimeout(attempt, 500)', 'setTimeout(attempt, Math.random() * 500)'),
      filename: 'deliver.ts',
    },
  ],
  invalid: [
    {
      name: 'TypeScript: onError re-sends after a fixed wait, three times at most',
      code,
      filename: 'deliver.ts',
      errors: [{ messageId: 'fixedDelay', line: 9, column: 26, data: { what: '`attempt()` retrying itself', delay: 'a fixed 500 ms', attempts: 'up to 4 attempts' }, suggestions: [{ messageId: 'addJitter', output: "interface Handler { onSuccess(body: string): void; onError(e: unknown): void }\ndeclare const client: { send(req: object, h: Handler): void };\nexport function deliver(req: object, done: (err?: unknown, body?: string) => void) {\n  let tries = 0;\n  const attempt = () =>\n    client.send(req, {\n      onSuccess: (body) => done(null, body),\n      onError: (err) => {\n        if (tries++ < 3) setTimeout(attempt, Math.random() * 500);\n        else done(err);\n      },\n    });\n  attempt();\n}\n" }] }],
    },
  ],
});
