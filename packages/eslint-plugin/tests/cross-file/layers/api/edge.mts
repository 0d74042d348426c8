import { forwardInvoice } from './gateway.mjs';

export function invoiceAtEdge(invoice: { id: string }): Promise<unknown> {
  return forwardInvoice(invoice);
}
