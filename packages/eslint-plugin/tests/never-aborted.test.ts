import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// `signal.aborted` tested by a retry whose `signal` parameter the caller left out: it holds its
// default, and when that default is `new AbortController().signal` (directly or through a const),
// whose controller nobody keeps, nothing can abort it: read with the defaults, the test never
// stops the retry. A signal the caller hands in, or a default that keeps its controller, is an
// abort signal (analysis: never-aborted.ts; the imported constant in cross-file-reads.test.ts).

const loop = (head: string, param = 'signal = NEVER_ABORTED') => `
${head}
export async function runTask(task, ${param}) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await task();
    } catch (err) {
      if (signal.aborted) throw err;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));
    }
  }
}
`;

const whileNotAborted = (param: string, extra = '') => `
class Poller {
  async fetchUntilDone(url: string, ${param}): Promise<Response> {${extra}
    while (!signal.aborted) {
      try {
        return await fetch(url, { signal });
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 250));
      }
    }
    throw new Error('aborted');
  }
}
`;

const unbounded = (line: number, column: number, endColumn: number, what = 'This retry loop') => ({
  messageId: 'unbounded' as const,
  line,
  column,
  endLine: line,
  endColumn,
  data: { what },
});

ruleTester.run('no-unbounded-retry (a default signal nothing aborts)', noUnboundedRetry, {
  valid: [
    { name: 'the signal is the caller’s: no default', code: loop('', 'signal') },
    {
      name: 'the default signal’s controller is kept (it may be aborted)',
      code: loop('const controller = new AbortController();\nconst NEVER_ABORTED = controller.signal;\nexport const stopAll = () => controller.abort();'),
    },
    { name: 'the default is a let, which may be set to another signal', code: loop('let NEVER_ABORTED = new AbortController().signal;') },
    {
      name: 'AbortController is a class of the file, not the global one',
      code: loop('class AbortController { constructor() { this.signal = { aborted: false }; } }\nconst NEVER_ABORTED = new AbortController().signal;'),
    },
    { name: 'a default that times out is a deadline', code: whileNotAborted('signal: AbortSignal = AbortSignal.timeout(30_000)') },
    {
      name: 'the parameter is given another signal in the function',
      code: whileNotAborted('signal: AbortSignal = new AbortController().signal', '\n    signal = this.shutdown.signal;'),
    },
  ],
  invalid: [
    { name: 'a file constant made of a dropped controller', code: loop('const NEVER_ABORTED = new AbortController().signal;'), errors: [unbounded(4, 3, 37)] },
    {
      name: 'through two constants',
      code: loop('const NEVER = new AbortController().signal;\nconst NEVER_ABORTED = NEVER;'),
      errors: [unbounded(5, 3, 37)],
    },
    { name: 'TypeScript: the default written inline, tested by the loop condition', code: whileNotAborted('signal: AbortSignal = new AbortController().signal'), errors: [unbounded(4, 5, 28)] },
    {
      name: 'in parentheses, with a type assertion',
      code: whileNotAborted('signal = (new AbortController()).signal as AbortSignal'),
      errors: [unbounded(4, 5, 28)],
    },
  ],
});
