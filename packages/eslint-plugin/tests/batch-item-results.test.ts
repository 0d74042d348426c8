import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A batch whose answer lists a result per item, asked item by item: `failed.length > 0` with
 * `const failed = results.filter((r) => !r.success)`, `results.some((r) => r.error)`, `!results.every((r)
 * => r.ok)`. Some item failed is a failure, and the items sent again (all, or the failed ones
 * filtered out of the input) are a retry. A list of the items that succeeded, or a test that some
 * succeeded, says nothing of the others.
 */
const upload = (check: string, again = 'again') => `import { uploadAll } from './api';

interface Item { key: string; body: string }
interface Result { key: string; success: boolean }

const MAX_RETRIES = 2;

export async function upload(items: Item[], count = 0): Promise<Result[]> {
  if (items.length === 0) return [];
  const results: Result[] = await uploadAll(items);
  ${check} {
    if (count === MAX_RETRIES) return results;
    const keys = new Set(results.filter((r) => !r.success).map((r) => r.key));
    const again = items.filter((item) => keys.has(item.key));
    return results.concat(await upload(${again}, count + 1));
  }
  return results;
}
`;

const toJs = (code: string) =>
  code
    .replace(/interface \w+ \{[^}]*\}\n/g, '')
    .replace(/: Item\[\]|: Promise<Result\[\]>|: Result\[\]/g, '');

const immediate = (line: number, column: number) => ({ messageId: 'immediate' as const, line, column, data: { what: '`upload()` retrying itself', attempts: 'up to 3 attempts' } });

ruleTester.run('no-fixed-sleep-retry with a batch asked item by item', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: the items that succeeded, counted', code: upload('const done = results.filter((r) => r.success);\n  if (done.length > 0)'), filename: 'upload.ts' },
    { name: 'TypeScript: some item succeeded', code: upload('if (results.some((r) => r.success))'), filename: 'upload.ts' },
    { name: 'TypeScript: no item failed goes on to the next batch', code: upload('const failed = results.filter((r) => !r.success);\n  if (failed.length === 0)'), filename: 'upload.ts' },
  ],
  invalid: [
    {
      name: 'TypeScript: the failed items, counted, sent again',
      code: upload('const failed = results.filter((r) => !r.success);\n  if (failed.length > 0)'),
      filename: 'upload.ts',
      errors: [immediate(16, 33)],
    },
    {
      name: 'TypeScript: some item failed, the whole batch sent again',
      code: upload('if (results.some((r) => !r.success))', 'items'),
      filename: 'upload.ts',
      errors: [immediate(15, 33)],
    },
    {
      name: 'TypeScript: not every item succeeded',
      code: upload('if (!results.every((r) => r.success))'),
      filename: 'upload.ts',
      errors: [immediate(15, 33)],
    },
    {
      name: 'JavaScript: the failed items, truthy length',
      code: toJs(upload('const failed = results.filter((r) => !r.success);\n  if (failed.length)')),
      filename: 'upload.js',
      errors: [immediate(14, 33)],
    },
  ],
});
