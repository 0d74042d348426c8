import { Ledger, Mirror, type Services } from './lib/clients.js';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Deps {
  ledger: Ledger;
  mirror: Mirror;
}

type Context = { deps: Deps; region: string };

export async function record(deps: { ledger: Ledger }, entry: string) {
  for (let i = 0; i < 4; i++) {
    try {
      return await deps.ledger.post(entry);
    } catch {
      await wait(Math.random() * 500);
    }
  }
}

export async function recordIn(ctx: Context, entry: string) {
  for (let i = 0; i < 4; i++) {
    try {
      return await ctx.deps.ledger.post(entry);
    } catch {
      await wait(Math.random() * 500);
    }
  }
}

export async function recordWith({ ledger }: Deps, entry: string) {
  for (let i = 0; i < 4; i++) {
    try {
      return await ledger.post(entry);
    } catch {
      await wait(Math.random() * 500);
    }
  }
}

export class Journal {
  constructor(private readonly deps: Deps) {}

  async write(entry: string) {
    for (let i = 0; i < 4; i++) {
      try {
        return await this.deps.ledger.post(entry);
      } catch {
        await wait(Math.random() * 500);
      }
    }
  }

  async copy(entry: string) {
    for (let i = 0; i < 4; i++) {
      try {
        return await this.deps.mirror.post(entry);
      } catch {
        await wait(Math.random() * 500);
      }
    }
  }
}

export async function recordThrough(services: Services, entry: string) {
  for (let i = 0; i < 4; i++) {
    try {
      return await services.ledger.post(entry);
    } catch {
      await wait(Math.random() * 500);
    }
  }
}
