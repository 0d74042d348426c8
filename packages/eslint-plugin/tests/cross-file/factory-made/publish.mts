import { connect, createClient } from './lib/factory.mjs';

const client = createClient('https://queue.example.com');

// Each attempt publishes through a client whose publish() retries: the retries multiply.
export async function announce(msg: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    try {
      await client.publish(msg);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 1000 * Math.random()));
    }
  }
}

export class Notifier {
  private readonly queue = connect('https://queue.example.com');
  async notify(msg: string): Promise<void> {
    for (let i = 0; i < 2; i++) {
      try {
        await this.queue.publish(msg);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 1000 * Math.random()));
      }
    }
  }
}
