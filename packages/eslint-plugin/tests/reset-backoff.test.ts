import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A backoff variable declared inside the function a reconnect calls again, and grown after the
 * wait is read (`setTimeout(() => listen(url), delay); delay *= 2`): the write comes too late
 * for the read, and the next call declares the variable afresh, so every wait is the first one
 * (a common slip: the backoff never grows). Before, the wait read as its doubled value ("a fixed
 * 2 s" for a 1 s wait). Declared outside the function, the same write grows the wait.
 */
const listen = (declaration: 'inside' | 'outside', update: string) => `${declaration === 'outside' ? 'let delay = 1000;\n' : ''}export function listen(url: string): void {
${declaration === 'inside' ? '  let delay = 1000;\n' : ''}  const ws = new WebSocket(url);
  ws.onclose = () => {
    setTimeout(() => listen(url), delay);
    ${update}
  };
}
`;

const toJs = (code: string) => code.replace(/: string|: void/g, '');
const fixed = (line: number, delay: string) => ({ messageId: 'fixedDelay' as const, line, column: 22, data: { what: '`listen()` retrying itself', delay, attempts: 'no limit on attempts' } });

ruleTester.run('no-fixed-sleep-retry with a backoff reset by each call', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: declared outside the function, the doubling grows the wait', code: listen('outside', 'delay = Math.min(delay * 2, 30000);'), filename: 'listen.ts' }],
  invalid: [
    { name: 'TypeScript: doubled after the read, declared afresh each call', code: listen('inside', 'delay = delay * 2;'), filename: 'listen.ts', errors: [fixed(5, 'a fixed 1 s')] },
    { name: 'TypeScript: a compound update after the read', code: listen('inside', 'delay *= 2;'), filename: 'listen.ts', errors: [fixed(5, 'a fixed 1 s')] },
    { name: 'JavaScript: doubled after the read, declared afresh each call', code: toJs(listen('inside', 'delay = Math.min(delay * 2, 30000);')), filename: 'listen.js', errors: [fixed(5, 'a fixed 1 s')] },
  ],
});

ruleTester.run('require-jitter with a backoff reset by each call', requireJitter, {
  valid: [{ name: 'TypeScript: declared afresh each call, the doubling never grows the wait', code: listen('inside', 'delay = Math.min(delay * 2, 30000);'), filename: 'listen.ts' }],
  invalid: [
    {
      name: 'TypeScript: declared outside the function, the doubling grows the wait',
      code: listen('outside', 'delay = Math.min(delay * 2, 30000);'),
      filename: 'listen.ts',
      errors: [{ messageId: 'missingJitter', line: 5, column: 22, data: { what: '`listen()` retrying itself', delay: '1 s × 2^n, capped at 30 s', attempts: 'no limit on attempts' } }],
    },
  ],
});
