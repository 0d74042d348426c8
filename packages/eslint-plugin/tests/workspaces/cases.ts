/** The callers linted in the monorepos (monorepos.ts), by path under a monorepo root. */
export const CALLERS = {
  loopTs: `import { retryOnAPIFailure } from '@acme/utils';

export async function deploy(target: string): Promise<void> {
  await retryOnAPIFailure(() => fetch(target, { method: 'POST' }), 6);
}
`,
  loopJs: `import { retryOnAPIFailure } from '@acme/utils';

export async function deploy(target) {
  return retryOnAPIFailure(() => fetch(target, { method: 'POST' }));
}
`,
  loopCjs: `const utils = require('@acme/utils');

async function deploy(target) {
  return utils.retryOnAPIFailure(() => fetch(target, { method: 'POST' }), 2);
}
module.exports = { deploy };
`,
  builtPath: `import { retryOnAPIFailure } from '@acme/utils/dist/retry.js';

export const publish = (url: string) => retryOnAPIFailure(() => fetch(url), 3);
`,
  subpath: `import { retryOnAPIFailure } from '@acme/utils/retry';

export const publish = (url: string) => retryOnAPIFailure(() => fetch(url), 3);
`,
  recursion: `import { callAgain } from '@acme/utils';

export function load(id: string) {
  return callAgain(() => fetch(\`/items/\${id}\`), 4);
}
`,
  timer: `import { runLater } from '@acme/utils';

export function flush(queue: string[]) {
  runLater(async () => {
    await fetch('/flush', { method: 'POST', body: JSON.stringify(queue) });
  });
}
`,
  nestedLoopTs: `import { fetchStatus } from '@acme/utils';

export async function sync(url: string): Promise<Response> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetchStatus(url);
    } catch {
      await new Promise((r) => setTimeout(r, 1000 * 2 ** attempt));
    }
  }
  throw new Error('gave up');
}
`,
  nestedLoopJs: `import * as utils from '@acme/utils';

export async function sync(url) {
  let tries = 0;
  while (true) {
    try {
      return await utils.fetchStatus(url);
    } catch (err) {
      if (++tries >= 4) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 400));
    }
  }
}
`,
  nestedRecursion: `import { fetchStatus } from '@acme/utils';

export async function poll(url: string, left = 3): Promise<Response> {
  try {
    return await fetchStatus(url);
  } catch (error) {
    if (left === 0) throw error;
    await new Promise((r) => setTimeout(r, Math.random() * 2000));
    return poll(url, left - 1);
  }
}
`,
  // Valid: what must not be followed or must not read as a retry.
  plainCall: `import { formatDate, fetchStatus } from '@acme/utils';

export async function stamp(url: string): Promise<string> {
  await fetchStatus(url);
  return formatDate(new Date());
}
`,
  dependency: `import { retryable } from '@acme/dep';

export const load = () => retryable(() => fetch('/c'), Infinity);
`,
  outsideRoot: `import { retryable } from '@outer/utils';

export const load = () => retryable(() => fetch('/c'), Infinity);
`,
  noSource: `import { retryOnAPIFailure } from '@acme/nosrc';

export const send = () => retryOnAPIFailure(() => fetch('/s'), 6);
`,
  excluded: `import { retryable } from '@acme/legacy';

export const load = () => retryable(() => fetch('/c'), Infinity);
`,
  unexported: `import { retryOnAPIFailure } from '@acme/utils/src/retry';

export const send = () => retryOnAPIFailure(() => fetch('/s'), 6);
`,
};
