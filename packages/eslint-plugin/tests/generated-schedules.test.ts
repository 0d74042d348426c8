import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * `for (const d of delays())` over a generator function of the file: the waits are what the
 * generator yields and the attempts as many as it gives (endless when it yields in a loop it
 * never leaves), as for an array of waits. A generator whose values the operation reads hands
 * out items (pages, ids), not waits. Before, a `for…of` over any call was never a retry loop.
 */

const sleep = 'const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));\n';

const overDelays = (generator: string) => `${sleep}${generator}
export async function get(url: string): Promise<Response | undefined> {
  for (const d of delays()) {
    try {
      return await fetch(url);
    } catch {
      await sleep(d);
    }
  }
  return undefined;
}
`;

const writtenOut = 'function* delays() {\n  yield 250;\n  yield 500;\n  yield 1000;\n}';
const counted = (value: string) => `function* delays() {\n  let d = 250;\n  for (let i = 0; i < 4; i++) {\n    yield ${value};\n    d *= 2;\n  }\n}`;
const endless = 'function* delays() {\n  while (true) yield 1000;\n}';

const items = `${sleep}function* pages(total: number) {
  for (let i = 0; i < total; i++) yield \`/items?page=\${i}\`;
}
export async function sync(send: (url: string) => Promise<void>) {
  for (const url of pages(10)) {
    try {
      await send(url);
    } catch (err) {
      console.warn('skipping', url, err);
      await sleep(500);
    }
  }
}
function* ids() {
  let id = 0;
  while (true) yield id++;
}
export async function claim(tryClaim: (id: number) => Promise<boolean>) {
  for (const id of ids()) {
    const key = \`lock:\${id}\`;
    if (await tryClaim(key.length)) return id;
    await sleep(100);
  }
}
`;

const jitter = (line: number, delay: string, attempts: string) => ({ messageId: 'missingJitter' as const, line, column: 3, data: { what: 'This retry loop', delay, attempts } });

ruleTester.run('require-jitter over a generator of waits', requireJitter, {
  valid: [
    { name: 'TypeScript: the generator draws each wait at random', code: overDelays(counted('Math.random() * d')), filename: 'get.ts' },
    { name: 'TypeScript: generators handing out pages and ids to the operation are not schedules', code: items, filename: 'sync.ts' },
  ],
  invalid: [
    { name: 'TypeScript: waits written out as yields', code: overDelays(writtenOut), filename: 'get.ts', errors: [jitter(8, '250 ms × 2^n', 'up to 3 attempts')] },
    { name: 'TypeScript: a wait doubled in a counted loop', code: overDelays(counted('d')), filename: 'get.ts', errors: [jitter(10, '250 ms × 2^n', 'up to 4 attempts')] },
    {
      name: 'JavaScript: the same loop without types',
      code: overDelays(counted('d')).replace('(ms: number)', '(ms)').replace('(url: string): Promise<Response | undefined>', '(url)'),
      filename: 'get.js',
      errors: [jitter(10, '250 ms × 2^n', 'up to 4 attempts')],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry over a generator of waits', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: a growing schedule is not fixed', code: overDelays(writtenOut), filename: 'get.ts' },
    { name: 'TypeScript: generators handing out pages and ids to the operation are not schedules', code: items, filename: 'sync.ts' },
  ],
  invalid: [{ name: 'TypeScript: an endless generator of the same wait', code: overDelays(endless), filename: 'get.ts', errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }] }],
});

ruleTester.run('no-unbounded-retry over a generator of waits', noUnboundedRetry, {
  valid: [
    { name: 'TypeScript: a generator that yields four waits ends the loop', code: overDelays(counted('d')), filename: 'get.ts' },
    { name: 'TypeScript: a generator that returns stops', code: overDelays('function* delays() {\n  let n = 0;\n  while (true) {\n    if (n++ > 5) return;\n    yield 1000;\n  }\n}'), filename: 'get.ts' },
    {
      name: 'TypeScript: an endless generator, and a give-up guard in the loop',
      code: overDelays(endless).replace('    } catch {\n      await sleep(d);', '    } catch (err) {\n      if (++failures > 5) throw err;\n      await sleep(d);').replace('  for (const d of delays()) {', '  let failures = 0;\n  for (const d of delays()) {'),
      filename: 'get.ts',
    },
  ],
  invalid: [{ name: 'TypeScript: an endless generator never lets the loop give up', code: overDelays(endless), filename: 'get.ts', errors: [{ messageId: 'unbounded', line: 6, column: 3 }] }],
});
