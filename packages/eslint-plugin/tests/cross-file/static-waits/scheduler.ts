import { backoffFor } from './backoff.js';

export class Scheduler {
  static backoff(attempts: number, err: { status?: number }): number {
    return backoffFor(err, attempts);
  }
}
