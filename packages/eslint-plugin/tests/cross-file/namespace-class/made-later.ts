import { Assistant } from './lib/index.js';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Drafts {
  private cached?: Assistant;

  private get assistant(): Assistant {
    return (this.cached ??= new Assistant('https://llm.example'));
  }

  async draft(text: string): Promise<string> {
    for (let i = 0; i < 4; i++) {
      try {
        return await this.assistant.complete(`Draft: ${text}`);
      } catch {
        await pause(1000);
      }
    }
    throw new Error('no draft');
  }
}

function makeAssistant(): Assistant {
  return new Assistant(process.env.LLM_URL ?? 'https://llm.example');
}

export async function outline(text: string): Promise<string> {
  for (let i = 0; i < 4; i++) {
    try {
      return await makeAssistant().complete(`Outline: ${text}`);
    } catch {
      await pause(1000);
    }
  }
  throw new Error('no outline');
}
