import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

/**
 * A failure path that emits an event the instance listens to itself: the listener is the way
 * back, however it is registered (written inline, a bound method, a one-line forward) and
 * wherever the emit sits on the failure path (in the catch, in a timer it sets). The emit's
 * arguments after the event's name are what the listener hands on.
 */

const head = "import { EventEmitter } from 'events';\n\ninterface Job {\n  attempts: number;\n  run: () => Promise<void>;\n}\n\nexport class Queue extends EventEmitter {\n";

const inline = (listener: string) => `${head}  constructor() {
    super();
    this.on('failed', ${listener});
  }

  async process(job: Job): Promise<void> {
    try {
      await job.run();
    } catch {
      this.emit('failed', job);
    }
  }
}
`;

const bound = `${head}  constructor() {
    super();
    this.on('failed', this.onFailed.bind(this));
  }

  private onFailed(job: Job): void {
    setTimeout(() => this.process(job), 1000);
  }

  async process(job: Job): Promise<void> {
    try {
      await job.run();
    } catch {
      this.emit('failed', job);
    }
  }
}
`;

const emittedLater = `${head}  constructor() {
    super();
    this.on('job', (job: Job) => this.process(job));
  }

  private async process(job: Job): Promise<void> {
    try {
      await job.run();
    } catch {
      if (job.attempts < 5) setTimeout(() => this.emit('job', job), 500);
    }
  }
}
`;

const fixed = (line: number, column: number, attempts: string) => ({ messageId: 'fixedDelay' as const, line, column, data: { what: '`process()` retrying itself', delay: attempts === 'no limit on attempts' ? 'a fixed 1 s' : 'a fixed 500 ms', attempts } });

ruleTester.run('no-fixed-sleep-retry through a listener of the instance\'s own event', noFixedSleepRetry, {
  valid: [
    { name: 'TypeScript: the listener only logs the failure', code: inline('(job: Job) => {\n      console.warn(\'failed\', job);\n    }'), filename: 'queue.ts' },
    { name: 'TypeScript: the listener waits with jitter', code: inline('(job: Job) => {\n      setTimeout(() => this.process(job), Math.random() * 1000);\n    }'), filename: 'queue.ts' },
  ],
  invalid: [
    { name: 'TypeScript: an inline listener sets the timer', code: inline('(job: Job) => {\n      setTimeout(() => this.process(job), 1000);\n    }'), filename: 'queue.ts', errors: [fixed(12, 24, 'no limit on attempts')] },
    { name: 'TypeScript: a bound method listens', code: bound, filename: 'queue.ts', errors: [{ messageId: 'fixedDelay', line: 15, column: 22, data: { what: '`process()` retrying itself through `onFailed()`', delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }] },
    { name: 'TypeScript: the event is emitted from a timer on the failure path', code: emittedLater, filename: 'queue.ts', errors: [fixed(18, 46, 'an unknown number of attempts')] },
  ],
});

ruleTester.run('no-unbounded-retry through a listener of the instance\'s own event', noUnboundedRetry, {
  valid: [{ name: 'TypeScript: the listener gives up after five attempts', code: inline('(job: Job) => {\n      if (++job.attempts > 5) return;\n      setTimeout(() => this.process(job), 1000);\n    }'), filename: 'queue.ts' }],
  invalid: [{ name: 'TypeScript: an inline listener retries forever', code: inline('(job: Job) => {\n      setTimeout(() => this.process(job), 1000);\n    }'), filename: 'queue.ts', errors: [{ messageId: 'unbounded', line: 12, column: 24 }] }],
});

ruleTester.run('require-jitter through a listener of the instance\'s own event', requireJitter, {
  valid: [],
  invalid: [
    {
      name: 'TypeScript: the listener backs off by the attempts it counts',
      code: inline('(job: Job) => {\n      if (job.attempts >= 3) return;\n      job.attempts++;\n      setTimeout(() => this.process(job), 1000 * job.attempts);\n    }'),
      filename: 'queue.ts',
      errors: [{ messageId: 'missingJitter', line: 14, column: 24, data: { what: '`process()` retrying itself', delay: 'a linear 1 s × n', attempts: 'up to 4 attempts' } }],
    },
  ],
});
