import { putObject } from './lib/transfer.js';

export async function store(key: string, body: string): Promise<string> {
  for (let attempt = 1; attempt <= 4; attempt++) {
    const outcome = await putObject(key, body);
    switch (outcome.state) {
      case 'stored':
        return outcome.etag;
      case 'transient':
        await new Promise((r) => setTimeout(r, 750));
        continue;
      default:
        throw new Error(`rejected: ${String(outcome.cause)}`);
    }
  }
  throw new Error('gave up');
}
