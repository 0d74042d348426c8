import { Retry } from './lib/index.js';

export const fetchOrder = (id: string) => Retry.run(() => fetch(`/orders/${id}`), { attempts: 3 });

export const fetchInvoice = (id: string) => Retry.jittered(() => fetch(`/invoices/${id}`));

export const fetchShipment = (id: string) => Retry.run(() => Retry.jittered(() => fetch(`/shipments/${id}`)), { attempts: 2, delayMs: 250 });
