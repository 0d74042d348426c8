import { createConnection } from 'node:net';
import { reconnectOnClose, redialOnClose, refillOnError, reportOnError, resumeOnClose, retryOnceOnClose } from './handlers.mjs';

export class Pool {
  constructor(options) {
    this.options = { reconnectIn: (n) => (n > 10 ? null : n * 100), ...options };
    this.attempts = 0;
  }
  connect() {
    const socket = createConnection(7001);
    socket.once('close', reconnectOnClose(this));
  }
  finish() {}
}

export class Relay {
  connect() {
    this.attach(createConnection(7002));
    const upstream = createConnection(7003);
    upstream.on('data', redialOnClose(this));
  }
  attach(socket) {
    socket.once('close', redialOnClose(this));
  }
}

export class Monitor {
  connect() {
    const socket = createConnection(7004);
    socket.on('error', reportOnError(this));
  }
  report(err) {
    console.error(err);
  }
}

export class Once {
  connect() {
    const socket = createConnection(7005);
    socket.once('close', retryOnceOnClose(this));
  }
}

export class Owner {
  constructor() {
    this.pool = { connect: () => this.connect() };
  }
  connect() {
    const socket = createConnection(7006);
    socket.once('error', refillOnError(this.pool));
  }
}

export class Primary {
  constructor(options) {
    this.options = { reconnectIn: (n) => n * 100, ...options };
    this.attempts = 0;
  }
  connect() {
    const socket = createConnection(7007);
    socket.once('close', resumeOnClose(this));
  }
}

export class Replica {
  constructor(options) {
    this.options = { reconnectIn: (n) => (n > 3 ? undefined : 200), ...options };
    this.attempts = 0;
  }
  connect() {
    const socket = createConnection(7008);
    socket.once('close', resumeOnClose(this));
  }
}
