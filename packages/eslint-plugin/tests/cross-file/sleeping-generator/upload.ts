import { backoffWithin } from './lib/backoff.js';

export async function upload(url: string, body: string): Promise<Response> {
  let lastError: unknown;
  for await (const _ of backoffWithin(15000)) {
    try {
      return await fetch(url, { method: 'PUT', body });
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
