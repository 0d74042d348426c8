import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A reconnect with a way back in each branch of its count (`if (n < 10) setTimeout(connect,
 * 1000) else if (n < 20) setTimeout(connect, 2000) else setTimeout(connect, 60000)`) is one
 * retry: its wait steps up as the count passes each branch's bound (recursion/tiers.ts), and it
 * gives up only where no branch goes round. It was read as its first branch alone ("a fixed 1 s,
 * up to 10 attempts"), which says it stops after ten while it never does.
 */

const tiersJs = `let ws;
let reconnectAttempts = 0;
let active = false;

function connectWS() {
  active = true;
  ws = new WebSocket('wss://example.com/comms');
  ws.onopen = function () {
    reconnectAttempts = 0;
  };
  ws.onclose = function () {
    if (!active) {
      return;
    }
    reconnectAttempts++;
    if (reconnectAttempts < 10) {
      setTimeout(connectWS, 1000);
    } else if (reconnectAttempts < 20) {
      setTimeout(connectWS, 2000);
    } else {
      setTimeout(connectWS, 60000);
    }
  };
}
module.exports = { connectWS };
`;

const twoTiersTs = `export class Feed {
  private attempts = 0;
  private socket: WebSocket | undefined;

  connect(): void {
    this.socket = new WebSocket('wss://feed.example.com');
    this.socket.onopen = () => {
      this.attempts = 0;
    };
    this.socket.onclose = () => {
      this.attempts++;
      if (this.attempts < 5) {
        setTimeout(() => this.connect(), 1000);
      } else if (this.attempts < 10) {
        setTimeout(() => this.connect(), 5000);
      }
    };
  }
}
`;

/**
 * A message listener with its own loop over a batch (its index starts over with each message)
 * is no walk through alternatives; a third branch that reconnects after a countdown the reading
 * cannot time keeps the retry going past the others' bounds: no count is claimed for it.
 */
const countdownJs = `let ws;
let attempts = 0;
let countdown;

function connect() {
  ws = new WebSocket('wss://example.com/comms');
  ws.onopen = function () {
    attempts = 0;
  };
  ws.onmessage = function (event) {
    const batch = JSON.parse(event.data);
    for (let i = 0; i < batch.length; i++) {
      try {
        deliver(batch[i]);
      } catch (error) {
        console.warn(error);
      }
    }
  };
  ws.onclose = function () {
    attempts++;
    if (attempts < 10) {
      setTimeout(connect, 1000);
    } else {
      let left = 60;
      countdown = setInterval(function () {
        left--;
        if (left === 0) {
          clearInterval(countdown);
          connect();
        }
      }, 1000);
    }
  };
}
module.exports = { connect };
`;

/** The same reconnect with a second timed branch in place of the countdown: found with its listener's loop beside it. */
const listenerLoopJs = countdownJs.replace(/let left = 60;[\s\S]*?\}, 1000\);/, 'setTimeout(connect, 30000);');

const sameWaitTs = `export class Feed {
  private attempts = 0;
  private socket: WebSocket | undefined;

  connect(): void {
    this.socket = new WebSocket('wss://feed.example.com');
    this.socket.onopen = () => {
      this.attempts = 0;
    };
    this.socket.onclose = () => {
      this.attempts++;
      if (this.attempts < 5) {
        setTimeout(() => this.connect(), 1000);
      } else {
        setTimeout(() => this.connect(), 1000);
      }
    };
  }
}
`;

ruleTester.run('require-jitter on a reconnect whose wait steps up with its count', requireJitter, {
  valid: [{ name: 'TypeScript: the same wait in each branch is a fixed wait (another rule)', code: sameWaitTs, filename: 'feed.ts' }],
  invalid: [
    {
      name: 'JavaScript: 1 s, then 2 s, then a minute, forever',
      code: tiersJs,
      filename: 'comms.js',
      errors: [{ messageId: 'missingJitter', line: 17, column: 7, data: { what: '`connectWS()` retrying itself', delay: 'a schedule of 1 s (9 times), 2 s (10 times) then 1 min', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'JavaScript: a message listener looping over its batch beside the reconnect',
      code: listenerLoopJs,
      filename: 'comms.js',
      errors: [{ messageId: 'missingJitter', line: 23, column: 7, data: { what: '`connect()` retrying itself', delay: 'a schedule of 1 s (9 times) then 30 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'TypeScript: two branches, the last bounded',
      code: twoTiersTs,
      filename: 'feed.ts',
      errors: [{ messageId: 'missingJitter', line: 13, column: 26, data: { what: '`connect()` retrying itself', delay: 'a schedule of 1 s (4 times), 5 s (4 times) then 5 s', attempts: 'up to 10 attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on a reconnect whose wait steps up with its count', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: a first branch too long to write out: the wait is not stated', code: twoTiersTs.replace('this.attempts < 5)', 'this.attempts < 5000)').replace('} else if (this.attempts < 10) {', '} else {'), filename: 'feed.ts' },
    { name: 'JavaScript: the wait is not one fixed value', code: tiersJs, filename: 'comms.js' },
    { name: 'JavaScript: a branch after a countdown goes on past the fixed one: not "up to 10 attempts"', code: countdownJs, filename: 'comms.js' },
    { name: 'TypeScript: two branches with two waits', code: twoTiersTs, filename: 'feed.ts' },
  ],
  invalid: [
    {
      name: 'TypeScript: the same wait in both branches, and the second never stops',
      code: sameWaitTs,
      filename: 'feed.ts',
      errors: [{ messageId: 'fixedDelay', line: 13, column: 26, data: { what: '`connect()` retrying itself', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

/** A first branch five thousand attempts long: no schedule written out, but the whole never stops. */
const longTierTs = twoTiersTs.replace('this.attempts < 5)', 'this.attempts < 5000)').replace('} else if (this.attempts < 10) {', '} else {');

ruleTester.run('no-unbounded-retry on a reconnect whose wait steps up with its count', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: the last branch stops at ten', code: twoTiersTs, filename: 'feed.ts' }],
  invalid: [
    { name: 'TypeScript: a first branch too long to write out, the second never stops', code: longTierTs, filename: 'feed.ts', errors: [{ messageId: 'unbounded', line: 13, column: 26 }] },
    { name: 'JavaScript: the last branch never stops', code: tiersJs, filename: 'comms.js', errors: [{ messageId: 'unbounded', line: 17, column: 7 }] },
    { name: 'TypeScript: the second branch never stops', code: sameWaitTs, filename: 'feed.ts', errors: [{ messageId: 'unbounded', line: 13, column: 26 }] },
  ],
});
