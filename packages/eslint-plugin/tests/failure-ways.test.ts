import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * The ways a failed attempt takes to the next one.
 *
 * - A loop whose catch has two waits: one read from the caught error (the server's hint it
 *   carries, `err.retryAfterMs()`), taken when the error gives one, and the code's own backoff
 *   otherwise. The code's own is the policy; before, the first wait in the catch was taken,
 *   and its length, the error's, is unknown, so the loop had no finding.
 * - A failed response checked in the `try` that goes round with `continue`, past the catch and
 *   its wait, also when the check has an `else` for the other outcome.
 * - A call back that gives a parameter a constant which the way back reads only through a value
 *   computed from it (`const withVideo = this.wants(video)`): a fallback, not a retry.
 */
const hinted = (own: string, ts = true) => `${ts ? 'declare function sleep(ms: number): Promise<void>;\ndeclare function upload(batch: string[]): Promise<void>;\n' : ''}class RateLimited extends Error {
  retryAfterMs()${ts ? ': number | null' : ''} {
    return null;
  }
}
export async function backup(batch${ts ? ': string[]' : ''}) {
  let failures = 0;
  while (failures < 5) {
    try {
      await upload(batch);
      return;
    } catch (err) {
      failures++;
      if (err instanceof RateLimited) {
        const wait = err.retryAfterMs();
        if (wait && wait > 0) {
          await sleep(wait);
          continue;
        }
      }
      await sleep(${own});
    }
  }
}
`;
const jsHeader = 'const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\nconst upload = async (batch) => batch;\n';

// Both waits are the error's: nothing of the code's own to report.
const bothGiven = hinted('err.backoffMs ?? 0').replace('const wait = err.retryAfterMs();', 'const wait = err.retryAfterMs();\n        void wait;');

const checkedInTry = (consequent: string) => `declare function pick(): { request(path: string): Promise<{ statusCode: number; body: string }>; markAlive(): void };
declare function sleep(ms: number): Promise<void>;
declare function backoff(attempt: number): number;
export async function send(path: string, maxRetries = 3): Promise<string> {
  let attempts = 0;
  while (attempts <= maxRetries) {
    const conn = pick();
    try {
      const { statusCode, body } = await conn.request(path);
      if (statusCode === 502 || statusCode === 503 || statusCode === 504) {
${consequent}
      } else {
        conn.markAlive();
      }
      if (statusCode >= 400) throw new Error(body);
      return body;
    } catch (error) {
      if (attempts < maxRetries) {
        attempts++;
        await sleep(backoff(attempts));
        continue;
      }
      throw error;
    }
  }
  throw new Error('gave up');
}
`;
const goesRoundAtOnce = '        if (attempts < maxRetries) {\n          attempts++;\n          continue;\n        }';
const waitsToo = '        if (attempts < maxRetries) {\n          attempts++;\n          await sleep(backoff(attempts));\n          continue;\n        }';

const fallback = (again: string) => `declare function getMedia(audio: boolean, video: boolean): Promise<MediaStream>;
export class Call {
  waiting = false;
  stream: MediaStream | null = null;
  wants(requested: boolean | undefined): boolean {
    return requested !== false;
  }
  async answer(audio?: boolean, video?: boolean): Promise<void> {
    if (!this.stream && !this.waiting) {
      const withAudio = this.wants(audio);
      const withVideo = this.wants(video);
      this.waiting = true;
      try {
        this.stream = await getMedia(withAudio, withVideo);
        this.waiting = false;
      } catch (e) {
        this.waiting = false;
        if (withVideo) {
          await this.answer(${again});
        } else {
          throw e;
        }
      }
    }
  }
}
`;

ruleTester.run('require-jitter on the ways a failure goes round', requireJitter, {
  valid: [{ name: 'TypeScript: both waits are read from the error', code: bothGiven, filename: 'backup.ts' }],
  invalid: [
    {
      name: "TypeScript: the error's hint first, the code's own backoff otherwise",
      code: hinted('1000 * 2 ** failures'),
      filename: 'backup.ts',
      errors: [{ messageId: 'missingJitterNoRetryAfter', line: 10, column: 3, data: { what: 'This retry loop', delay: '1 s × 2^n', attempts: 'up to 5 attempts' } }],
    },
    {
      name: "JavaScript: the error's hint first, the code's own backoff otherwise",
      code: jsHeader + hinted('500 * 2 ** failures', false),
      filename: 'backup.js',
      errors: [{ messageId: 'missingJitterNoRetryAfter', line: 10, column: 3, data: { what: 'This retry loop', delay: '500 ms × 2^n', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on the ways a failure goes round', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: the checked failure in the try waits before it goes round', code: checkedInTry(waitsToo), filename: 'send.ts' },
    { name: 'TypeScript: a constant the way back reads through a value computed from it', code: fallback('withAudio, false'), filename: 'call.ts' },
  ],
  invalid: [
    {
      name: "TypeScript: a fixed wait of the code's own after the error's hint",
      code: hinted('2000'),
      filename: 'backup.ts',
      errors: [{ messageId: 'fixedDelayNoRetryAfter', line: 10, column: 3, data: { what: 'This retry loop', delay: 'a fixed 2 s', attempts: 'up to 5 attempts' } }],
    },
    {
      name: 'TypeScript: a failed response checked in the try goes round at once, past an else',
      code: checkedInTry(goesRoundAtOnce),
      filename: 'send.ts',
      // `attempts++` on both ways round is one counter: the loop's `attempts <= maxRetries` (3 by default) counts 4.
      errors: [{ messageId: 'immediateOnOthers', line: 6, column: 3, data: { what: 'This retry loop', line: '10', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'TypeScript: the same parameters passed back',
      code: fallback('audio, video'),
      filename: 'call.ts',
      errors: [{ messageId: 'immediate', line: 19, column: 17 }],
    },
  ],
});
