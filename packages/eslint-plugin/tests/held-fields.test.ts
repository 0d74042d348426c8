import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// A way back under a test of a field read into a `const` first (`const fallback =
// client.fallback; if (fallback) { …; client.fallback = null; return this.do(path) }`): the
// failure path clears what the test reads, so the next call takes the other way and the
// function goes round at most once more (as with `if (this.fallback)` tested directly). Before,
// the test's name was not traced to the field it holds, and the re-send was reported as an
// immediate retry (until the expiry, or never giving up without one). Clearing another field
// leaves the way open.

/** The stored fallback host, read through an alias of the client, with an expiry test around it. */
const expiring = `
interface Client { fallback: { host: string; validUntil: number } | null }
export class Http {
  constructor(private client: Client) {}
  async do(path: string): Promise<Response> {
    const client = this.client
    const fb = client.fallback
    if (fb) {
      if (fb.validUntil > Date.now()) {
        const res = await fetch(fb.host + path)
        if (!res.ok) {
          client.fallback = null
          return this.do(path)
        }
        return res
      } else {
        client.fallback = null
      }
    }
    return fetch('https://main' + path)
  }
}
`;

/** The same without the expiry. */
const stored = `
interface Client { fallback: { host: string; validUntil: number } | null }
export class Http {
  constructor(private client: Client) {}
  async do(path: string): Promise<Response> {
    const client = this.client
    const fb = client.fallback
    if (fb) {
      const res = await fetch(fb.host + path)
      if (!res.ok) {
        client.fallback = null
        return this.do(path)
      }
      return res
    }
    return fetch('https://main' + path)
  }
}
`;

/** Another field cleared: the fallback stays, and the way back is taken after every failure. */
const otherField = `
interface Client { other: string | null; fallback: { host: string; validUntil: number } | null }
export class Http {
  constructor(private client: Client) {}
  async do(path: string): Promise<Response> {
    const client = this.client
    const fb = client.fallback
    if (fb) {
      const res = await fetch(fb.host + path)
      if (!res.ok) {
        client.other = null
        return this.do(path)
      }
      return res
    }
    return fetch('https://main' + path)
  }
}
`;

ruleTester.run('no-fixed-sleep-retry through a field held in a const', noFixedSleepRetry, {
  valid: [
    { name: 'the fallback host cleared before going again, read through an alias, with an expiry test', code: expiring, filename: 'expiring.ts' },
    { name: 'the fallback host cleared before going again', code: stored, filename: 'stored.ts' },
  ],
  invalid: [
    {
      name: 'another field cleared: the way back stays open',
      code: otherField,
      filename: 'other.ts',
      errors: [{ messageId: 'immediate', line: 12, column: 16, data: { what: '`do()` retrying itself', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry through a field held in a const', noUnboundedRetry, {
  valid: [
    { name: 'the fallback host cleared before going again, with an expiry test', code: expiring, filename: 'expiring.ts' },
    { name: 'the fallback host cleared before going again', code: stored, filename: 'stored.ts' },
  ],
  invalid: [
    {
      name: 'another field cleared: no limit',
      code: otherField,
      filename: 'other.ts',
      errors: [{ messageId: 'unbounded', line: 12, column: 16, data: { what: '`do()` retrying itself' } }],
    },
  ],
});
