// no-nested-retry's suggestions, with their exact outputs: keep one layer retrying and make the
// other a single attempt — by the layer's own count option, or by the proven retry() rewrite
// with `maxAttempts: 1` for a hand-written loop. The rule tester also proves each one removes
// the finding.
import rule from '../src/rules/no-nested-retry.js';
import { ruleTester } from './rule-tester.js';

const LOOP_AROUND_CLIENT = `import axios from 'axios';
import axiosRetry from 'axios-retry';

const api = axios.create({ baseURL: 'https://api.example.com' });
axiosRetry(api, { retries: 3 });

export async function quote(parcel) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const { data } = await api.post('/quotes', parcel);
      return data;
    } catch (err) {
      if (attempt === 2) throw err;
      await sleep(Math.random() * 500 * 2 ** attempt);
    }
  }
}
`;

const P_RETRY_AROUND_GOT = `import pRetry from 'p-retry';
import got from 'got';

export const rates = () => pRetry(() => got('/rates').json(), { retries: 4, randomize: true });
`;

const SHARED_OPTIONS = `import pRetry from 'p-retry';
import got from 'got';

const options = { retries: 4, randomize: true };
export const rates = () => pRetry(() => got('/rates', { retry: { limit: 2 } }).json(), options);
`;

const TWO_INNER = `import pRetry from 'p-retry';
import got from 'got';

export const load = (id) => pRetry(async () => {
  const user = await got(\`/users/\${id}\`).json();
  return pRetry(() => enrich(user), { retries: 5, randomize: true });
}, { retries: 3, randomize: true });
`;

ruleTester.run('no-nested-retry suggestions', rule, {
  valid: [],
  invalid: [
    {
      name: 'a loop around an axios-retry client: the client made a single attempt, or the loop rewritten to one attempt',
      filename: 'file.js',
      code: LOOP_AROUND_CLIENT,
      errors: [
        {
          messageId: 'nested',
          line: 8,
          suggestions: [
            {
              messageId: 'keepOuter',
              data: { line: '5', edit: '`retries: 0`' },
              output: LOOP_AROUND_CLIENT.replace('axiosRetry(api, { retries: 3 });', 'axiosRetry(api, { retries: 0 });'),
            },
            {
              messageId: 'keepInner',
              data: { inner: 'retry (line 5)', edit: 'rewritten with retry() and `maxAttempts: 1`' },
              output: `import axios from 'axios';
import axiosRetry from 'axios-retry';
import { retry } from '@retry-hygiene/retry';

const api = axios.create({ baseURL: 'https://api.example.com' });
axiosRetry(api, { retries: 3 });

export async function quote(parcel) {
  return retry(async () => {
    const { data } = await api.post('/quotes', parcel);
    return data;
  }, {
    maxAttempts: 1,
    shouldRetry: () => true,
    rejectWith: 'last-error',
  });
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'p-retry around a got request: got told not to retry, or p-retry told not to',
      filename: 'file.js',
      code: P_RETRY_AROUND_GOT,
      errors: [
        {
          messageId: 'nested',
          line: 4,
          suggestions: [
            { messageId: 'keepOuter', data: { line: '4', edit: '`retry: { limit: 0 }`' }, output: P_RETRY_AROUND_GOT.replace("got('/rates')", "got('/rates', { retry: { limit: 0 } })") },
            { messageId: 'keepInner', data: { inner: 'retry (line 4)', edit: '`retries: 0`' }, output: P_RETRY_AROUND_GOT.replace('retries: 4', 'retries: 0') },
          ],
        },
      ],
    },
    {
      name: 'options held in a variable may be shared: only the inner layer, written at its call, is edited',
      filename: 'file.js',
      code: SHARED_OPTIONS,
      errors: [
        {
          messageId: 'nested',
          line: 5,
          suggestions: [{ messageId: 'keepOuter', data: { line: '5', edit: '`retry: { limit: 0 }`' }, output: SHARED_OPTIONS.replace('{ retry: { limit: 2 } }', '{ retry: { limit: 0 } }') }],
        },
      ],
    },
    {
      name: 'two inner retries: making one a single attempt would leave the other nested, so only the outer layer is offered',
      filename: 'file.js',
      code: TWO_INNER,
      errors: [
        {
          messageId: 'nested',
          line: 4,
          suggestions: [{ messageId: 'keepInner', data: { inner: 'retries (lines 5, 6)', edit: '`retries: 0`' }, output: TWO_INNER.replace('}, { retries: 3, randomize: true });', '}, { retries: 0, randomize: true });') }],
        },
      ],
    },
  ],
});
