import { OneShotClient, QueueClient } from './queue-client.mjs';

/** Declared to return the retrying client. */
export function createClient(url: string): QueueClient {
  return new QueueClient(url);
}

/** Returns the retrying client wherever it returns, no declared type. */
export const connect = (url: string) => new QueueClient(url);

/** Returns the client that sends once. */
export function createOneShot(url: string) {
  return new OneShotClient(url);
}

/** Returns one of two classes: which one is not known. */
export function pick(url: string, once: boolean) {
  if (once) return new OneShotClient(url);
  return new QueueClient(url);
}
