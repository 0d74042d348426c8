export { Retry } from './retry.js';
