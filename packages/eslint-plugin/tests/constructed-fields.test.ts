import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * What a class field holds once constructed: the constructor's own write (it runs after the
 * initialisers), else the initialiser; a write the constructor makes only on some paths (`if
 * (options.maxRetries != null) this.maxRetries = …`) leaves it open. An HTTP client whose retries
 * are switched on by its options was read as its initialisers (`allowRetries = false`: one
 * attempt). And a step inside an inner loop (following a redirect: `url = location`) is taken
 * only when that loop goes round: the outer loop still retries the same request.
 */

const optionsClient = `const RETRY_CODES = [502, 503, 504];
declare function requestRaw(url: string): Promise<{ status?: number; readBody(): Promise<string> }>;

export class HttpClient {
  private allowRetries = false;
  private maxRetries = 1;

  constructor(options?: { allowRetries?: boolean; maxRetries?: number }) {
    if (options) {
      if (options.allowRetries != null) {
        this.allowRetries = options.allowRetries;
      }
      if (options.maxRetries != null) {
        this.maxRetries = Math.max(0, options.maxRetries);
      }
    }
  }

  async get(url: string) {
    const maxTries = this.allowRetries ? this.maxRetries + 1 : 1;
    let tries = 0;
    let response;
    do {
      response = await requestRaw(url);
      if (!response.status || !RETRY_CODES.includes(response.status)) return response;
      tries += 1;
      if (tries < maxTries) {
        await response.readBody();
        await this.backoff(tries);
      }
    } while (tries < maxTries);
    return response;
  }

  private backoff(n: number): Promise<void> {
    const ms = 5 * Math.pow(2, Math.min(10, n));
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
`;

/** The same client whose constructor always switches retries on, five attempts. */
const constructedClient = optionsClient.slice(0, optionsClient.indexOf('  constructor(')) + '  constructor() {\n    this.allowRetries = true;\n    this.maxRetries = 4;\n  }\n\n' + optionsClient.slice(optionsClient.indexOf('  async get('));

const redirects = `const RetryCodes = [502, 503, 504];
const RedirectCodes = [301, 302];
declare function requestRaw(info: string): Promise<{ status?: number; location?: string; readBody(): Promise<string> }>;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function request(url: string, maxTries: number) {
  let info = url;
  let numTries = 0;
  let response;
  do {
    response = await requestRaw(info);
    let redirectsRemaining = 5;
    while (response.status && RedirectCodes.includes(response.status) && redirectsRemaining > 0) {
      const location = response.location;
      if (!location) break;
      await response.readBody();
      info = location;
      response = await requestRaw(info);
      redirectsRemaining--;
    }
    if (!response.status || !RetryCodes.includes(response.status)) {
      return response;
    }
    numTries += 1;
    if (numTries < maxTries) {
      await response.readBody();
      await sleep(5 * 2 ** numTries);
    }
  } while (numTries < maxTries);
  return response;
}
`;

const jitter = (line: number, column: number, attempts: string) => ({
  messageId: 'missingJitter' as const,
  line,
  column,
  data: { what: 'This retry loop', delay: '5 ms × 2^n, capped at 5.1 s', attempts },
});

ruleTester.run('require-jitter with fields the constructor sets', requireJitter, {
  valid: [
    { name: 'TypeScript: retries switched off by the constructor', code: constructedClient.replace('this.allowRetries = true;', 'this.allowRetries = false;'), filename: 'client.ts' },
  ],
  invalid: [
    { name: 'TypeScript: fields the options may set: an unknown number of attempts', code: optionsClient, filename: 'client.ts', errors: [jitter(23, 5, 'an unknown number of attempts')] },
    { name: 'TypeScript: fields the constructor always sets: its values', code: constructedClient, filename: 'client.ts', errors: [jitter(17, 5, 'up to 5 attempts')] },
    {
      name: 'JavaScript: fields the options may set',
      code: optionsClient.replace(/private /g, '').replace('(options?: { allowRetries?: boolean; maxRetries?: number })', '(options)').replace('(url: string)', '(url)').replace('(n: number): Promise<void>', '(n)').replace(/^declare .*$/m, ''),
      filename: 'client.js',
      errors: [jitter(23, 5, 'an unknown number of attempts')],
    },
  ],
});

ruleTester.run('require-jitter around an inner loop that follows redirects', requireJitter, {
  valid: [],
  invalid: [{ name: 'TypeScript: the outer loop retries the request whatever the redirects did', code: redirects, filename: 'redirects.ts', errors: [{ messageId: 'missingJitter', line: 10, column: 3 }] }],
});
