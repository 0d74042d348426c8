// The folder's index: everything the app uses comes through here.
export * from './retry.mjs';
export { default as retryWithBackoff } from './backoff.mjs';
