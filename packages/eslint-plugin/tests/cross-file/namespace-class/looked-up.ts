import * as assist from './lib/index.js';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const registry = new Map<string, unknown>();

function assistant(): assist.Assistant {
  return registry.get('assistant') as assist.Assistant;
}

function echo(): assist.Echo {
  return registry.get('echo') as assist.Echo;
}

export async function tag(text: string): Promise<string> {
  for (let i = 0; i < 4; i++) {
    try {
      return await assistant().complete(`Tag: ${text}`);
    } catch {
      await pause(1000);
    }
  }
  throw new Error('no tags');
}

export async function repeat(text: string): Promise<string> {
  for (let i = 0; i < 4; i++) {
    try {
      return await echo().complete(text);
    } catch {
      await pause(1000);
    }
  }
  throw new Error('no echo');
}

export async function title(text: string): Promise<string> {
  for (let i = 0; i < 4; i++) {
    try {
      return await (registry.get('assistant') as assist.Assistant).complete(`Title: ${text}`);
    } catch {
      await pause(1000);
    }
  }
  throw new Error('no title');
}
