// ESM: an exponential backoff without jitter around a token exchange.
import { auth } from './infra.mjs';

export async function exchangeToken(code) {
  const attempts = 5;
  for (let i = 0; i < attempts; i++) {
    try {
      return await auth.exchange(code);
    } catch (err) {
      if (i === attempts - 1) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * Math.pow(2, i)));
    }
  }
}
