import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A parameter a function steps when it calls itself again is a count of attempts when a bound
 * compares it, a wait is worked out from it, or only a message shows it; it is a position when
 * the attempt hands it as it is to the call it makes and nothing else reads it
 * (`listenFrom(port + 1)` with `server.listen(port)`): the next call asks for something else
 * (the next port), a walk, not a retry. It was read as "retries at once, no limit". A count
 * handed to a function of the file that compares it keeps its bound there: still a count.
 */

const portsTs = `import { createServer, type Server } from 'node:http';

/** Listens on \`port\`, or the next free one after it. */
export function listenFrom(port: number, onReady: (server: Server, port: number) => void): void {
  const server = createServer((_req, res) => res.end('ok'));
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      console.warn(\`Port \${port} is in use, trying the next one\`);
      listenFrom(port + 1, onReady);
      return;
    }
    throw error;
  });
  server.listen(port, () => onReady(server, port));
}

/** Reconnects with a growing wait: the count only shapes the wait. */
export function connect(url: string, attempt = 0): void {
  const socket = new WebSocket(url);
  socket.addEventListener('close', () => {
    setTimeout(() => connect(url, attempt + 1), Math.min(30_000, 500 * 2 ** attempt));
  });
}
`;

/** JavaScript: the count handed to the request as well, and compared with a bound: a retry. */
const partsJs = `// The count is handed to the request too (a header), and a bound compares it: still a count.
function upload(send, part, attempt = 1) {
  return send(part, attempt).catch((err) => {
    if (attempt >= 3) throw err;
    return new Promise((resolve) => setTimeout(resolve, 1000)).then(() => upload(send, part, attempt + 1));
  });
}

module.exports = { upload };
`;

/** JavaScript: the count handed to the function of the file that makes the request and compares it: a count. */
const bucketJs = `// The count goes to the function that makes the request, which gives up when it reaches the limit.
async function attemptRequest(send, url, retries) {
  try {
    return await send(url);
  } catch (err) {
    if (retries !== 3) return null;
    throw err;
  }
}

async function request(send, url, retries = 0) {
  const res = await attemptRequest(send, url, retries);
  if (res === null) {
    return request(send, url, ++retries);
  }
  return res;
}

module.exports = { request };
`;

ruleTester.run('no-fixed-sleep-retry with a stepped position', noFixedSleepRetry, {
  valid: [{ name: 'TypeScript: the next free port', code: portsTs, filename: 'ports.ts' }],
  invalid: [
    {
      name: 'JavaScript: a count handed to the request and bounded',
      code: partsJs,
      filename: 'parts.js',
      errors: [{ messageId: 'fixedDelay', line: 5, column: 75, data: { what: '`upload()` retrying itself', delay: 'a fixed 1 s', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'JavaScript: a count the request function compares with its limit',
      code: bucketJs,
      filename: 'bucket.js',
      errors: [{ messageId: 'immediate', line: 14, column: 12, data: { what: '`request()` retrying itself', attempts: 'an unknown number of attempts' } }],
    },
  ],
});

ruleTester.run('require-jitter with a stepped position', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: a count that only shapes the wait, beside the port walk',
      code: portsTs,
      filename: 'ports.ts',
      errors: [{ messageId: 'missingJitter', line: 21, column: 22, data: { what: '`connect()` retrying itself', delay: '500 ms × 2^n, capped at 30 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry with a stepped position', noUnboundedRetry, {
  valid: [{ name: 'JavaScript: a bounded count', code: partsJs, filename: 'parts.js' }],
  invalid: [
    {
      name: 'TypeScript: only the reconnect never gives up',
      code: portsTs,
      filename: 'ports.ts',
      errors: [{ messageId: 'unbounded', line: 21, column: 22 }],
    },
  ],
});
