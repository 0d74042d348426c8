// Reads the server's `Retry-After` from the places HTTP clients put the response headers:
// `err.response.headers` (fetch-based errors, ky, axios, got) or `err.headers`.

interface HeadersLike {
  get(name: string): unknown;
}

/**
 * How long the server asked us to wait, in ms, or `undefined` when the error carries no
 * usable `Retry-After`. Accepts delta-seconds (`"120"`) and HTTP dates
 * (`"Wed, 21 Oct 2015 07:28:00 GMT"`); a date in the past means "now" (0).
 */
export function retryAfterMs(error: unknown, now: () => number = Date.now): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { response?: unknown; headers?: unknown };
  const response = e.response;
  const fromResponse =
    typeof response === 'object' && response !== null ? headerValue((response as { headers?: unknown }).headers) : undefined;
  const raw = fromResponse ?? headerValue(e.headers);
  return raw === undefined ? undefined : parseRetryAfter(raw, now);
}

/** Parses one `Retry-After` value; exported for callers that hold a bare header. */
export function parseRetryAfter(value: unknown, now: () => number = Date.now): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value * 1000 : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(text)) return Number(text) * 1000;
  // Every HTTP date form names the weekday or month; this keeps Date.parse away from "-5".
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  // The clock is read only for dates, so a seconds value costs no clock read.
  const nowMs = now();
  return at > nowMs ? at - nowMs : 0;
}

function headerValue(headers: unknown): unknown {
  if (typeof headers !== 'object' || headers === null) return undefined;
  // Headers, AxiosHeaders and Map all have get(); Headers already ignores case.
  if (typeof (headers as HeadersLike).get === 'function') {
    const got = (headers as HeadersLike).get('retry-after') ?? (headers as HeadersLike).get('Retry-After');
    return first(got);
  }
  const record = headers as Record<string, unknown>;
  const direct = record['retry-after'] ?? record['Retry-After'];
  if (direct !== undefined) return first(direct);
  for (const key of Object.keys(record)) {
    if (key.toLowerCase() === 'retry-after') return first(record[key]);
  }
  return undefined;
}

// Node's IncomingHttpHeaders may hold repeated headers as arrays.
function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : (value ?? undefined);
}
