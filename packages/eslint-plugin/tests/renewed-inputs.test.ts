import noNestedRetry from '../src/rules/no-nested-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A way back that first awaits a repair whose answer replaces an input of the attempt
 * (`this.#session = await newSession(); return this.token()`), with the repair's failure not
 * caught on the way: in an outage the repair fails first and leaves, so the way back is not
 * taken and the retry inside the attempt is not multiplied. A re-send after a repair, not a
 * layer of retries. A repair whose failure is swallowed, or whose answer the attempt does not
 * read, leaves the way back open in an outage: nested.
 */
const renewed = `async function withRetries<T>(op: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await op();
    } catch (err) {
      if (attempt >= 2) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000 * (attempt + 1)));
    }
  }
}
declare function createPreview(session: string): Promise<string>;
declare function newSession(): Promise<string>;
function isExpired(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 10049;
}
export class Previewer {
  #session = '';
  async token(): Promise<string | undefined> {
    const session = this.#session;
    try {
      return await withRetries(() => createPreview(session));
    } catch (err) {
      if (isExpired(err)) {
        this.#session = await newSession();
        return this.token();
      }
      return undefined;
    }
  }
}
`;
const swallowed = renewed.replace('        this.#session = await newSession();', '        try {\n          this.#session = await newSession();\n        } catch {\n          console.warn("no session");\n        }');
const unread = renewed.replace('        this.#session = await newSession();', '        await newSession();');
const jsRenewed = renewed
  .replace(/<T>/g, '')
  .replace('(op: () => Promise): Promise', '(op)')
  .replace(/declare function [^\n]*\n/g, '')
  .replace('function isExpired(err: unknown): boolean {', 'const createPreview = async (session) => session;\nconst newSession = async () => "s";\nfunction isExpired(err) {')
  .replace("  #session = '';\n  async token(): Promise<string | undefined> {", "  #session = '';\n  async token() {");

ruleTester.run('no-nested-retry on a re-send after a repair that renews an input', noNestedRetry, {
  valid: [
    { name: 'TypeScript: the session the attempt reads is replaced by the awaited repair', code: renewed, filename: 'client.ts' },
    { name: 'JavaScript: the same', code: jsRenewed, filename: 'client.js' },
  ],
  invalid: [
    { name: "TypeScript: the repair's failure is swallowed", code: swallowed, filename: 'client.ts', errors: [{ messageId: 'nested', line: 29, column: 16 }] },
    { name: 'TypeScript: the repair answers nothing the attempt reads', code: unread, filename: 'client.ts', errors: [{ messageId: 'nested', line: 25, column: 16 }] },
  ],
});
