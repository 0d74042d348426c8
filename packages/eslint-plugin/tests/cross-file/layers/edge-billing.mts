// Five modules from the transport's retry: past the four levels of imports a call is
// followed through, so no nesting is claimed (the limit is documented).
import { invoiceAtEdge } from './api/edge.mjs';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function billAtEdge(invoice: { id: string }): Promise<unknown> {
  for (let i = 0; i < 3; i++) {
    try {
      return await invoiceAtEdge(invoice);
    } catch {
      await sleep(200 * 2 ** i * Math.random());
    }
  }
  throw new Error('billing failed');
}
