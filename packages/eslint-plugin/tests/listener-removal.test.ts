import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A named close or error listener that calls the connect again after a second is on the failure
 * path when every use of it runs it on a failure. Taking it off again
 * (`socket.removeEventListener('close', onClose)`, in the listener itself or once the answer
 * came) runs nothing: it is not a use that could run it on success. Those removals made the
 * reconnect invisible.
 */

const authSocketTs = `const AUTH_OK = 'auth_ok';

/** Opens a socket and waits for the server's auth answer, trying again a second after a drop. */
export function openAuthed(url: string, token: string, tries = 5): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const connect = (triesLeft: number) => {
      const socket = new WebSocket(url);
      const onClose = () => {
        socket.removeEventListener('close', onClose);
        socket.removeEventListener('error', onClose);
        if (triesLeft === 0) {
          reject(new Error('cannot connect'));
          return;
        }
        setTimeout(() => connect(triesLeft - 1), 1000);
      };
      const onMessage = (event: MessageEvent<string>) => {
        if (JSON.parse(event.data).type !== AUTH_OK) return;
        socket.removeEventListener('close', onClose);
        socket.removeEventListener('error', onClose);
        resolve(socket);
      };
      socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
      socket.addEventListener('message', onMessage);
      socket.addEventListener('close', onClose);
      socket.addEventListener('error', onClose);
    };
    connect(tries);
  });
}
`;

ruleTester.run('no-fixed-sleep-retry with a listener taken off again', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: an authenticated socket opened again a second after a drop',
      code: authSocketTs,
      filename: 'auth-socket.ts',
      errors: [{ messageId: 'fixedDelay', line: 15, column: 26, data: { what: '`connect()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 6 attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a listener taken off again', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: the tries count down to none', code: authSocketTs, filename: 'auth-socket.ts' }],
  invalid: [],
});

/**
 * The same for a listener kept in a field of a class (an arrow function): `this.socket.removeEventListener('close', this.onClose)` before the next socket is
 * taken takes it off and runs nothing.
 */
const memberListenerTs = `export class Channel {
  socket?: WebSocket;
  #closed = false;
  constructor(private url: string, private retryMs = 5000) {}

  connect() {
    this.#closed = false;
    if (this.socket) this.socket.removeEventListener('close', this.onClose);
    this.socket = new WebSocket(this.url);
    this.socket.addEventListener('close', this.onClose);
  }

  onClose = () => {
    setTimeout(() => {
      if (this.#closed) return;
      this.connect();
    }, this.retryMs);
  };

  disconnect() {
    this.#closed = true;
    this.socket?.close();
  }
}
`;

ruleTester.run('no-fixed-sleep-retry with a member listener taken off before the next socket', noFixedSleepRetry, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: a field holding the close listener',
      code: memberListenerTs,
      filename: 'channel.ts',
      errors: [{ messageId: 'fixedDelay', line: 16, column: 7, data: { what: '`connect()` retrying itself through `onClose()`', delay: 'a fixed 5 s', attempts: 'an unknown number of attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a member listener taken off before the next socket', noUnboundedRetry, {
  // (Its owner stops it: `disconnect()` sets the flag the timer tests.)
  valid: [{ name: 'TypeScript: a field holding the close listener', code: memberListenerTs, filename: 'channel.ts' }],
  invalid: [],
});
