import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A way back that steps a value kept outside the function (`current++` in a close listener) which
 * the attempt writes into the text of what it asks for (`` new WebSocket(`${base}?case=${current}`) ``)
 * asks for something else each time: the next case, a walk, not a retry. The same count only
 * told in a message (`` console.log(`attempt ${attempts}`) ``) changes nothing the attempt asks.
 */

const casesJs = (open: string) => `let current = 1;

export function runCase(base, total, done) {
  if (current > total) return done();
  console.log(\`case \${current}/\${total}\`);
  const ws = new WebSocket(${open});
  ws.addEventListener('close', () => {
    current++;
    setTimeout(() => runCase(base, total, done), 10);
  });
}
`;

const partsTs = `let part = 0;

export function uploadParts(base: string, body: Blob): Promise<Response> {
  return fetch(base + '/parts/' + part, { method: 'PUT', body }).catch(() => {
    part += 1;
    return uploadParts(base, body);
  });
}
`;

ruleTester.run('no-fixed-sleep-retry and stepped names', noFixedSleepRetry, {
  valid: [
    { name: 'JavaScript: the next case, in the URL opened', code: casesJs('`${base}/runCase?case=${current}`'), filename: 'cases.js' },
    { name: 'TypeScript: the next part, in the path asked for', code: partsTs, filename: 'parts.ts' },
  ],
  invalid: [
    {
      name: 'JavaScript: the count only told in a message',
      code: casesJs('`${base}/runCase`'),
      filename: 'cases.js',
      errors: [{ messageId: 'fixedDelay', line: 9, column: 22, data: { what: '`runCase()` retrying itself', delay: 'a fixed 10 ms', attempts: 'an unknown number of attempts' } }],
    },
  ],
});
