import { createRetryer } from './lib/retryer.mjs';

export class UserQuery {
  fetch(id) {
    this.retryer = createRetryer({ fn: () => fetch(`/users/${id}`) });
    return this.retryer;
  }

  // The wait is the one this caller passes (unknown here): not the helper's default.
  fetchWith(id, options) {
    this.retryer = createRetryer({ fn: () => fetch(`/users/${id}`), retryDelay: options.retryDelay });
    return this.retryer;
  }
}
