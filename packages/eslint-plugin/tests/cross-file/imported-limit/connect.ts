import { MAX_RECONNECTS, RECONNECT_PAUSE_MS } from './limits.js';

export async function open(url: string): Promise<WebSocket> {
  for (let i = 0; i < MAX_RECONNECTS; i++) {
    try {
      return await dial(url);
    } catch {
      await new Promise((r) => setTimeout(r, RECONNECT_PAUSE_MS));
    }
  }
  throw new Error('could not connect');
}

function dial(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.onopen = () => resolve(ws);
    ws.onerror = reject;
  });
}
