import { computeDelay } from './lib/backoff.mjs';

// The helper of another module, handed the first wait: 100 ms, not its default 200 ms.
export async function search(host: string, q: string): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${host}/search?q=${q}`);
    if (res.ok) return res.json();
    if (res.status < 500 || attempt >= 3) throw new Error(`search failed: ${res.status}`);
    await new Promise((r) => setTimeout(r, computeDelay(attempt, { initialMs: 100 })));
  }
}
