export type { LogConfig, RetryConfig } from './http.js';
export { HttpClient } from './http.js';
