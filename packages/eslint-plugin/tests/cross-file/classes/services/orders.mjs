import { ApiClient, Retrier, createRetrier, sharedRetrier } from '../lib/retry.mjs';

export class OrderService {
  retrier = new Retrier(5);
  client = new ApiClient();

  constructor() {
    this.backoff = createRetrier(2);
  }

  load(id) {
    return this.retrier.run(() => fetch(`/orders/${id}`));
  }

  save(order) {
    return this.backoff(() => fetch('/orders', { method: 'POST', body: JSON.stringify(order) }));
  }

  async sync() {
    for (let i = 0; i < 3; i++) {
      try {
        return await this.client.getJson('/sync');
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 500));
      }
    }
  }
}

const local = new Retrier();
export const ping = () => local.run(() => fetch('/ping'));
export const pong = () => sharedRetrier.run(() => fetch('/pong'));
