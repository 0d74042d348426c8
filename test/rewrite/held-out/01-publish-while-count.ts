// The textbook loop: a counter in the head, a log line per failure, a fixed pause, and the
// caller's own error after the loop.
import { bus, logger } from './infra';

const MAX_TRIES = 3;
const WAIT_MS = 2000;

export class PublishFailedError extends Error {
  constructor(readonly topic: string) {
    super(`could not publish to ${topic}`);
  }
}

export async function publishOrderPlaced(orderId: string): Promise<void> {
  let tries = 0;
  while (tries < MAX_TRIES) {
    try {
      await bus.emit('order.placed', { orderId });
      return;
    } catch (error) {
      tries++;
      logger.warn({ error, tries }, 'publish failed, retrying');
      await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
    }
  }
  throw new PublishFailedError('order.placed');
}
