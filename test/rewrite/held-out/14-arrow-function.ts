// An exported arrow function with a countdown and a fixed pause.
import { storage } from './infra';

export const saveSnapshot = async (key: string, data: Uint8Array) => {
  let remaining = 3;
  while (remaining > 0) {
    try {
      return await storage.put(key, data);
    } catch (err) {
      remaining--;
      if (remaining === 0) throw err;
      await new Promise<void>((resolve) => setTimeout(resolve, 1200));
    }
  }
};
