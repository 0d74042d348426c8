import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import requireJitter from '../src/rules/require-jitter.js';
import { ruleTester } from './rule-tester.js';

// The wait a delay object makes: `await this.takePause()`, a method named like a wait that makes
// an object (through factories, one choosing between classes by an option: every class it may
// make is taken) and awaits its method. The method is dispatched from the object's own class
// (`super.wait()` goes on from the class above), and the promise timer it returns is read with
// `this` the object: getters dispatched the same way, fields from what `new` hands the
// constructor or a setter called before the object is handed back. Anything else and no claim
// is made (tests/cross-file/delay-objects for the same across modules).

const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

const SETTINGS = `
interface Settings { pause: number; growth: number; spread: string; eager: boolean }
const standard: Settings = { pause: PAUSE, growth: 3, spread: SPREAD, eager: false };
function plain(ms: number) { return ms; }
function scattered(ms: number) { return Math.random() * ms; }
function spreadOf(s: Settings) {
  switch (s.spread) {
    case 'all':
      return scattered;
    default:
      return plain;
  }
}`;

const PAUSE = `
abstract class Pause {
  protected step = 0;
  constructor(private settings: Settings) {}
  wait() {
    return new Promise((done) => setTimeout(done, this.spreadMs));
  }
  setStep(step: number) {
    this.step = step;
  }
  private get spreadMs() {
    const spread = spreadOf(this.settings);
    return spread(this.ms);
  }
  private get ms() {
    return MS;
  }
  protected get steps() {
    return this.step;
  }
}
class LatePause extends Pause {
  LATE
  protected get steps() {
    return this.step - 1;
  }
}
class EagerPause extends Pause {}
function pauseFor(s: Settings, step: number) {
  const pause = makePause(s);
  SETUP
  return pause;
}
function makePause(s: Settings) {
  if (s.eager) {
    return new EagerPause(s);
  }
  return new LatePause(s);
}`;

const RUNNER = `
class Runner {
  private tries = 0;
  constructor(private job: () => Promise<string>, private settings: Settings) {}
  async go() {
    while (this.tries < 6) {
      try {
        await this.takePause();
        return await this.job();
      } catch (err) {
        this.tries++;
      }
    }
    throw new Error('out of tries');
  }
  private async takePause() {
    TAKE
  }
}
export function run(job: () => Promise<string>, given: Partial<Settings> = {}) {
  return new Runner(job, { ...standard, ...given }).go();
}`;

interface Parts {
  pause?: string;
  spread?: string;
  ms?: string;
  late?: string;
  setup?: string;
  take?: string;
}

function code(parts: Parts = {}): string {
  return (
    SETTINGS.replace('PAUSE', parts.pause ?? '200').replace('SPREAD', parts.spread ?? `'off'`) +
    PAUSE.replace('MS', parts.ms ?? 'this.settings.pause * Math.pow(this.settings.growth, this.steps)')
      .replace('LATE', parts.late ?? 'async wait() {\n    return this.step === 0 ? true : super.wait();\n  }')
      .replace('SETUP', parts.setup ?? 'pause.setStep(step);') +
    RUNNER.replace('TAKE', parts.take ?? 'const pause = pauseFor(this.settings, this.tries);\n    await pause.wait();')
  );
}

// The `while` of RUNNER, after SETTINGS and PAUSE.
const LINE = 58;
const AT = { line: LINE, column: 5, endLine: LINE, endColumn: 27 };
const GROWING = { what: 'This retry loop', delay: '200 ms × 3^n', attempts: 'up to 6 attempts' };

ruleTester.run('require-jitter on the wait a delay object makes', requireJitter, {
  valid: [
    {
      name: 'the default spreads the wait',
      code: code({ spread: `'all'` }),
    },
    {
      name: 'one class the factory may make overrides the wait with a random one',
      code: code({ late: 'wait() {\n    return new Promise((done) => setTimeout(done, Math.random() * 1000));\n  }' }),
    },
    {
      name: 'the override waits for something else before handing on to super',
      code: code({ late: 'async wait() {\n    await new Promise((done) => setTimeout(done, Math.random() * 50));\n    return super.wait();\n  }' }),
    },
    {
      name: 'the object is handed elsewhere before the wait',
      code: code({ take: 'const pause = pauseFor(this.settings, this.tries);\n    remember(pause);\n    await pause.wait();' }) + '\ndeclare function remember(p: unknown): void;',
    },
    {
      name: 'the step is set after the object is handed back',
      code: code({ setup: '', take: 'const pause = pauseFor(this.settings, this.tries);\n    await pause.wait();\n    pause.setStep(this.tries);' }),
    },
    {
      name: 'a method that is no plain setter is called on the object',
      code: code({ setup: 'pause.setStep(step);\n  pause.reset();' }).replace('setStep(step: number) {', 'reset() {\n    this.step = Math.floor(Math.random() * 4);\n  }\n  setStep(step: number) {'),
    },
    {
      // Read from the base's own getter, the wait would have no randomness.
      name: 'the subclass overrides a getter the base reads, with randomness',
      code: code().replace('return this.step - 1;', 'return this.step - 1 + Math.random();'),
    },
    { name: 'across modules, the caller turning the spread on', ...file('delay-objects/forced.ts') },
  ],
  invalid: [
    {
      name: 'a factory choosing between two classes, one waiting through super',
      code: code(),
      errors: [{ messageId: 'missingJitter', ...AT, data: GROWING }],
    },
    {
      name: 'the step set through a setter the factory calls, the class made directly',
      code: code({ take: 'const pause = new EagerPause(this.settings);\n    pause.setStep(this.tries);\n    await pause.wait();' }),
      errors: [{ messageId: 'missingJitter', ...AT, data: GROWING }],
    },
    {
      name: 'a longer first pause',
      code: code({ pause: '750' }),
      errors: [{ messageId: 'missingJitter', ...AT, data: { ...GROWING, delay: '750 ms × 3^n' } }],
    },
    {
      name: 'across modules: runner, factory, base and subclasses, jitter factory, settings',
      ...file('delay-objects/runner.ts'),
      errors: [{ messageId: 'missingJitter', line: 16, column: 5, endLine: 16, endColumn: 45, data: { what: 'This retry loop', delay: '250 ms × 2^n', attempts: 'a limited number of attempts' } }],
    },
  ],
});

ruleTester.run('no-fixed-sleep-retry on the wait a delay object makes', noFixedSleepRetry, {
  valid: [
    {
      name: 'the pause grows',
      code: code(),
    },
  ],
  invalid: [
    {
      name: 'the pause is the setting alone',
      code: code({ ms: 'this.settings.pause' }),
      errors: [{ messageId: 'fixedDelay', ...AT }],
    },
  ],
});
