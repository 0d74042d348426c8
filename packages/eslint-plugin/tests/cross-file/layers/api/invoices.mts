import { createInvoice, peekInvoice } from './client.mjs';

export function issueInvoice(invoice: { id: string }): Promise<unknown> {
  return createInvoice(invoice);
}

export function lookUpInvoice(id: string): Promise<unknown> {
  return peekInvoice(id);
}
