import { describe, expect, it } from 'vitest';
import { isRetryableError, isRetryableStatus, isTimeoutError } from '../src/index.js';
import { httpError, netError } from './support/fake-time.js';

const withCause = (message: string, code: string): TypeError =>
  new TypeError(message, { cause: Object.assign(new Error(code), { code }) });

const named = (name: string, message = 'x'): Error => Object.assign(new Error(message), { name });

describe('isRetryableError', () => {
  it.each<[string, unknown, boolean]>([
    // Network failures
    ['ECONNRESET', netError('ECONNRESET'), true],
    ['ETIMEDOUT', netError('ETIMEDOUT'), true],
    ['ECONNREFUSED', netError('ECONNREFUSED'), true],
    ['EPIPE', netError('EPIPE'), true],
    ['ENOTFOUND', netError('ENOTFOUND'), true],
    ['EAI_AGAIN', netError('EAI_AGAIN'), true],
    ['ENETUNREACH', netError('ENETUNREACH'), true],
    ['undici socket error', netError('UND_ERR_SOCKET'), true],
    ['axios timeout (ECONNABORTED)', netError('ECONNABORTED'), true],
    ['a file-system code', netError('ENOENT'), false],
    ['a permission code', netError('EACCES'), false],
    // fetch's TypeError
    ['undici "fetch failed" with a socket cause', withCause('fetch failed', 'ECONNRESET'), true],
    ['Chromium "Failed to fetch"', new TypeError('Failed to fetch'), true],
    ['Firefox NetworkError', new TypeError('NetworkError when attempting to fetch resource.'), true],
    ['Safari "Load failed"', new TypeError('Load failed'), true],
    ['Deno "error sending request"', new TypeError('error sending request for url (https://x)'), true],
    ['an unknown TypeError with a network cause', withCause('socket hang up', 'ECONNREFUSED'), true],
    // Timeouts
    ['AbortSignal.timeout() reason', new DOMException('The operation timed out.', 'TimeoutError'), true],
    ['a TimeoutError (got, ky)', named('TimeoutError'), true],
    // HTTP statuses
    ['408 on status', httpError(408), true],
    ['429 on status', httpError(429), true],
    ['500 on status', httpError(500), true],
    ['502 on statusCode', Object.assign(new Error('x'), { statusCode: 502 }), true],
    ['503 on response.status', Object.assign(new Error('x'), { response: { status: 503 } }), true],
    ['504 on response.statusCode (got)', Object.assign(new Error('x'), { response: { statusCode: 504 } }), true],
    ['599', httpError(599), true],
    ['"503" as a string', Object.assign(new Error('x'), { status: '503' }), true],
    ['501 Not Implemented', httpError(501), false],
    ['505 HTTP Version Not Supported', httpError(505), false],
    ['400', httpError(400), false],
    ['401', httpError(401), false],
    ['403', httpError(403), false],
    ['404', httpError(404), false],
    ['409', httpError(409), false],
    ['422', httpError(422), false],
    ['a status beats a network code', Object.assign(netError('ECONNRESET'), { status: 404 }), false],
    // Never
    ['AbortError (DOMException)', new DOMException('This operation was aborted', 'AbortError'), false],
    ['AbortError carrying a 503', Object.assign(named('AbortError'), { status: 503 }), false],
    ['a TypeError from a bug', new TypeError("Cannot read properties of undefined (reading 'x')"), false],
    ['RangeError', new RangeError('Invalid array length'), false],
    ['SyntaxError (bad JSON)', new SyntaxError('Unexpected token < in JSON'), false],
    ['ReferenceError', new ReferenceError('x is not defined'), false],
    ['a plain Error', new Error('something broke'), false],
    ['a thrown string', 'ECONNRESET', false],
    ['undefined', undefined, false],
    ['null', null, false],
  ])('%s → %s', (_label, error, expected) => {
    expect(isRetryableError(error)).toBe(expected);
  });
});

describe('isRetryableStatus', () => {
  it('accepts exactly 408, 429 and 5xx other than 501 and 505', () => {
    const retryable = [];
    for (let status = 100; status <= 599; status++) if (isRetryableStatus(status)) retryable.push(status);
    expect(retryable).toHaveLength(2 + 100 - 2);
    expect(retryable.slice(0, 4)).toEqual([408, 429, 500, 502]);
    expect(retryable).not.toContain(501);
    expect(retryable).not.toContain(505);
    expect(retryable.at(-1)).toBe(599);
  });
});

describe('isTimeoutError (costs timeoutCost from a budget)', () => {
  it.each<[string, unknown, boolean]>([
    ['TimeoutError', new DOMException('timed out', 'TimeoutError'), true],
    ['ETIMEDOUT', netError('ETIMEDOUT'), true],
    ['axios ECONNABORTED', netError('ECONNABORTED'), true],
    ['undici headers timeout in cause', withCause('fetch failed', 'UND_ERR_HEADERS_TIMEOUT'), true],
    ['408', httpError(408), true],
    ['504', httpError(504), true],
    ['ECONNRESET', netError('ECONNRESET'), false],
    ['503', httpError(503), false],
    ['429', httpError(429), false],
    ['a string', 'timeout', false],
  ])('%s → %s', (_label, error, expected) => {
    expect(isTimeoutError(error)).toBe(expected);
  });
});
