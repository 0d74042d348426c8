// The default answer to "is this failure worth another try?". It is an allow-list: only
// failures known to be transient are retried, because retrying a 400, a bug or a
// cancelled request only multiplies the load and delays the real error.

/** Socket and DNS failures that say nothing about the request itself. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ETIMEDOUT',
  'ECONNREFUSED',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'ECONNABORTED', // axios' code for its own timeout
  'ESOCKETTIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

const TIMEOUT_CODES: ReadonlySet<string> = new Set([
  'ETIMEDOUT',
  'ECONNABORTED',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

// `fetch` rejects with a bare TypeError when the network fails; only the message tells it
// apart from a TypeError thrown by a bug.
const FETCH_NETWORK_MESSAGES: ReadonlySet<string> = new Set([
  'fetch failed', // undici (Node)
  'terminated', // undici, body cut off
  'Failed to fetch', // Chromium
  'NetworkError when attempting to fetch resource.', // Firefox
  'Load failed', // Safari
  'The Internet connection appears to be offline.', // Safari, older
  'Network request failed', // cross-fetch, React Native
  'network error',
]);
const FETCH_NETWORK_PREFIXES = ['Failed to fetch (', 'Load failed (', 'error sending request for url'];

/** Names of errors that mean "the program is wrong", which no retry can fix. */
const PROGRAMMER_ERRORS: ReadonlySet<string> = new Set(['RangeError', 'SyntaxError', 'ReferenceError', 'EvalError']);

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  status?: unknown;
  statusCode?: unknown;
  response?: { status?: unknown; statusCode?: unknown } | null;
}

/**
 * The default classifier: `true` for network failures, timeouts, `fetch`'s network
 * TypeError, and HTTP 408, 429 and 5xx other than 501 and 505; `false` for everything
 * else: other 4xx, aborts, programmer errors and errors it does not recognise.
 */
export function isRetryableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as ErrorLike;
  const name = e.name;
  if (name === 'AbortError') return false;
  if (typeof name === 'string' && PROGRAMMER_ERRORS.has(name)) return false;
  if (name === 'TypeError') return isFetchNetworkError(e);
  const status = httpStatus(e);
  if (status !== undefined) return isRetryableStatus(status);
  return name === 'TimeoutError' || hasCode(e, NETWORK_CODES);
}

/**
 * Whether a failure is a timeout, which costs `timeoutCost` from a retry budget instead of
 * `retryCost`: an error named `TimeoutError` (AbortSignal.timeout, got, ky), a timeout
 * code (ETIMEDOUT, axios' ECONNABORTED, undici's UND_ERR_*_TIMEOUT), or HTTP 408 / 504.
 */
export function isTimeoutError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as ErrorLike;
  if (e.name === 'TimeoutError') return true;
  const status = httpStatus(e);
  if (status === 408 || status === 504) return true;
  return hasCode(e, TIMEOUT_CODES);
}

/** HTTP statuses a retry can fix: 408, 429 and 5xx except 501 (Not Implemented) and 505 (Version Not Supported). */
export function isRetryableStatus(status: number): boolean {
  if (status === 408 || status === 429) return true;
  return status >= 500 && status <= 599 && status !== 501 && status !== 505;
}

/** The HTTP status from `status`, `statusCode`, `response.status` or `response.statusCode`. */
function httpStatus(e: ErrorLike): number | undefined {
  const response = typeof e.response === 'object' && e.response !== null ? e.response : undefined;
  return (
    asStatus(e.status) ?? asStatus(e.statusCode) ?? asStatus(response?.status) ?? asStatus(response?.statusCode)
  );
}

function asStatus(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 599 ? n : undefined;
}

function hasCode(e: ErrorLike, codes: ReadonlySet<string>): boolean {
  if (typeof e.code === 'string' && codes.has(e.code)) return true;
  // Node's fetch puts the socket error in `cause`.
  const cause = e.cause as ErrorLike | null | undefined;
  return typeof cause === 'object' && cause !== null && typeof cause.code === 'string' && codes.has(cause.code);
}

function isFetchNetworkError(e: ErrorLike): boolean {
  const message = e.message;
  if (typeof message !== 'string') return false;
  if (FETCH_NETWORK_MESSAGES.has(message)) return true;
  for (const prefix of FETCH_NETWORK_PREFIXES) if (message.startsWith(prefix)) return true;
  return hasCode(e, NETWORK_CODES);
}
