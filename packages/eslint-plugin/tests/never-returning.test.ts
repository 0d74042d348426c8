import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A catch that calls a function of the file which never returns (declared \`never\`, or whose
 * body throws on every way through it: \`this.rethrow(err, '…')\`, \`fail(err)\`) hands the failure
 * on: the loop around it does not go again. Read from the function's code, whatever its name; one
 * that returns (\`warn(err)\`) leaves the loop going round.
 */

const clientTs = `declare const service: { list(q: { token?: string }): Promise<{ items: string[]; next?: string }> };
class ServiceError extends Error {}

export class Client {
  async *list(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      try {
        const page = await service.list({ token });
        yield* page.items;
        token = page.next;
      } catch (err) {
        this.rethrow(err, 'Failed to list');
      }
    } while (token);
  }

  protected rethrow(err: unknown, message: string): never {
    if (err instanceof ServiceError) throw err;
    throw new ServiceError(message, { cause: err });
  }
}

function fail(err: unknown): void {
  if (err instanceof TypeError) throw err;
  throw new Error('wrapped', { cause: err });
}

export async function poll(url: string): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url);
    } catch (err) {
      fail(err);
    }
  }
}

function warn(err: unknown): void {
  console.warn(err);
}

export async function forever(url: string): Promise<Response> {
  for (;;) {
    try {
      return await fetch(url);
    } catch (err) {
      warn(err);
    }
  }
}
`;

/** JavaScript: the method has no annotation; its body throws on both ways through it. */
const clientJs = `
class Client {
  async load(url) {
    for (;;) {
      try {
        return await fetch(url);
      } catch (err) {
        this.handle(err);
      }
    }
  }

  handle(err) {
    if (err.code === 'ENOTFOUND') throw new Error('no such host', { cause: err });
    this.wrap(err);
  }

  wrap(err) {
    throw new Error('request failed', { cause: err });
  }
}
module.exports = { Client };
`;

ruleTester.run('no-fixed-sleep-retry with a catch that calls a function that never returns', noFixedSleepRetry, {
  valid: [{ name: 'JavaScript: a method that always throws, through a second one', code: clientJs, filename: 'client.js' }],
  invalid: [
    {
      name: 'TypeScript: only the catch that calls a function that returns goes round',
      code: clientTs,
      filename: 'client.ts',
      errors: [{ messageId: 'immediate', line: 44, column: 3, data: { what: 'This retry loop', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'JavaScript: the second method returns on one way through',
      code: clientJs.replace("    throw new Error('request failed', { cause: err });", "    if (err.fatal) throw new Error('request failed', { cause: err });"),
      filename: 'client.js',
      errors: [{ messageId: 'immediate', line: 4, column: 5, data: { what: 'This retry loop', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a catch that calls a function that never returns', noUnboundedRetry, {
  valid: [{ name: 'JavaScript: a method that always throws, through a second one', code: clientJs, filename: 'client.js' }],
  invalid: [{ name: 'TypeScript: the loop whose catch only warns', code: clientTs, filename: 'client.ts', errors: [{ messageId: 'unbounded', line: 44, column: 3 }] }],
});
