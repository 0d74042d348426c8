// The same layers down to a function that sends once: nothing retries inside these retries.
import { lookUpInvoice } from './api/invoices.mjs';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function findInvoice(id: string): Promise<unknown> {
  for (let i = 0; i < 3; i++) {
    try {
      return await lookUpInvoice(id);
    } catch {
      await sleep(250 * 2 ** i * Math.random());
    }
  }
  return undefined;
}
