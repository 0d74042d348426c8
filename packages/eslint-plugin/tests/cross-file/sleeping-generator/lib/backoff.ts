import { pause } from './pause.js';

function stepAfter(turn: number, firstMs: number, maxMs = 8000): number {
  if (turn === 0) return 0;
  return Math.min(firstMs * 2 ** (turn - 1), maxMs);
}

async function* steps(proceed: (nextMs: number) => boolean, firstMs: number): AsyncGenerator<number> {
  let turn = 0;
  while (true) {
    const nextMs = stepAfter(turn, firstMs);
    if (!proceed(nextMs)) {
      return;
    }
    await pause(nextMs / 1000);
    yield nextMs;
    turn++;
  }
}

/** Sleeps before each turn, longer each time, until `budgetMs` would be exceeded. */
export async function* backoffWithin(budgetMs = 20000, firstMs = 400): AsyncGenerator<number> {
  const started = Date.now();
  const inner = steps((nextMs) => Date.now() - started + nextMs <= budgetMs, firstMs);
  for await (const waited of inner) {
    yield waited;
  }
}
