import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A library loaded when it is needed (`const { default: pRetry } = await import('p-retry')`,
 * `(await import('p-retry')).default`, `require('p-retry').default`) is that library, as its
 * import at the top of the module is. A promise of the module, not awaited, is no module.
 */

const destructured = `export async function freePort(getPort) {
  const { default: pRetry } = await import('p-retry');
  return pRetry(() => getPort(8080), { retries: 3 });
}
`;

const member = (load: string) => `export async function freePort(getPort: (base: number) => Promise<number>): Promise<number> {
  const pRetry = ${load};
  return pRetry(() => getPort(8080), { retries: 2, minTimeout: 500, factor: 1 });
}
`;

const notAwaited = `export function freePort(getPort) {
  const { default: pRetry } = import('p-retry');
  return pRetry(() => getPort(8080));
}
`;

ruleTester.run('require-jitter with a library loaded when needed', requireJitter, {
  valid: [{ name: 'JavaScript: a promise of the module is no module', code: notAwaited, filename: 'port.js' }],
  invalid: [
    {
      name: 'JavaScript: the default export taken from an awaited import()',
      code: destructured,
      filename: 'port.js',
      errors: [{ messageId: 'libraryDefault', line: 3, column: 10, data: { what: 'This p-retry call', delay: '1 s × 2^n', attempts: 'up to 4 attempts', inherited: ', the library default', fix: 'Set `randomize: true`' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a library loaded when needed', noFixedSleepRetry, {
  valid: [],
  invalid: [
    { name: 'TypeScript: the default of an awaited import()', code: member("(await import('p-retry')).default"), filename: 'port.ts', errors: [{ messageId: 'fixedDelay', line: 3, column: 10, data: { what: 'This p-retry call', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }] },
    { name: 'TypeScript: the default of a require()', code: member("require('p-retry').default"), filename: 'port.ts', errors: [{ messageId: 'fixedDelay', line: 3, column: 10, data: { what: 'This p-retry call', delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }] },
  ],
});
