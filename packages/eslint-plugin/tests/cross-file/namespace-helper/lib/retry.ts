const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export namespace Retry {
  export type Options = { attempts?: number; delayMs?: number };

  export const run = async <T>(operation: () => Promise<T>, options: Options = {}): Promise<T> => {
    const { attempts = 4, delayMs = 500 } = options;
    for (let attempt = 1; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (attempt >= attempts) throw error;
        await sleep(delayMs);
      }
    }
  };

  export async function jittered<T>(operation: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await operation();
      } catch (error) {
        if (attempt >= 5) throw error;
        await sleep(Math.random() * 100 * 2 ** attempt);
      }
    }
  }
}
