import rule from '../src/rules/no-fixed-sleep-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * A loop with no sleep of its own that awaits other calls between attempts: is one of them the
 * wait? Not a call whose result the code reads (`const row = await repo.get(id)`: a wait resolves
 * to nothing worth reading, unless its body holds a timer), nor a function of the file whose body
 * neither sleeps nor awaits a call that might. Such loops go round at once. A call whose body is not known and whose result
 * is dropped (`await pause()` of a package, a helper awaiting `client.close()`) may be the wait:
 * the wait is unknown and nothing is said of it. Before, any other awaited call made it unknown.
 */

const immediate = (line: number, column: number, attempts: string) => ({ messageId: 'immediate' as const, line, column, data: { what: 'This retry loop', attempts } });

ruleTester.run('no-fixed-sleep-retry with other awaited calls between attempts', rule, {
  valid: [
    {
      name: "TypeScript: a package's function awaited for nothing may be the wait",
      code: `import { pause } from 'some-timer-lib';
export async function push(url: string): Promise<Response> {
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await pause();
    }
  }
  throw new Error('gave up');
}
`,
      filename: 'push.ts',
    },
    {
      name: 'TypeScript: a helper of the file that awaits an unknown call may wait in it',
      code: `async function settle(client: { close(): Promise<void> }): Promise<void> {
  await client.close();
}
export async function push(client: { close(): Promise<void>; send(): Promise<Response> }): Promise<Response> {
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      return await client.send();
    } catch {
      await settle(client);
    }
  }
  throw new Error('gave up');
}
`,
      filename: 'push.ts',
    },
    {
      name: 'TypeScript: a helper with a timer whose result is read (a wait that says whether it was cancelled)',
      code: `function waitWithCancel(ms: number, cancelIf: () => boolean): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const start = Date.now();
    const interval = setInterval(() => {
      if (cancelIf()) { clearInterval(interval); resolve(true); return; }
      if (Date.now() - start >= ms) { clearInterval(interval); resolve(false); }
    }, 100);
  });
}
export async function connect(open: () => Promise<void>, closing: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await open();
    } catch {
      const cancelled = await waitWithCancel(1000, closing);
      if (cancelled) return;
    }
  }
}
`,
      filename: 'connect.ts',
    },
    {
      name: 'JavaScript: a helper of the file that sleeps is the wait (jittered here)',
      code: `async function backOff() {
  await new Promise((r) => setTimeout(r, Math.random() * 1000));
}
export async function push(url) {
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await backOff();
    }
  }
  throw new Error('gave up');
}
`,
      filename: 'push.js',
    },
  ],
  invalid: [
    {
      name: 'TypeScript: a compare-and-set loop that reads the row before each try',
      code: `interface Row { version: number; owner: string | null }
interface Repo { get(id: string): Promise<Row>; updateIfVersion(id: string, v: number, owner: string): Promise<boolean> }
export async function claim(repo: Repo, id: string, owner: string): Promise<boolean> {
  for (let i = 0; i < 5; i++) {
    const row = await repo.get(id);
    if (row.owner && row.owner !== owner) return false;
    const ok = await repo.updateIfVersion(id, row.version, owner);
    if (ok) return true;
  }
  throw new Error('contention');
}
`,
      filename: 'claim.ts',
      errors: [immediate(4, 3, 'up to 5 attempts')],
    },
    {
      name: 'TypeScript: a logging helper of the file awaited in the catch',
      code: `async function record(event: string): Promise<void> {
  console.log(event);
}
export async function push(url: string): Promise<Response> {
  for (let attempt = 1; attempt <= 4; attempt++) {
    try {
      return await fetch(url);
    } catch {
      await record(\`attempt \${attempt} failed\`);
    }
  }
  throw new Error('gave up');
}
`,
      filename: 'push.ts',
      errors: [immediate(5, 3, 'up to 4 attempts')],
    },
    {
      name: 'JavaScript: a counter read back from an unknown store in the catch',
      code: `export async function push(store, url) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await fetch(url);
    } catch (err) {
      const failures = await store.increment('failures');
      if (failures > 100) throw err;
    }
  }
  throw new Error('gave up');
}
`,
      filename: 'push.js',
      errors: [immediate(2, 3, 'up to 3 attempts')],
    },
    {
      name: 'TypeScript: a method of the class awaited in the catch, two calls down to a log',
      code: `export class Pusher {
  private log(line: string): void {
    console.log(line);
  }
  private async note(err: unknown): Promise<void> {
    this.log(String(err));
  }
  async push(url: string): Promise<Response> {
    let attempt = 0;
    while (attempt < 3) {
      attempt++;
      try {
        return await fetch(url);
      } catch (err) {
        await this.note(err);
      }
    }
    throw new Error('gave up');
  }
}
`,
      filename: 'pusher.ts',
      errors: [immediate(10, 5, 'up to 3 attempts')],
    },
  ],
});
