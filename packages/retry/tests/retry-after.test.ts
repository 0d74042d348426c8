import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryAfterMs } from '../src/index.js';
import { EPOCH, httpError } from './support/fake-time.js';

const now = () => EPOCH; // Wed, 01 Jan 2025 00:00:00 GMT

describe('parseRetryAfter', () => {
  it.each<[unknown, number | undefined]>([
    ['0', 0],
    ['1', 1000],
    ['120', 120_000],
    [' 7 ', 7000],
    ['1.5', 1500],
    [3, 3000],
    ['Wed, 01 Jan 2025 00:00:30 GMT', 30_000],
    ['Wednesday, 01-Jan-25 00:01:00 GMT', 60_000], // RFC 850
    ['Wed Jan  1 00:00:05 2025', 5000 - new Date(EPOCH).getTimezoneOffset() * 60_000], // asctime, read as local time
    ['Tue, 31 Dec 2024 23:59:00 GMT', 0], // in the past: retry now
    ['-5', undefined],
    ['soon', undefined],
    ['', undefined],
    [Number.NaN, undefined],
    [null, undefined],
  ])('%o → %s ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it('reads the clock only for dates', () => {
    let reads = 0;
    const counting = () => {
      reads++;
      return EPOCH;
    };
    parseRetryAfter('30', counting);
    expect(reads).toBe(0);
    parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', counting);
    expect(reads).toBe(1);
  });
});

describe('retryAfterMs finds the header', () => {
  it('in response.headers as a Headers object', () => {
    expect(retryAfterMs(httpError(429, new Headers({ 'Retry-After': '2' })), now)).toBe(2000);
  });

  it('in response.headers as a plain object, whatever the case', () => {
    expect(retryAfterMs(httpError(503, { 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(httpError(503, { 'Retry-After': '4' }), now)).toBe(4000);
    expect(retryAfterMs(httpError(503, { 'RETRY-AFTER': '5' }), now)).toBe(5000);
  });

  it('in response.headers as a Map-like object with get()', () => {
    const headers = new Map([['retry-after', '6']]);
    expect(retryAfterMs({ response: { status: 429, headers } }, now)).toBe(6000);
  });

  it('in err.headers', () => {
    expect(retryAfterMs({ status: 429, headers: { 'retry-after': 'Wed, 01 Jan 2025 00:00:10 GMT' } }, now)).toBe(10_000);
  });

  it('as the first of repeated values', () => {
    expect(retryAfterMs({ headers: { 'retry-after': ['8', '9'] } }, now)).toBe(8000);
  });

  it('prefers the response over err.headers', () => {
    expect(retryAfterMs({ headers: { 'retry-after': '9' }, response: { headers: { 'retry-after': '1' } } }, now)).toBe(1000);
  });

  it('is undefined when there is none', () => {
    expect(retryAfterMs(httpError(503), now)).toBeUndefined();
    expect(retryAfterMs(new Error('x'), now)).toBeUndefined();
    expect(retryAfterMs({ response: null }, now)).toBeUndefined();
    expect(retryAfterMs('503', now)).toBeUndefined();
  });
});
