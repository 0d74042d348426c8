// A client layer: no wait of its own, it reaches the retry through a local function.
import { sendOnce, sendWithRetry } from '../lib/transport.mjs';

async function post(path: string, payload: unknown): Promise<unknown> {
  const res = await sendWithRetry(`https://api.example.com${path}`, JSON.stringify(payload));
  return res.json();
}

export function createInvoice(invoice: { id: string }): Promise<unknown> {
  return post('/invoices', invoice);
}

export async function peekInvoice(id: string): Promise<unknown> {
  return (await sendOnce(`https://api.example.com/invoices/${id}`, '')).json();
}
