import type { DirectLine, Sender } from './lib/gateway.mjs';
import { Gateway } from './lib/gateway.mjs';

// Declared a class that sends once: nothing retries inside.
export async function direct(line: DirectLine, body: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    try {
      await line.send(body);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 1500 * Math.random()));
    }
  }
}

// Declared an interface: which class holds it is not known.
export async function viaInterface(sender: Sender, body: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    try {
      await sender.send(body);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 1500 * Math.random()));
    }
  }
}

// Written again before the loop: what it holds is not what its type names.
export async function replaced(gw: Gateway, body: string, spare: { send(b: string): Promise<Response> }): Promise<void> {
  gw = spare as Gateway;
  for (let i = 0; i < 3; i++) {
    try {
      await gw.send(body);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 1500 * Math.random()));
    }
  }
}

// The retrying send() called once, outside any retry.
export async function once(gw: Gateway = new Gateway(), body = ''): Promise<Response> {
  return gw.send(body);
}
