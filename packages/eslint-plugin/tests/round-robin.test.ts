import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A loop that takes the next host before each attempt. Where the method that gives it steps an
 * index modulo the list's length (a round robin), it comes back to hosts already tried: going on
 * for a count of its own is sending the same request again (to the only host, with one), so the
 * wait between attempts is a retry's. Where the method takes hosts off a list that runs out, each
 * attempt goes to a host not yet tried: failover, whatever the method is called.
 */

const client = (pick: string) => `declare function post(url: string, body: string): Promise<Response>;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Client {
  private current = 0;
  constructor(private hosts: string[]) {}

  getNextHost(): string | undefined {
${pick}
  }

  async send(body: string): Promise<Response> {
    let last: unknown;
    for (let n = 1; n <= 4; n++) {
      const host = this.getNextHost();
      if (!host) break;
      try {
        return await post(host, body);
      } catch (err) {
        last = err;
        await pause(100);
      }
    }
    throw last;
  }
}
`;

const toJs = (code: string) =>
  code
    .replace(/declare function [^\n]*\n/, "import { post } from './post';\n")
    .replace('(ms: number)', '(ms)')
    .replace('new Promise<void>', 'new Promise')
    .replace('  private current = 0;\n  constructor(private hosts: string[]) {}', '  current = 0;\n  constructor(hosts) {\n    this.hosts = hosts;\n  }')
    .replace('(): string | undefined {', '() {')
    .replace('(body: string): Promise<Response> {', '(body) {')
    .replace('let last: unknown;', 'let last;');

const ROUND_ROBIN = '    this.current = (this.current + 1) % this.hosts.length;\n    return this.hosts[this.current];';
const RUNS_OUT = '    return this.hosts.shift();';

const fixed = { messageId: 'fixedDelay' as const, line: 15, column: 5, data: { what: 'This retry loop', delay: 'a fixed 100 ms', attempts: 'up to 4 attempts' } };

ruleTester.run('no-fixed-sleep-retry with the next host taken before each attempt', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: hosts taken off a list that runs out (failover)', code: client(RUNS_OUT), filename: 'client.ts' },
    { name: 'JavaScript: hosts taken off a list that runs out (failover)', code: toJs(client(RUNS_OUT)), filename: 'client.js' },
  ],
  invalid: [
    { name: 'TypeScript: a round robin comes back to the same hosts', code: client(ROUND_ROBIN), filename: 'client.ts', errors: [fixed] },
    { name: 'JavaScript: a round robin comes back to the same hosts', code: toJs(client(ROUND_ROBIN)), filename: 'client.js', errors: [{ ...fixed, line: 17 }] },
  ],
});
