import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A failure listener a factory of one module makes and another module of the package registers
 * (tests/cross-file/listener-factory): `onClose(self)` returns a listener that puts
 * `self.connect()` back on a timer, and a class's method registers `onClose(this)` on the
 * 'close' of the socket it opens, the method reached from `connect()`. Reported in the factory's
 * module at the timer; the wait and the strategy are the instance's options as the class sets
 * them while constructing. link/: an ESM class spreading a defaults object in (linear strategy);
 * socket/: compiled CommonJS with `const _this = this`, a namespace require and defaults merged by
 * a method the constructor calls (jittered exponential strategy); ts/: an arrow factory, a fixed
 * wait. quiet/: a default strategy that gives up, a socket the method is handed, a 'data' event, a
 * listener whose timer calls a method that does not reach the registration, a latch, the
 * instance's pool handed instead of the instance, two classes whose defaults disagree.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file', 'listener-factory');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

ruleTester.run('no-unbounded-retry with a listener another module registers', noUnboundedRetry, {
  valid: [
    { name: 'the registering class (its connect is not re-entered here)', ...file('link/link.mjs') },
    { name: 'the CommonJS client', ...file('socket/client.cjs') },
    { name: 'the TypeScript connection', ...file('ts/conn.ts') },
    { name: 'a default that gives up, a handed socket, a data event, a report, a latch, a pool, two classes', ...file('quiet/handlers.mjs') },
    { name: 'the quiet classes', ...file('quiet/classes.mjs') },
  ],
  invalid: [
    {
      name: "an ESM listener factory: the class's defaults give a strategy that always answers a number",
      ...file('link/handlers.mjs'),
      errors: [{ messageId: 'unbounded', line: 11, column: 18, data: { what: 'This self-retrying function' } }],
    },
    {
      name: 'compiled CommonJS: `_this` handed to a factory required as a namespace, defaults merged in by a method the constructor calls',
      ...file('socket/events.cjs'),
      errors: [{ messageId: 'unbounded', line: 12, column: 29, data: { what: 'This self-retrying function' } }],
    },
    {
      name: 'an arrow factory registered in the connect itself; a flag of the owner does not stop it',
      ...file('ts/handlers.ts'),
      errors: [{ messageId: 'unbounded', line: 7, column: 3, data: { what: 'This self-retrying function' } }],
    },
  ],
});

ruleTester.run('require-jitter with a listener another module registers', requireJitter, {
  valid: [
    { name: 'a jittered default strategy', ...file('socket/events.cjs') },
    { name: 'strategies the analysis does not settle', ...file('quiet/handlers.mjs') },
  ],
  invalid: [
    {
      name: 'min(times * 100, 3000) from the defaults the class spreads in',
      ...file('link/handlers.mjs'),
      errors: [{ messageId: 'missingJitter', line: 11, column: 18 }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a listener another module registers', noFixedSleepRetry, {
  valid: [
    { name: 'a growing strategy', ...file('link/handlers.mjs') },
    { name: 'a growing jittered strategy', ...file('socket/events.cjs') },
  ],
  invalid: [
    {
      name: 'the fixed wait the connection defaults to',
      ...file('ts/handlers.ts'),
      errors: [{ messageId: 'fixedDelay', line: 7, column: 3 }],
    },
  ],
});
