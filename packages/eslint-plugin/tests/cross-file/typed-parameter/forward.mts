import type { Gateway } from './lib/gateway.mjs';

// The parameter is declared a Gateway, whose send() retries: each attempt here retries again.
export async function forward(gw: Gateway, body: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    try {
      const res = await gw.send(body);
      if (res.ok) return;
    } catch {
      // try again
    }
    await new Promise((r) => setTimeout(r, 1500 * Math.random()));
  }
  throw new Error('not forwarded');
}
