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
    [3, 3000],
    [1.5, 1500],
    ['Wed, 01 Jan 2025 00:00:30 GMT', 30_000],
    ['Wednesday, 01-Jan-25 00:01:00 GMT', 60_000], // RFC 850
    ['Wed Jan  1 00:00:05 2025', 5000], // asctime: HTTP dates are always UTC
    ['Wed Jan 15 00:00:05 2025', 14 * 86_400_000 + 5000],
    ['Tue, 31 Dec 2024 23:59:00 GMT', 0], // in the past: retry now
    ['-5', undefined],
    ['soon', undefined],
    ['', undefined],
    [Number.NaN, undefined],
    [null, undefined],
    // Only RFC 9110's delay-seconds (digits) and HTTP-date.
    ['1.5', undefined],
    ['+5', undefined],
    ['1e3', undefined],
    ['0x10', undefined],
    ['x 2026', undefined],
    ['retry 1', undefined],
    ['2026', 2_026_000], // delay-seconds, however odd
    ['2025-01-01T00:00:30Z', undefined],
    ['Wed, 01 Jan 2025 00:00:30', undefined], // no GMT
    ['Wed, 01 Jan 2025 00:00:30 PST', undefined],
    ['Wed, 32 Jan 2025 00:00:30 GMT', undefined],
    ['Wed, 29 Feb 2025 00:00:30 GMT', undefined],
    ['Wed, 01 Jan 2025 24:00:00 GMT', undefined],
    [Infinity, undefined],
    [-1, undefined],
  ])('%o → %s ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  it('never returns Infinity: a delay too large to hold exactly reads as the longest one', () => {
    expect(parseRetryAfter(1e308, now)).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseRetryAfter('9'.repeat(400), now)).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseRetryAfter('9007199254740', now)).toBe(9_007_199_254_740_000);
    expect(parseRetryAfter('9007199254741', now)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('reads a two-digit RFC 850 year as the most recent year with those digits, at most 50 years ahead', () => {
    const in2070 = Date.UTC(2070, 0, 1, 0, 0, 30) - EPOCH;
    expect(parseRetryAfter('Wednesday, 01-Jan-70 00:00:30 GMT', now)).toBe(in2070);
    expect(parseRetryAfter('Monday, 01-Jan-80 00:00:30 GMT', now)).toBe(0); // 1980
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
