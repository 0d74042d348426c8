import { issueInvoice } from './invoices.mjs';

export function forwardInvoice(invoice: { id: string }): Promise<unknown> {
  return issueInvoice(invoice);
}
