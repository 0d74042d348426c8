import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A function that calls itself back in the branch where what it asked for is missing
 * (`if (!token) { …; return fetchToken(url, tries + 1) }`), and in that same branch throws once
 * the count it steps runs out. No outcome test names the failure; the throw does: the branch is
 * the failure path, so the call back in is a retry. Without the throw (the count only ends the
 * calls), or with the throw counting something the call does not step, nothing says so.
 */

const session = (giveUp: string, wait = 'await pause(tries * 1000);', again = 'tries + 1') => `declare function request(url: string): Promise<{ headers: Map<string, string> }>;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function sessionToken(url: string, tries = 1): Promise<string> {
  const res = await request(url);
  const token = res.headers.get('x-session');
  if (!token) {
    ${giveUp}
    ${wait}
    return sessionToken(url, ${again});
  }
  return token;
}
`;

const toJs = (code: string) =>
  code
    .replace(/declare function [^\n]*\n/, 'import { request } from "./request";\n')
    .replace(/\(ms: number\)/, '(ms)')
    .replace(/new Promise<void>/, 'new Promise')
    .replace(/\(url: string, tries = 1\): Promise<string>/, '(url, tries = 1)');

const THROWS = "if (tries > 3) {\n      throw new Error('no session token');\n    }";

ruleTester.run('require-jitter on a branch that gives up with an error', requireJitter, {
  valid: [
    { name: 'TypeScript: the count only ends the calls, nothing is thrown', code: session("if (tries > 3) {\n      return '';\n    }"), filename: 'session.ts' },
    { name: 'TypeScript: the throw counts something the call does not step', code: session("if (url.length > 3) {\n      throw new Error('bad url');\n    }"), filename: 'session.ts' },
    { name: 'TypeScript: the wait is spread at random', code: session(THROWS, 'await pause(Math.random() * tries * 1000);'), filename: 'session.ts' },
  ],
  invalid: [
    {
      name: 'TypeScript: a linear wait, the count thrown on',
      code: session(THROWS),
      filename: 'session.ts',
      errors: [{ messageId: 'missingJitter', line: 12, column: 12, data: { what: '`sessionToken()` retrying itself', delay: 'a linear 1 s × n', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'JavaScript: a linear wait, the count thrown on',
      code: toJs(session(THROWS)),
      filename: 'session.js',
      errors: [{ messageId: 'missingJitter', line: 12, column: 12, data: { what: '`sessionToken()` retrying itself', delay: 'a linear 1 s × n', attempts: 'up to 4 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on a branch that gives up with an error', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: a growing wait', code: session(THROWS), filename: 'session.ts' }],
  invalid: [
    {
      name: 'TypeScript: no wait, the count thrown on',
      code: session(THROWS, ''),
      filename: 'session.ts',
      errors: [{ messageId: 'immediate', line: 12, column: 12, data: { what: '`sessionToken()` retrying itself', attempts: 'up to 4 attempts' } }],
    },
  ],
});
