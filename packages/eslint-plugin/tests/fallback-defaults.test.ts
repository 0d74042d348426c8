import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * An option the caller hands in, with the code's fallback (`o.maxRetries ?? 4`, `this.opts.delay
 * || 1000`), is read as the fallback when nothing says what callers pass, as a parameter's
 * default is (`maxRetries = 4`): the policy of those who leave the option out. Before, the two
 * disagreed: a parameter default gave "up to 5 attempts", the same default written with `??`
 * "an unknown number of attempts"; a parameter property's default was not read at all.
 */

const classWith = (fields: string) => `export class Client {
${fields}
  async get(url: string): Promise<Response> {
    let attempt = 0;
    while (true) {
      const res = await fetch(url);
      if (res.status >= 500 && attempt < this.maxRetries) {
        attempt++;
        await new Promise((r) => setTimeout(r, 300 * 2 ** attempt));
        continue;
      }
      return res;
    }
  }
}
`;

const jitter = (line: number, column: number, attempts: string) => ({ messageId: 'missingJitter' as const, line, column, data: { what: 'This retry loop', delay: '300 ms × 2^n', attempts } });

ruleTester.run('require-jitter with an option that falls back to a default', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: `o.maxRetries ?? 4` set in the constructor',
      code: classWith('  private readonly maxRetries: number;\n  constructor(o: { maxRetries?: number } = {}) {\n    this.maxRetries = o.maxRetries ?? 4;\n  }'),
      filename: 'client.ts',
      errors: [jitter(8, 5, 'up to 5 attempts')],
    },
    { name: 'TypeScript: a parameter property with a default', code: classWith('  constructor(private readonly maxRetries = 4) {}'), filename: 'client.ts', errors: [jitter(5, 5, 'up to 5 attempts')] },
    {
      name: 'TypeScript: `||` on a function option',
      code: `export async function get(url: string, o: { maxRetries?: number } = {}) {\n  const max = o.maxRetries || 2;\n  let attempt = 0;\n  while (true) {\n    const res = await fetch(url);\n    if (res.status >= 500 && attempt < max) {\n      attempt++;\n      await new Promise((r) => setTimeout(r, 300 * 2 ** attempt));\n      continue;\n    }\n    return res;\n  }\n}\n`,
      filename: 'get.ts',
      errors: [jitter(4, 3, 'up to 3 attempts')],
    },
    {
      name: 'JavaScript: a destructured option with `??`',
      code: `export async function get(url, { retries } = {}) {\n  const max = retries ?? 3;\n  for (let attempt = 0; ; attempt++) {\n    try {\n      return await fetch(url);\n    } catch (err) {\n      if (attempt >= max) throw err;\n      await new Promise((r) => setTimeout(r, 300 * 2 ** attempt));\n    }\n  }\n}\n`,
      filename: 'get.js',
      errors: [jitter(3, 3, 'up to 4 attempts')],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry with a wait that falls back to a default', noFixedSleepRetry, {
  valid: [
    {
      name: 'TypeScript: the default wait drawn at random',
      code: `export class Client {\n  constructor(private readonly options: { delayMs?: number } = {}) {}\n  async get(url: string) {\n    for (let attempt = 1; attempt <= 3; attempt++) {\n      try {\n        return await fetch(url);\n      } catch {\n        await new Promise((r) => setTimeout(r, Math.random() * (this.options.delayMs ?? 1000)));\n      }\n    }\n    throw new Error('gave up');\n  }\n}\n`,
      filename: 'client.ts',
    },
  ],
  invalid: [
    {
      name: 'TypeScript: `this.options.delayMs ?? 1000`',
      code: `export class Client {\n  constructor(private readonly options: { delayMs?: number } = {}) {}\n  async get(url: string) {\n    for (let attempt = 1; attempt <= 3; attempt++) {\n      try {\n        return await fetch(url);\n      } catch {\n        await new Promise((r) => setTimeout(r, this.options.delayMs ?? 1000));\n      }\n    }\n    throw new Error('gave up');\n  }\n}\n`,
      filename: 'client.ts',
      errors: [{ messageId: 'fixedDelay', line: 4, column: 5, data: { what: 'This retry loop', delay: 'a fixed 1 s', attempts: 'up to 3 attempts' } }],
    },
  ],
});
