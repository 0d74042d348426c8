import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * Ways back into a failed call that the code shows whatever its names: an error-first callback's
 * error read by position and use (`(problem) => { if (problem) … }` under `cb(null)`), a second
 * function that is also handed to the module's users (`module.exports = { submit }`, `return {
 * submit }`: their calls come from outside, not from the success path), and a failed item put back
 * into the queue it was taken from ahead of the call back in.
 */

const removeFile = (param: string, tail: string) => `const fs = require('fs');
function removeFile(file, cb) {
  fs.unlink(file, (${param}) => {
    if (${param}) {
      setTimeout(() => removeFile(file, cb), 100);
      return;
    }
    ${tail};
  });
}
module.exports = { removeFile };
`;

const runner = (handedOut: string) => `function createRunner(handler) {
  async function run(msg) {
    try {
      await handler(msg);
    } catch (err) {
      setTimeout(() => submit(msg), 10000);
    }
  }
  function submit(msg) {
    run(msg);
  }
  ${handedOut}
}
module.exports = { createRunner };
`;

const worker = (putBack: string) => `interface Job {
  attempts: number;
}
export class Worker {
  private queue: Job[] = [];
  constructor(private handler: (job: Job) => Promise<void>) {}
  async tick(): Promise<void> {
    const job = this.queue.shift();
    if (!job) return;
    try {
      await this.handler(job);
    } catch (err) {
      if (++job.attempts >= 5) return;
      setTimeout(() => {
        ${putBack}
        void this.tick();
      }, 1000 * 2 ** job.attempts);
    }
  }
}
`;

const fixed = (line: number, column: number, what: string, delay: string, attempts: string) => ({ messageId: 'fixedDelay' as const, line, column, data: { what, delay, attempts } });

ruleTester.run('no-fixed-sleep-retry through ways back the code shows', noFixedSleepRetry, {
  valid: [
    {
      name: 'JavaScript: a one-parameter callback with a value first is a poll, not an error',
      code: "const fs = require('fs');\nfunction waitForFile(file, cb) {\n  fs.exists(file, (present) => {\n    if (!present) {\n      setTimeout(() => waitForFile(file, cb), 100);\n      return;\n    }\n    cb();\n  });\n}\nmodule.exports = { waitForFile };\n",
      filename: 'wait.js',
    },
  ],
  invalid: [
    { name: 'JavaScript: an error-first callback whose error is named `problem`', code: removeFile('problem', 'cb(null)'), filename: 'rm.js', errors: [fixed(5, 24, '`removeFile()` retrying itself', 'a fixed 100 ms', 'no limit on attempts')] },
    { name: 'JavaScript: an error named `er` handed on to the caller', code: removeFile('er', 'cb(er)'), filename: 'rm.js', errors: [fixed(5, 24, '`removeFile()` retrying itself', 'a fixed 100 ms', 'no limit on attempts')] },
    { name: 'JavaScript: an error named `fault` read for its code', code: removeFile('fault', "if (fault && fault.code === 'EBUSY') cb(fault)"), filename: 'rm.js', errors: [fixed(5, 24, '`removeFile()` retrying itself', 'a fixed 100 ms', 'no limit on attempts')] },
    { name: 'JavaScript: the way back is also returned to the factory\'s users', code: runner('return { submit };'), filename: 'runner.js', errors: [fixed(6, 24, '`run()` retrying itself through `submit()`', 'a fixed 10 s', 'no limit on attempts')] },
    { name: 'JavaScript: the way back is also exported', code: runner('return { run };').replace('module.exports = { createRunner };', 'module.exports = { createRunner, submit: createRunner };'), filename: 'runner.js', errors: [fixed(6, 24, '`run()` retrying itself through `submit()`', 'a fixed 10 s', 'no limit on attempts')] },
  ],
});

ruleTester.run('require-jitter through a failed item put back into its queue', requireJitter, {
  valid: [{ name: 'TypeScript: the failed job is dropped; the next tick takes the next job', code: worker('console.warn(job);'), filename: 'worker.ts' }],
  invalid: [
    { name: 'TypeScript: put back at the front', code: worker('this.queue.unshift(job);'), filename: 'worker.ts', errors: [{ messageId: 'missingJitter', line: 16, column: 14, data: { what: '`tick()` retrying itself', delay: '1 s × 2^n', attempts: 'up to 5 attempts' } }] },
    { name: 'TypeScript: put back at the end', code: worker('this.queue.push(job);'), filename: 'worker.ts', errors: [{ messageId: 'missingJitter', line: 16, column: 14, data: { what: '`tick()` retrying itself', delay: '1 s × 2^n', attempts: 'up to 5 attempts' } }] },
  ],
});
