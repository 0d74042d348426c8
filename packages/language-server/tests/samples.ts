/** Classic retry shapes (as in fixtures/), with the findings the tests expect on them. */

/** A constant 1 s sleep in a for (;;) try/catch loop: fixed-sleep and unbounded, on line 4. */
export const FIXED_SLEEP_LOOP = `const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function getOrder(id: string): Promise<Response> {
  for (;;) {
    try {
      return await fetch(\`https://orders.internal/v2/orders/\${id}\`);
    } catch (err) {
      console.warn('getOrder failed', err);
      await sleep(1000);
    }
  }
}
`;

/** Exponential backoff, capped and bounded, without jitter: require-jitter on line 5. */
export const NO_JITTER_LOOP = `const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function deliver(hook, body) {
  let lastError;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(hook.url, { method: 'POST', body });
    } catch (err) {
      lastError = err;
      await sleep(Math.min(10_000, 100 * 2 ** attempt));
    }
  }
  throw lastError;
}
`;

/** Full jitter, bounded: a good retry site with no finding (loop head on line 5). */
export const JITTERED_LOOP = `const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function fetchProfile(id) {
  let lastError;
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetch(\`/api/profiles/\${id}\`);
    } catch (err) {
      lastError = err;
      await sleep(Math.random() * Math.min(10_000, 100 * 2 ** attempt));
    }
  }
  throw lastError;
}
`;

/** A jittered, bounded loop whose operation calls a function that retries again: no-nested-retry on line 15, inner loop on line 4. */
export const NESTED_LOOP = `const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchPage(url) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await fetch(url);
    } catch (err) {
      await sleep(Math.random() * 100 * 2 ** attempt);
    }
  }
  throw new Error('gave up');
}

export async function syncPartner(url) {
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetchPage(url);
    } catch (err) {
      await sleep(Math.random() * 1000 * 2 ** attempt);
    }
  }
  throw new Error('sync failed');
}
`;
