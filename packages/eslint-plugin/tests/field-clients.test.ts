import noNestedRetry from '../src/rules/no-nested-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A client the class keeps in a field and configures to retry (`axiosRetry(this.client, …)`,
 * `this.http = ky.create({ retry })`) retries each request made through that field: a retry loop
 * around `this.client.post()` multiplies with it, as one around a module's client variable does.
 */

const axiosField = (configure: string, field = 'client') => `import axios from 'axios';
import axiosRetry from 'axios-retry';

export class Webhooks {
  private client = axios.create();
  private plain = axios.create();
  constructor() {
    ${configure}
  }
  async send(body: unknown) {
    for (let i = 0; i < 3; i++) {
      try {
        return await this.${field}.post('/hooks', body);
      } catch {
        await new Promise((r) => setTimeout(r, Math.random() * 1000 * 2 ** i));
      }
    }
  }
}
`;

const kyField = `import ky, { type KyInstance } from 'ky';

export class Hooks {
  private http: KyInstance;
  constructor() {
    this.http = ky.create({ prefixUrl: 'https://hooks.local', retry: 2 });
  }
  async send(body: unknown) {
    for (let i = 0; i < 3; i++) {
      try {
        return await this.http.post('deliver', { json: body });
      } catch {
        await new Promise((r) => setTimeout(r, Math.random() * 1000 * 2 ** i));
      }
    }
  }
}
`;

const nested = (line: number, inner: string, innerLine: number, amplification: string) => ({ messageId: 'nested' as const, line, column: 5, data: { what: 'This retry loop', inner, line: innerLine, amplification } });

ruleTester.run('no-nested-retry through a client held in a field', noNestedRetry, {
  valid: [
    { name: 'TypeScript: the loop uses a field nothing configured to retry', code: axiosField('axiosRetry(this.client, { retries: 3 });', 'plain'), filename: 'webhooks.ts' },
    { name: 'TypeScript: the client is configured not to retry', code: axiosField('axiosRetry(this.client, { retries: 0 });'), filename: 'webhooks.ts' },
  ],
  invalid: [
    { name: 'TypeScript: axios-retry configures the field in the constructor', code: axiosField('axiosRetry(this.client, { retries: 3 });'), filename: 'webhooks.ts', errors: [nested(11, 'a client configured with axios-retry', 8, 'up to 3 × 4 = 12 calls per request')] },
    { name: 'TypeScript: a ky client made with retries and stored in the field', code: kyField, filename: 'hooks.ts', errors: [nested(9, 'a client configured with ky', 6, 'up to 3 × 3 = 9 calls per request')] },
    {
      name: 'JavaScript: a field set in the constructor',
      code: "const axios = require('axios');\nconst axiosRetry = require('axios-retry');\n\nclass Webhooks {\n  constructor() {\n    this.client = axios.create();\n    axiosRetry(this.client, { retries: 2 });\n  }\n  async send(body) {\n    for (let i = 0; i < 3; i++) {\n      try {\n        return await this.client.post('/hooks', body);\n      } catch {\n        await new Promise((r) => setTimeout(r, Math.random() * 1000 * 2 ** i));\n      }\n    }\n  }\n}\nmodule.exports = { Webhooks };\n",
      filename: 'webhooks.js',
      errors: [nested(10, 'a client configured with axios-retry', 7, 'up to 3 × 3 = 9 calls per request')],
    },
  ],
});
