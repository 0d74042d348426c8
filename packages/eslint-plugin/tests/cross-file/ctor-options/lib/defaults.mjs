export const DEFAULTS = {
  url: 'http://localhost:8080',
  retryStrategy(times) {
    return Math.min(times * 50, 2000);
  },
};
