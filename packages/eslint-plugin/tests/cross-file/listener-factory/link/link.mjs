import { createConnection } from 'node:net';
import { onClose, onData } from './handlers.mjs';

const DEFAULTS = {
  port: 7000,
  reconnectIn: (times) => Math.min(times * 100, 3000),
};

export class Link {
  constructor(options) {
    this.options = { ...DEFAULTS, ...options };
    this.attempts = 0;
    this.closing = false;
  }

  connect() {
    return new Promise((resolve) => this.dial(resolve));
  }

  dial(ready) {
    const socket = createConnection(this.options.port);
    this.socket = socket;
    socket.once('connect', () => {
      this.attempts = 0;
      ready();
    });
    socket.on('data', onData(this));
    socket.once('close', onClose(this));
  }

  close() {
    this.closing = true;
    this.socket?.end();
  }

  finish() {
    this.ended = true;
  }

  receive(chunk) {
    this.last = chunk;
  }
}
