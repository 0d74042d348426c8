import requireJitter from '../src/rules/require-jitter.js';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A deadline armed by the attempt (`this.timeout = setTimeout(() => this.onFail(), ms)`, its
 * handle cleared when the attempt answers) runs its callback only when the answer did not come
 * in time: a failure, like the close event beside it. A function both of them call to back off
 * and try again is still the failure path's, and the way back through it a retry. A timer whose
 * handle nothing clears is a plain schedule: the function it calls is used where nothing failed.
 */

const channelTs = `
export class Channel {
  private socket: WebSocket | null = null;
  private timeout: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;

  open(): void {
    this.timeout = setTimeout(() => this.recover(), 10_000);
    this.socket = new WebSocket('wss://stream.example.com');
    this.socket.onopen = () => {
      clearTimeout(this.timeout);
      this.failures = 0;
    };
    this.socket.onclose = () => this.recover();
  }

  private recover(): void {
    clearTimeout(this.timeout);
    this.socket?.close();
    const wait = Math.min(500 * 2 ** this.failures, 16_000);
    this.failures++;
    setTimeout(() => this.open(), wait);
  }
}
`;

/** JavaScript: the handle in a local, cleared by the success listener; a fixed wait before dialling again. */
const dialJs = `
function dial(url, onMessage) {
  const ws = new WebSocket(url);
  const deadline = setTimeout(() => redial(url, onMessage), 5000);
  ws.onopen = () => clearTimeout(deadline);
  ws.onmessage = onMessage;
  ws.onerror = () => redial(url, onMessage);
}
function redial(url, onMessage) {
  setTimeout(() => dial(url, onMessage), 3000);
}
module.exports = { dial };
`;

/** The same channel whose timer nothing clears: a schedule that calls recover() whatever happened. */
const scheduledTs = channelTs.replace('      clearTimeout(this.timeout);\n      this.failures = 0;', '      this.failures = 0;').replace('    clearTimeout(this.timeout);\n    this.socket?.close();', '    this.socket?.close();');

ruleTester.run('require-jitter through a function a deadline and a close listener both call', requireJitter, {
  valid: [{ name: 'TypeScript: a timer nothing clears calls the same function: not only a failure path', code: scheduledTs, filename: 'channel.ts' }],
  invalid: [
    {
      name: 'TypeScript: a handshake deadline and the close listener, a doubling wait',
      code: channelTs,
      filename: 'channel.ts',
      errors: [{ messageId: 'missingJitter', line: 22, column: 22, data: { what: '`open()` retrying itself through `recover()`', delay: '500 ms × 2^n, capped at 16 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

/** JavaScript: a flush timer whose handle only close() clears: a schedule that runs again after every flush, failed or not. */
const flushJs = `
function startFlushing(queue, sink) {
  let timer;
  let closed = false;
  function tick() {
    if (closed) return;
    timer = setTimeout(() => {
      sink.send(queue.splice(0))
        .catch((err) => console.warn('flush failed', err))
        .finally(() => tick());
    }, 2000);
  }
  tick();
  return { close() { closed = true; clearTimeout(timer); } };
}
module.exports = { startFlushing };
`;

ruleTester.run('no-fixed-sleep-retry through a function a deadline and an error listener both call', noFixedSleepRetry, {
  valid: [{ name: 'JavaScript: a periodic flush whose timer only close() clears is no deadline', code: flushJs, filename: 'flush.js' }],
  invalid: [
    {
      name: 'JavaScript: the deadline handle in a local, cleared when the socket opens',
      code: dialJs,
      filename: 'dial.js',
      errors: [{ messageId: 'fixedDelay', line: 10, column: 20, data: { what: '`dial()` retrying itself through `redial()`', delay: 'a fixed 3 s', attempts: 'no limit on attempts' } }],
    },
  ],
});
