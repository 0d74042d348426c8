import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A count stepped into a `const` and handed back (`const next = attempt + 1; …
 * this.upload(next)`) is stepped as `this.upload(attempt + 1)` is: the attempts it allows and the
 * wait that grows with it are read (both were unknown).
 */

const uploaderTs = `export class Uploader {
  upload(attempt: number, url: string): Promise<unknown> {
    return this.send(url).catch((error: unknown) => {
      if (attempt > 3) return Promise.reject(error);
      return new Promise((resolve, reject) => {
        const next = attempt + 1;
        setTimeout(() => {
          this.upload(next, url).then(resolve, reject);
        }, next * 2000);
      });
    });
  }

  private send(url: string): Promise<unknown> {
    return fetch(url, { method: 'PUT' });
  }
}
`;

const sendJs = (wait: string) => `export function send(url, tries, done) {
  fetch(url).then(
    (res) => done(null, res),
    (err) => {
      if (tries <= 0) return done(err);
      const left = tries - 1;
      setTimeout(() => send(url, left, done), ${wait});
    },
  );
}

export function start(url, done) {
  send(url, 3, done);
}
`;

ruleTester.run('require-jitter with a count stepped into a const', requireJitter, {
  valid: [{ name: 'JavaScript: a fixed wait', code: sendJs('1000'), filename: 'send.js' }],
  invalid: [
    {
      name: 'TypeScript: the next attempt number kept in a const',
      code: uploaderTs,
      filename: 'uploader.ts',
      errors: [{ messageId: 'missingJitter', line: 8, column: 11, data: { what: '`upload()` retrying itself', delay: 'a linear 2 s × n', attempts: 'up to 5 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a count stepped into a const', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: the next attempt number kept in a const', code: uploaderTs, filename: 'uploader.ts' }],
  invalid: [
    {
      name: 'JavaScript: the tries left kept in a const',
      code: sendJs('1000'),
      filename: 'send.js',
      errors: [{ messageId: 'fixedDelay', line: 7, column: 24, data: { what: '`send()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
  ],
});
