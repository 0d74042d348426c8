// Retry loops around calls that reach the transport's retry through two, three and four
// modules that never wait themselves.
import { issueInvoice } from './api/invoices.mjs';
import { forwardInvoice } from './api/gateway.mjs';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function bill(invoice: { id: string }): Promise<unknown> {
  for (let i = 0; i < 3; i++) {
    try {
      return await issueInvoice(invoice);
    } catch {
      await sleep(1000);
    }
  }
  throw new Error('billing failed');
}

export async function billThroughGateway(invoice: { id: string }): Promise<unknown> {
  let tries = 0;
  while (true) {
    try {
      return await forwardInvoice(invoice);
    } catch (err) {
      if (++tries >= 2) throw err;
      await sleep(500 + Math.random() * 500);
    }
  }
}
