import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * An ioredis cluster client with no `clusterRetryStrategy` reconnects to its startup nodes for
 * ever, waiting `min(100 + 2n, 2000)` ms without randomness (ioredis 5 and 6,
 * built/cluster/ClusterOptions.js). Its first argument is the nodes, not options; options held
 * in a `const` literal of the function are read. The fix sets `clusterRetryStrategy`, in the
 * options written out, or as a second argument; options held in a variable get no edit (a third
 * argument would be ignored).
 */
const cluster = (args: string, before = '') => `import Redis from 'ioredis';

export function connect(nodes: { host: string; port: number }[]) {
${before}  return new Redis.Cluster(${args});
}
`;

const what = "This ioredis client's default reconnection";
const jitterMessage = {
  messageId: 'libraryDefault' as const,
  data: {
    what,
    delay: 'a linearly growing delay, capped at 2 s',
    inherited: ', the library default',
    attempts: 'no limit on attempts',
    fix: "Add `Math.random()` to the delay the strategy returns (with none written, set a `retryStrategy`, or a cluster's `clusterRetryStrategy`, that does)",
  },
};

ruleTester.run('require-jitter for an ioredis cluster left at its default', requireJitter, {
  valid: [
    { name: 'TypeScript: a jittered clusterRetryStrategy', code: cluster('nodes, { clusterRetryStrategy: (times: number) => Math.random() * Math.min(100 + times * 2, 2000) }'), filename: 'connect.ts' },
    { name: 'TypeScript: options the file cannot read', code: cluster('nodes, options', '  const options = loadOptions();\n'), filename: 'connect.ts' },
  ],
  invalid: [
    {
      name: 'TypeScript: nodes only',
      code: cluster('nodes'),
      filename: 'connect.ts',
      errors: [{ ...jitterMessage, line: 4, column: 10, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set a `clusterRetryStrategy` that waits a random time up to the default delay (full jitter)' }, output: cluster('nodes, { clusterRetryStrategy: (times: number) => Math.random() * Math.min(100 + times * 2, 2000) }') }] }],
    },
    {
      name: 'TypeScript: options written out without a strategy',
      code: cluster('nodes, { enableReadyCheck: true }'),
      filename: 'connect.ts',
      errors: [{ ...jitterMessage, line: 4, column: 10, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set a `clusterRetryStrategy` that waits a random time up to the default delay (full jitter)' }, output: cluster('nodes, { enableReadyCheck: true, clusterRetryStrategy: (times: number) => Math.random() * Math.min(100 + times * 2, 2000) }') }] }],
    },
    {
      name: 'TypeScript: options in a const literal of the function, no edit',
      code: cluster('nodes, options', '  const options = { enableReadyCheck: true, slotsRefreshTimeout: 2000 };\n'),
      filename: 'connect.ts',
      errors: [{ ...jitterMessage, line: 5, column: 10, suggestions: [] }],
    },
    {
      name: 'JavaScript: a named Cluster import',
      code: "import { Cluster } from 'ioredis';\nexport const c = new Cluster([{ host: 'a', port: 6379 }]);\n",
      filename: 'connect.js',
      errors: [{ ...jitterMessage, line: 2, column: 18, suggestions: [{ messageId: 'libraryEdit' as const, data: { edit: 'Set a `clusterRetryStrategy` that waits a random time up to the default delay (full jitter)' }, output: "import { Cluster } from 'ioredis';\nexport const c = new Cluster([{ host: 'a', port: 6379 }], { clusterRetryStrategy: (times) => Math.random() * Math.min(100 + times * 2, 2000) });\n" }] }],
    },
  ],
});

ruleTester.run('no-unbounded-retry for an ioredis cluster left at its default', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: a strategy that gives up', code: cluster('nodes, { clusterRetryStrategy: (times: number) => (times > 5 ? null : 100) }'), filename: 'connect.ts' }],
  invalid: [{ name: 'TypeScript: nodes only', code: cluster('nodes'), filename: 'connect.ts', errors: [{ messageId: 'unbounded', line: 4, column: 10, data: { what } }] }],
});
