// Reads the server's `Retry-After` from the places HTTP clients put the response headers:
// `err.response.headers` (fetch-based errors, ky, axios, got) or `err.headers`.

interface HeadersLike {
  get(name: string): unknown;
}

/**
 * How long the server asked us to wait, in ms, or `undefined` when the error carries no
 * usable `Retry-After`. Accepts the two forms of RFC 9110: delay-seconds (`"120"`) and an
 * HTTP-date (`"Wed, 21 Oct 2015 07:28:00 GMT"`); a date in the past means "now" (0).
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

/**
 * Parses one `Retry-After` value; exported for callers that hold a bare header.
 *
 * Only RFC 9110's two forms are read (section 10.2.3): delay-seconds, a run of digits,
 * and HTTP-date in its three formats (IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`,
 * RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`, asctime `Sun Nov  6 08:49:37 1994`), always
 * UTC. Anything else — a decimal, a sign, an ISO date, free text containing a number —
 * is `undefined`. A number (a client that parsed the header already) is seconds, and must
 * be finite and ≥ 0. The result is a whole number of ms at most Number.MAX_SAFE_INTEGER
 * (a 400-digit delay reads as that, never as Infinity).
 */
export function parseRetryAfter(value: unknown, now: () => number = Date.now): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? secondsToMs(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return secondsToMs(Number(text));
  const at = parseHttpDate(text, now);
  if (at === undefined) return undefined;
  // The clock is read only for dates, so a seconds value costs no clock read.
  const nowMs = now();
  return at > nowMs ? Math.min(at - nowMs, Number.MAX_SAFE_INTEGER) : 0;
}

function secondsToMs(seconds: number): number {
  const ms = Math.round(seconds * 1000);
  return ms < Number.MAX_SAFE_INTEGER ? ms : Number.MAX_SAFE_INTEGER;
}

const DAYS = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const LONG_DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
// The day names are not checked against the date: servers get them wrong, the date is what counts.
const IMF_FIXDATE = new RegExp(`^(?:${DAYS}), (\\d{2}) (${MONTH}) (\\d{4}) ${TIME} GMT$`);
const RFC850_DATE = new RegExp(`^(?:${LONG_DAYS}), (\\d{2})-(${MONTH})-(\\d{2}) ${TIME} GMT$`);
const ASCTIME_DATE = new RegExp(`^(?:${DAYS}) (${MONTH}) ([ \\d]\\d) ${TIME} (\\d{4})$`);

/** Epoch ms of an HTTP-date, or undefined when it is not one (or names a day that does not exist). */
function parseHttpDate(text: string, now: () => number): number | undefined {
  let m = IMF_FIXDATE.exec(text);
  if (m) return utc(Number(m[3]), m[2]!, Number(m[1]), m[4]!, m[5]!, m[6]!);
  m = RFC850_DATE.exec(text);
  if (m) {
    // RFC 9110: a two-digit year more than 50 years in the future is the most recent past
    // year with those digits.
    const thisYear = new Date(now()).getUTCFullYear();
    let year = thisYear - (thisYear % 100) + Number(m[3]);
    if (year > thisYear + 50) year -= 100;
    return utc(year, m[2]!, Number(m[1]), m[4]!, m[5]!, m[6]!);
  }
  m = ASCTIME_DATE.exec(text);
  if (m) return utc(Number(m[6]), m[1]!, Number(m[2]!.trim()), m[3]!, m[4]!, m[5]!);
  return undefined;
}

function utc(year: number, month: string, day: number, hours: string, minutes: string, seconds: string): number | undefined {
  const h = Number(hours);
  const min = Number(minutes);
  // 60 for a leap second: it reads as the first second of the next minute.
  const sec = Number(seconds);
  const monthIndex = MONTHS.indexOf(month);
  if (h > 23 || min > 59 || sec > 60) return undefined;
  const midnight = Date.UTC(year, monthIndex, day);
  // Date.UTC rolls 31 Feb over into March: a day the month does not have is no date.
  if (new Date(midnight).getUTCDate() !== day) return undefined;
  return midnight + ((h * 60 + min) * 60 + sec) * 1000;
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
