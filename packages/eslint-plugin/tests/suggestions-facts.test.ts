// Where the rewrites built from a site's facts (rewrite-callback.ts, rewrite-reentry.ts,
// rewrite-round.ts) stop: each case is one step from a shape they take, and the step would
// change what the code does, so only the smaller suggestions are offered. The shapes they take
// are proven on the fixtures and the held-out set (suggestions-fixtures, suggestions-held-out,
// suggestions-runtime) and shown in the rule docs.
import { describe, expect, it } from 'vitest';
import { lint } from './suggestion-proof.js';

const sleep = 'const sleep = (ms) => new Promise((r) => setTimeout(r, ms));\n';

/** The site is still reported and gets the smaller suggestion, but not the rewrite. */
function expectNoRewrite(code: string, filename = 'file.js'): void {
  const offered = titles(code, filename);
  expect(offered.some((t) => t.startsWith('Add full jitter'))).toBe(true);
  expect(offered).not.toContain('Rewrite with retry()');
}

function titles(code: string, filename = 'file.js'): string[] {
  return lint(code, filename)
    .filter((m) => m.ruleId?.startsWith('retry-hygiene/') && m.ruleId !== 'retry-hygiene/no-nested-retry')
    .flatMap((m) => (m.suggestions ?? []).map((s) => s.desc));
}

const CALLBACK = `export function upload(file, retriesLeft, done) {
  storage.put(file, (err, url) => {
    if (err) {
      if (retriesLeft <= 0) return done(err);
      return setTimeout(() => upload(file, retriesLeft - 1, done), 2000);
    }
    done(null, url);
  });
}
`;

describe('node-style callbacks', () => {
  it('the shape taken (the baseline of the steps below)', () => {
    expect(titles(CALLBACK)).toContain('Rewrite with retry()');
  });

  it('not in TypeScript: settle would need the operation\'s types', () => {
    expectNoRewrite(CALLBACK, 'file.ts');
  });

  it('not when the failure branch falls through to the success code (the callback ran twice)', () => {
    const code = CALLBACK.replace('return setTimeout(', 'setTimeout(');
    expectNoRewrite(code);
  });

  it('not when the counter is read elsewhere (a retry would see the first call\'s value)', () => {
    const code = CALLBACK.replace('storage.put(file, (err, url)', 'storage.put(file, { left: retriesLeft }, (err, url)');
    expectNoRewrite(code);
  });
});

const REENTRY = `${sleep}export async function price(sku, retries = 3) {
  const res = await fetch(\`/prices/\${sku}\`);
  if (res.ok || retries === 0) return res;
  await sleep(1000);
  return price(sku, retries - 1);
}
`;

describe('functions calling themselves', () => {
  it('the shape taken', () => {
    expect(titles(REENTRY)).toContain('Rewrite with retry()');
  });

  it('not when the way back in is inside a try block (its catch would see the marker)', () => {
    const code = REENTRY.replace('  await sleep(1000);\n  return price(sku, retries - 1);\n', '  try {\n    await sleep(1000);\n    return price(sku, retries - 1);\n  } catch (err) {\n    return res;\n  }\n');
    expectNoRewrite(code);
  });

  it('not when an argument calls (it would run at another moment)', () => {
    const code = REENTRY.replace('return price(sku, retries - 1);', 'return price(normalise(sku), retries - 1);');
    expectNoRewrite(code);
  });

  it('not when the counter\'s test stops elsewhere than at 0 (`retries === 1`: not a count the rewrite derives)', () => {
    const code = REENTRY.replace('retries === 0', 'retries === 1');
    expectNoRewrite(code);
  });
});

const ROUND = `${sleep}export async function warm(cache, keys) {
  let done = false;
  let attempts = 0;
  while (!done && attempts < 3) {
    try {
      await cache.warm(keys);
      done = true;
    } catch (err) {
      attempts++;
      await sleep(1000);
    }
  }
  return done;
}
`;

describe('loops kept as written', () => {
  it('the shape taken', () => {
    expect(titles(ROUND)).toContain('Rewrite with retry()');
  });

  it('asks the loop\'s test before the first attempt too (a loop whose test is false at once made no call)', () => {
    const message = lint(ROUND, 'file.js').find((m) => m.ruleId === 'retry-hygiene/no-fixed-sleep-retry');
    const rewrite = message?.suggestions?.find((s) => s.desc === 'Rewrite with retry()');
    expect(rewrite?.fix.text).toContain('  return retry(async () => {\n    if (!(!done && attempts < 3)) throw tryAgain;\n');
    expect(rewrite?.fix.text).toContain('shouldRetry: (error) => error === tryAgain && (!done && attempts < 3),');
  });

  it('not with a continue (it went round without the wait)', () => {
    const code = ROUND.replace('      attempts++;\n', '      attempts++;\n      if (err.code === \'EAGAIN\') continue;\n');
    expectNoRewrite(code);
  });

  it('not when the test calls (it would be asked at another moment)', () => {
    const code = ROUND.replace('while (!done && attempts < 3)', 'while (!done && attempts < limit())');
    expectNoRewrite(code);
  });

  it('not when the wait is not the last thing the failure does', () => {
    const code = ROUND.replace('      await sleep(1000);\n', '      await sleep(1000);\n      cache.reset();\n');
    expectNoRewrite(code);
  });
});
