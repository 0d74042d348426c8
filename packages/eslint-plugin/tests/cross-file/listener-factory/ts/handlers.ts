import type { Conn } from './conn.js';

// What a Conn does when its socket fails: arrow factories handed the instance.
export const onSocketError = (client: Conn) => (err: Error) => {
  client.lastError = err;
  if (client.stopped) return;
  setTimeout(() => void client.start(), client.options.retryMs);
};
