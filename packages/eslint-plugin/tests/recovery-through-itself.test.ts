import rule from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

// A function that on failure first runs itself for a recovery step (`this.run('init')`) and then
// itself again for the failed call: the recovery takes an attempt's time, not a wait, when the
// function waits nowhere. With nothing making it go at most once, it retries at once.

ruleTester.run('no-fixed-sleep-retry: recovery through the function itself', rule, {
  valid: [
    {
      name: 'recovery through another method (a reconnect may back off)',
      code: `
class Scripts {
  run(name: string, args: unknown[]): Promise<unknown> {
    return this.conn.eval(name, args).catch((e: Error) => {
      if (e.message === 'NOT_LOADED') return this.reconnect().then(() => this.run(name, args));
      throw e;
    });
  }
}
`,
    },
    {
      name: 'recovery at most once: a flag argument',
      code: `
class Scripts {
  async run(name: string, args: unknown[], recovered = false): Promise<unknown> {
    try {
      return await this.conn.eval(name, args);
    } catch (e) {
      if (e.message === 'NOT_LOADED' && !recovered) {
        await this.run('init', [], true);
        return this.run(name, args, true);
      }
      throw e;
    }
  }
}
`,
    },
    {
      name: 'recovery counted: one more attempt in all',
      filename: 'file.js',
      code: `
function exec(client, name, args, tries = 0) {
  return client.call(name, args).catch((e) => {
    if (e.code === 'NOSCRIPT' && tries < 1) {
      return exec(client, 'load', []).then(() => exec(client, name, args, tries + 1));
    }
    throw e;
  });
}
`,
    },
  ],
  invalid: [
    {
      name: 'the function waits through a method of its class: the recovery waits the same each time (read by its body since the method-sleep change)',
      code: `
class Scripts {
  async settle() {
    await new Promise((r) => setTimeout(r, this.settleMs));
  }
  async run(name: string, args: unknown[]): Promise<unknown> {
    if (name === 'init') await this.settle();
    try {
      return await this.conn.eval(name, args);
    } catch (e) {
      if (e.message === 'NOT_LOADED') {
        await this.run('init', []);
        return this.run(name, args);
      }
      throw e;
    }
  }
}
`,
      errors: [{ messageId: 'fixedDelay', line: 13, column: 16, data: { what: '`run()` retrying itself', delay: 'a fixed delay', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'promise catch: init through itself, then itself again, with nothing to stop it',
      code: `
class Scripts {
  run(name: string, args: unknown[]): Promise<unknown> {
    return this.conn.eval(name, args).catch((e: Error) => {
      if (e.message === 'NOT_LOADED') {
        return this.run('init', []).then(() => this.run(name, args));
      }
      throw e;
    });
  }
}
`,
      errors: [
        {
          messageId: 'immediate', line: 6, column: 48, endLine: 6, endColumn: 68,
          data: { what: '`run()` retrying itself', delay: 'no delay', attempts: 'no limit on attempts' },
          suggestions: [{ messageId: 'waitBeforeRetry', data: { ms: '1000' }, output: `
class Scripts {
  run(name: string, args: unknown[]): Promise<unknown> {
    return this.conn.eval(name, args).catch((e: Error) => {
      if (e.message === 'NOT_LOADED') {
        return this.run('init', []).then(() => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * 1000)).then(() => this.run(name, args)));
      }
      throw e;
    });
  }
}
` }],
        },
      ],
    },
    {
      name: 'async: awaits the recovery through itself, then returns itself',
      code: `
class Store {
  async exec(name: string, args: unknown[]): Promise<unknown> {
    try {
      return await this.client.evalsha(name, args);
    } catch (e) {
      if (e.code === 'NOSCRIPT') {
        await this.exec('load', []);
        return this.exec(name, args);
      }
      throw e;
    }
  }
}
`,
      errors: [
        { messageId: 'immediate', line: 9, column: 16, endLine: 9, endColumn: 37, data: { what: '`exec()` retrying itself', delay: 'no delay', attempts: 'no limit on attempts' },
          suggestions: [
            {
              messageId: 'waitBeforeRetry',
              data: { ms: '1000' },
              output: `
class Store {
  async exec(name: string, args: unknown[]): Promise<unknown> {
    try {
      return await this.client.evalsha(name, args);
    } catch (e) {
      if (e.code === 'NOSCRIPT') {
        await this.exec('load', []);
        return new Promise<void>((resolve) => setTimeout(resolve, Math.random() * 1000)).then(() => this.exec(name, args));
      }
      throw e;
    }
  }
}
`,
            },
          ],
        },
      ],
    },
    {
      name: 'a plain function: registers itself again, then retries',
      filename: 'file.js',
      code: `
function call(client, name, args) {
  return client.send(name, args).catch((e) => {
    if (e.code === 'UNKNOWN_CLIENT') return call(client, 'register', []).then(() => call(client, name, args));
    throw e;
  });
}
`,
      errors: [
        {
          messageId: 'immediate', line: 4, column: 85, endLine: 4, endColumn: 109,
          data: { what: '`call()` retrying itself', delay: 'no delay', attempts: 'no limit on attempts' },
          suggestions: [{ messageId: 'waitBeforeRetry', data: { ms: '1000' }, output: `
function call(client, name, args) {
  return client.send(name, args).catch((e) => {
    if (e.code === 'UNKNOWN_CLIENT') return call(client, 'register', []).then(() => new Promise((resolve) => setTimeout(resolve, Math.random() * 1000)).then(() => call(client, name, args)));
    throw e;
  });
}
` }],
        },
      ],
    },
  ],
});
