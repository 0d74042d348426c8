import { connect, type Socket } from 'node:net';
import { onSocketError } from './handlers.js';

export interface ConnOptions {
  port: number;
  retryMs: number;
}

const DEFAULTS: ConnOptions = { port: 9000, retryMs: 1000 };

export class Conn {
  readonly options: ConnOptions;
  socket?: Socket;
  lastError?: Error;
  stopped = false;

  constructor(options: Partial<ConnOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  async start(): Promise<void> {
    const socket = connect(this.options.port);
    this.socket = socket;
    socket.on('error', onSocketError(this));
  }

  stop(): void {
    this.stopped = true;
    this.socket?.destroy();
  }
}
