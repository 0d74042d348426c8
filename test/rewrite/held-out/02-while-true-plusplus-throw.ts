// while (true) with the bound inside the catch, and a sleep from the project's utils.
import { sleep } from '../utils/sleep';
import { inventory } from './infra';

export async function reserveStock(sku: string, qty: number) {
  let tries = 0;
  while (true) {
    try {
      return await inventory.reserve(sku, qty);
    } catch (e) {
      if (++tries >= 3) throw e;
      await sleep(500);
    }
  }
}
