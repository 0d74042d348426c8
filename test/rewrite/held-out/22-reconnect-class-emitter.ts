// A class that keeps a TCP connection, reconnecting after a drop with exponential backoff.
import net from 'node:net';
import { EventEmitter } from 'node:events';

export class FeedClient extends EventEmitter {
  private socket?: net.Socket;
  private attempts = 0;

  constructor(private readonly host: string, private readonly port: number) {
    super();
  }

  connect(): void {
    const socket = net.connect(this.port, this.host);
    this.socket = socket;
    socket.on('connect', () => {
      this.attempts = 0;
      this.emit('ready');
    });
    socket.on('data', (chunk) => this.emit('data', chunk));
    socket.on('close', () => {
      const wait = Math.min(500 * 2 ** this.attempts, 15_000);
      this.attempts++;
      setTimeout(() => this.connect(), wait);
    });
    socket.on('error', () => socket.destroy());
  }
}
