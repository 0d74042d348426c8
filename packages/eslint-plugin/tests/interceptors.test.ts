import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// Retries through an HTTP client's error interceptor (axios's `interceptors.response.use`): the
// error handler sends the failed request's config again through the same instance, and when
// that request fails too the library calls the handler again. The config object comes back on
// each failure (`error.config`), so a count or a flag kept on it lasts from one failure to the next.

const fixedWait = `
import axios from 'axios';
const api = axios.create({ baseURL: '/api' });
api.interceptors.response.use((response) => response, async (error) => {
  const config = error.config;
  if (!config || config.__retryCount >= 3) return Promise.reject(error);
  config.__retryCount = (config.__retryCount || 0) + 1;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return api(config);
});
`;

const doubling = `
import axios from 'axios';
const client = axios.create();
client.interceptors.response.use(undefined, async (err) => {
  const { config } = err;
  config.retryCount = config.retryCount || 0;
  if (config.retryCount >= 5) throw err;
  config.retryCount += 1;
  const wait = 2 ** config.retryCount * 100;
  await new Promise((resolve) => setTimeout(resolve, wait));
  return client.request(config);
});
`;

const jittered = `
import axios from 'axios';
const http = axios.create();
http.interceptors.response.use(null, async (err) => {
  const config = err.config;
  config.attempt = (config.attempt ?? 0) + 1;
  if (config.attempt > 3) return Promise.reject(err);
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000 * 2 ** config.attempt));
  return http(config);
});
`;

const serverErrorsForever = `
import axios from 'axios';
const api = axios.create();
api.interceptors.response.use((r) => r, async (error) => {
  if (error.response && error.response.status >= 500) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return api(error.config);
  }
  return Promise.reject(error);
});
`;

const timerResolves = `
import axios from 'axios';
const api = axios.create();
api.interceptors.response.use((r) => r, (error) => {
  const config = error.config;
  config.__retryCount = config.__retryCount || 0;
  if (config.__retryCount >= 3) return Promise.reject(error);
  config.__retryCount += 1;
  return new Promise((resolve) => setTimeout(() => resolve(api(config)), 1500));
});
`;

const tokenRefresh = `
import axios from 'axios';
declare function refreshToken(): Promise<string>;
const api = axios.create();
api.interceptors.response.use((r) => r, async (error) => {
  const originalRequest = error.config;
  if (error.response?.status === 401 && !originalRequest._retry) {
    originalRequest._retry = true;
    const token = await refreshToken();
    api.defaults.headers.common.Authorization = \`Bearer \${token}\`;
    return api(originalRequest);
  }
  return Promise.reject(error);
});
`;

const headersOnly = `
import axios from 'axios';
const api = axios.create();
api.interceptors.request.use((config) => {
  config.headers.Authorization = 'Bearer x';
  return config;
});
api.interceptors.response.use((r) => r, (error) => Promise.reject(error));
`;

const forwarded = `
import axios, { type AxiosInstance } from 'axios';
const client = axios.create();
client.interceptors.response.use((r) => r, (err) => onError(client, err));
async function onError(instance: AxiosInstance, err: any) {
  const config = err.config;
  if (config.tries >= 2) throw err;
  config.tries = (config.tries || 0) + 1;
  await new Promise((resolve) => setTimeout(resolve, 500));
  return instance.request(config);
}
`;

const onceAfterWait = `
import axios from 'axios';
const api = axios.create();
api.interceptors.response.use((r) => r, async (error) => {
  const cfg = error.config;
  if (!cfg._retried) {
    cfg._retried = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return api(cfg);
  }
  throw error;
});
`;

const immediate = `
import axios from 'axios';
const api = axios.create();
api.interceptors.response.use((r) => r, (error) => api(error.config));
`;

const logsThroughClient = `
import axios from 'axios';
const api = axios.create();
api.interceptors.response.use((r) => r, (error) => {
  api.post('/client-errors', { message: error.message });
  return Promise.reject(error);
});
`;

const unreadDecision = `
import axios from 'axios';
declare function shouldRetry(config: unknown): boolean;
const api = axios.create();
api.interceptors.response.use((r) => r, async (error) => {
  if (!shouldRetry(error.config)) return Promise.reject(error);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return api(error.config);
});
`;

const otherInstance = `
import axios from 'axios';
const primary = axios.create();
const fallback = axios.create({ baseURL: 'https://mirror.example' });
primary.interceptors.response.use((r) => r, async (error) => {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return fallback(error.config);
});
`;

const onAField = `
import axios from 'axios';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
class Http {
  client = axios.create();
  constructor() {
    this.client.interceptors.response.use(undefined, async (error) => {
      await sleep(500);
      return this.client.request(error.config);
    });
  }
}
`;

const throughHelper = `
import axios, { type AxiosInstance } from 'axios';
export function attach(instance: AxiosInstance) {
  instance.interceptors.response.use(null, async (error) => {
    const { config } = error;
    if (!config) return Promise.reject(error);
    return resend(instance, config);
  });
}
function resend(instance: AxiosInstance, config: any) {
  return new Promise((resolve) => setTimeout(() => resolve(instance(config)), 1000));
}
`;


const what = 'This error interceptor re-sending the failed request';

ruleTester.run('no-fixed-sleep-retry on error interceptors', noFixedSleepRetry, {
  valid: [
    { name: 'a jittered exponential wait before the re-send', code: jittered },
    { name: 'a 401 that refreshes the token and re-sends once behind a flag on the config', code: tokenRefresh },
    { name: 'a request interceptor that only adds headers, and a response interceptor that only rejects', code: headersOnly },
    { name: 'an error handler that reports the error through the client: not the failed request again', code: logsThroughClient },
    { name: 'the failed request sent through another instance: its interceptor is not this one', code: otherInstance },
    { name: 'a growing wait is not a fixed one', code: doubling },
  ],
  invalid: [
    {
      name: 'a fixed sleep before re-sending, a counter kept on the config',
      code: fixedWait,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 10, endLine: 9, endColumn: 21, data: { what, delay: 'a fixed 1 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'the re-send resolved from a constant timer, the counter defaulted then stepped',
      code: timerResolves,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 60, endLine: 9, endColumn: 71, data: { what, delay: 'a fixed 1.5 s', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'server errors re-sent after a fixed wait with no count',
      code: serverErrorsForever,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 12, endLine: 7, endColumn: 29, data: { what, delay: 'a fixed 2 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a handler that forwards to a named function given the instance, which re-sends with request()',
      code: forwarded,
      errors: [{ messageId: 'fixedDelay', line: 10, column: 10, endLine: 10, endColumn: 34, data: { what, delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a flag on the config lets one re-send go, after a fixed wait',
      code: onceAfterWait,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 12, endLine: 9, endColumn: 20, data: { what, delay: 'a fixed 1 s', attempts: 'up to 2 attempts' } }],
    },
    {
      name: 'the failed request re-sent at once from an arrow',
      code: immediate,
      errors: [{ messageId: 'immediate', line: 4, column: 52, endLine: 4, endColumn: 69, data: { what, attempts: 'no limit on attempts' } }],
    },
    {
      name: 'an instance kept on a field, re-sent through this.client.request()',
      code: onAField,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 14, endLine: 9, endColumn: 47, data: { what, delay: 'a fixed 500 ms', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter on error interceptors', requireJitter, {
  valid: [
    { name: 'a jittered exponential wait before the re-send', code: jittered },
    { name: 'a fixed wait is no-fixed-sleep-retry\'s', code: fixedWait },
    { name: 'a 401 that refreshes the token and re-sends once', code: tokenRefresh },
  ],
  invalid: [
    {
      name: 'a doubling wait with no randomness, the count kept on the config',
      code: doubling,
      errors: [{ messageId: 'missingJitter', line: 11, column: 10, endLine: 11, endColumn: 32, data: { what, delay: '100 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
    {
      name: 'the doubling wait computed in the sleep itself',
      code: doubling.replace('setTimeout(resolve, wait)', 'setTimeout(resolve, 300 * 2 ** config.retryCount)'),
      errors: [{ messageId: 'missingJitter', line: 11, column: 10, endLine: 11, endColumn: 32, data: { what, delay: '300 ms × 2^n', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry on error interceptors', noUnboundedRetry, {
  valid: [
    { name: 'a counter kept on the config, compared with a limit', code: fixedWait },
    { name: 'a counter defaulted with ||, then stepped with +=', code: doubling },
    { name: 'a counter kept on the config, stepped before the check', code: jittered },
    { name: 'a limit checked in the named function the handler forwards to', code: forwarded },
    { name: 'a 401 that refreshes the token and re-sends once behind a flag on the config', code: tokenRefresh },
    { name: 'a flag on the config set before the re-send lets it go once', code: onceAfterWait },
    { name: 'a decision the analysis does not read, handed the config: not claimed to be none', code: unreadDecision },
    { name: 'an error handler that reports the error through the client', code: logsThroughClient },
    { name: 'the failed request sent through another instance', code: otherInstance },
    { name: 'a request interceptor that only adds headers', code: headersOnly },
  ],
  invalid: [
    {
      name: 'server errors re-sent after a wait with no count',
      code: serverErrorsForever,
      errors: [{ messageId: 'unbounded', line: 7, column: 12, endLine: 7, endColumn: 29, data: { what } }],
    },
    {
      name: 'the failed request re-sent at once from an arrow',
      code: immediate,
      errors: [{ messageId: 'unbounded', line: 4, column: 52, endLine: 4, endColumn: 69, data: { what } }],
    },
    {
      name: 'an instance kept on a field',
      code: onAField,
      errors: [{ messageId: 'unbounded', line: 9, column: 14, endLine: 9, endColumn: 47, data: { what } }],
    },
    {
      name: 'a function of the file given the instance and the config re-sends on a timer, with nothing counted',
      code: throughHelper,
      errors: [{ messageId: 'unbounded', line: 11, column: 60, endLine: 11, endColumn: 76, data: { what } }],
    },
  ],
});

// The counts above are kept by plain assignments: `n = n + 1`, `n = (n || 0) + 1` step a counter as
// `n += 1` does, and `n = n || 0` beside the step only gives its start.
const plainStep = `
async function load(url: string, state: { tries: number }): Promise<Response> {
  if (state.tries >= 3) throw new Error('gave up');
  state.tries = state.tries + 1;
  try {
    return await fetch(url);
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 800));
    return load(url, state);
  }
}
`;

ruleTester.run('no-fixed-sleep-retry with counters stepped by plain assignments', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'n = n + 1 counts attempts',
      code: plainStep,
      errors: [{ messageId: 'fixedDelay', line: 9, column: 12, endLine: 9, endColumn: 28, data: { what: '`load()` retrying itself', delay: 'a fixed 800 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'n = (n || 0) + 1 counts attempts',
      code: plainStep.replace('state.tries = state.tries + 1;', 'state.tries = (state.tries || 0) + 1;'),
      errors: [{ messageId: 'fixedDelay', line: 9, column: 12, endLine: 9, endColumn: 28, data: { what: '`load()` retrying itself', delay: 'a fixed 800 ms', attempts: 'up to 4 attempts' } }],
    },
    {
      name: 'n = n || 0 before the check only gives the start; n += 1 counts',
      code: plainStep.replace("if (state.tries >= 3)", 'state.tries = state.tries || 0;\n  if (state.tries >= 3)').replace('state.tries = state.tries + 1;', 'state.tries += 1;'),
      errors: [{ messageId: 'fixedDelay', line: 10, column: 12, endLine: 10, endColumn: 28, data: { what: '`load()` retrying itself', delay: 'a fixed 800 ms', attempts: 'up to 4 attempts' } }],
    },
  ],
});
