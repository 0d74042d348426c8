import rule from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A loop that waits in its catch, where a failed result checked in the try goes round with
 * `continue` (`if (res.status === 503) continue`): those failures skip the wait and go again at
 * once. The finding names the `if`. Before, only the catch's wait was read and the loop was silent.
 */

const loop = (check: string, ts = true) => `const sleep = (ms${ts ? ': number' : ''}) => new Promise((r) => setTimeout(r, ms));
export async function send(url${ts ? ': string' : ''}) {
  let attempts = 0;
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      const res = await fetch(url);
      ${check}
      return res;
    } catch {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
  throw new Error('gave up');
}
`;

const skips = (line: number) => ({ messageId: 'immediateOnOthers' as const, line: 4, column: 3, data: { what: 'This retry loop', line, attempts: 'up to 4 attempts' } });

ruleTester.run('no-fixed-sleep-retry with a checked failure that skips the wait in the catch', rule, {
  valid: [
    { name: 'TypeScript: the checked failure is thrown into the catch, and waits there', code: loop("if (res.status === 503) throw new Error('unavailable');"), filename: 'send.ts' },
    { name: 'TypeScript: the branch waits before it goes round', code: loop('if (res.status === 503) {\n        await sleep(Math.random() * 2000);\n        continue;\n      }'), filename: 'send.ts' },
    { name: 'TypeScript: a success-range answer that goes round is not a failure skipping the wait', code: loop('if (res.ok && res.headers.get("x-partial")) continue;'), filename: 'send.ts' },
  ],
  invalid: [
    { name: 'TypeScript: `if (res.status === 503) continue`', code: loop('if (res.status === 503) continue;'), filename: 'send.ts', errors: [skips(7)] },
    { name: 'JavaScript: `if (!res.ok) continue`', code: loop('if (!res.ok) continue;', false), filename: 'send.js', errors: [skips(7)] },
    {
      name: 'TypeScript: the `continue` under a count test inside the branch',
      code: loop('if (res.status >= 500) {\n        if (attempts < 3) {\n          attempts++;\n          continue;\n        }\n      }'),
      filename: 'send.ts',
      errors: [skips(7)],
    },
  ],
});
