export default async function pRetry(input, options = {}) {
  return input(1, options);
}

export function makeRetriable(fn, options) {
  return function (...args) {
    return pRetry(() => fn.apply(this, args), options);
  };
}

export function retryJittered(fn) {
  return pRetry(fn, { retries: 3, randomize: true });
}

export function retryFast(fn) {
  return pRetry(fn, { retries: 2, minTimeout: 50 });
}
