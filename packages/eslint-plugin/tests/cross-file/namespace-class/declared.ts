import * as assist from './lib/index.js';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function summarise(client: assist.Assistant, text: string): Promise<string> {
  for (let i = 0; i < 4; i++) {
    try {
      return await client.complete(`Summarise: ${text}`);
    } catch {
      await pause(1000);
    }
  }
  throw new Error('no summary');
}

export class Translator {
  constructor(private readonly assistant: assist.Assistant) {}

  async translate(text: string): Promise<string> {
    for (let i = 0; i < 4; i++) {
      try {
        return await this.assistant.complete(`Translate: ${text}`);
      } catch {
        await pause(1000);
      }
    }
    throw new Error('no translation');
  }
}

export class Reviewer {
  private assistant!: assist.Assistant;

  connect(endpoint: string): void {
    this.assistant = new assist.Assistant(endpoint);
  }

  async review(text: string): Promise<string> {
    for (let i = 0; i < 4; i++) {
      try {
        return await this.assistant.complete(`Review: ${text}`);
      } catch {
        await pause(1000);
      }
    }
    throw new Error('no review');
  }
}

export async function critique(registry: Map<string, unknown>, text: string): Promise<string> {
  const assistant: assist.Assistant = registry.get('assistant') as assist.Assistant;
  for (let i = 0; i < 4; i++) {
    try {
      return await assistant.complete(`Critique: ${text}`);
    } catch {
      await pause(1000);
    }
  }
  throw new Error('no critique');
}

export class Sessions {
  constructor(private readonly pool: assist.Pool<string>) {}

  async open(): Promise<string> {
    for (let i = 0; i < 4; i++) {
      try {
        return await this.pool.acquire();
      } catch {
        await pause(1000);
      }
    }
    throw new Error('no session');
  }
}
