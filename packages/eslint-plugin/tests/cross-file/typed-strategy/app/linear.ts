import * as client from '../client/index.js';

export const linear: client.RetryConfig = {
  retries: 3,
  retryDelay: (attempt) => attempt * 1000,
};
