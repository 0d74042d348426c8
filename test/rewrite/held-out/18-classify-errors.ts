// Retries only connection resets and timeouts; any other error is thrown at once.
import { grpc } from './infra';

const RETRYABLE = new Set(['ECONNRESET', 'ETIMEDOUT']);

export async function getQuote(symbol: string) {
  let attempt = 0;
  while (attempt < 3) {
    try {
      return await grpc.getQuote({ symbol });
    } catch (err: any) {
      if (!RETRYABLE.has(err?.code)) throw err;
      attempt++;
      if (attempt === 3) throw err;
      await new Promise((r) => setTimeout(r, 400));
    }
  }
}
