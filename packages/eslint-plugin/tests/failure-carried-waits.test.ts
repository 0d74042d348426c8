import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A wait the failure may carry, with a number of the code's own beside it
 * (`err.parameters?.retry_after ?? 5`, read off the caught error or a name for it): like a
 * Retry-After header, the code's wait is the one used when the failure says none, so the
 * finding is about that wait, "when the response has no Retry-After". It was no value at all.
 * A count kept on the error (`config?.retryCount ?? 0`) starts from nothing and is not a wait:
 * the interceptor below is read as before.
 */

const longPollTs = `import { promisify } from 'node:util';
const wait = promisify(setTimeout);
class ApiError extends Error {
  constructor(readonly code: number, readonly parameters?: { retry_after?: number }) {
    super('api');
  }
}
declare function getUpdates(offset: number): Promise<{ id: number }[]>;

export class Polling {
  offset = 0;
  readonly abort = new AbortController();

  async *loop(): AsyncGenerator<{ id: number }[]> {
    do {
      try {
        const updates = await getUpdates(this.offset);
        const last = updates[updates.length - 1];
        if (last !== undefined) this.offset = last.id + 1;
        yield updates;
      } catch (error) {
        const err = error as ApiError;
        if (err.code === 429 || err.code >= 500) {
          const retryAfter: number = err.parameters?.retry_after ?? 5;
          await wait(retryAfter * 1000);
          continue;
        }
        throw err;
      }
    } while (!this.abort.signal.aborted);
  }
}
`;

/** JavaScript: an interceptor counting on the request config of the error. */
const interceptorJs = `// A count kept on the request config of the error: \`?? 0\` is where it starts, not a wait.
function install(client, sleep) {
  client.interceptors.response.use(undefined, async (error) => {
    const config = error.config;
    const count = config?.retryCount ?? 0;
    if (!config || count >= 3) throw error;
    config.retryCount = count + 1;
    await sleep(error.response?.headers?.['retry-after'] ? 0 : 1000);
    return client.request(config);
  });
}

module.exports = { install };
`;

ruleTester.run('no-fixed-sleep-retry with a wait the failure may carry', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: "TypeScript: long polling that waits the error's retry_after, else 5 s",
      code: longPollTs,
      filename: 'long-poll.ts',
      errors: [{ messageId: 'fixedDelayNoRetryAfter', line: 15, column: 5, data: { what: 'This retry loop', delay: 'a fixed 5 s', attempts: 'until aborted' } }],
    },
    {
      name: 'JavaScript: a count on the error config is no wait',
      code: interceptorJs,
      filename: 'interceptor.js',
      errors: [{ messageId: 'fixedDelayNoRetryAfter', line: 9, column: 12, data: { what: 'This error interceptor re-sending the failed request', delay: 'a fixed 1 s', attempts: 'an unknown number of attempts' } }],
    },
  ],
});
