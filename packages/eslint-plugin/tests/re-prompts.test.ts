import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import noFixedSleepRetry from '../src/rules/no-fixed-sleep-retry.js';
import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

/**
 * An attempt that asks a person each time round is a re-prompt, not a retry
 * (analysis/src/inputs/asks-user.ts): the next round waits for the person and sends what they
 * answer this time. Asked through a prompt API of the catalog (inputs/asking-catalog.ts), a
 * browser's own `prompt`/`confirm`, or a function of the file or of the project that asks on
 * its way. A prompt only some rounds reach (after the automatic attempts ran out), or one made
 * once before the loop, leaves the automatic attempts a retry; so does a function whose name
 * says "prompt" and whose code asks nobody.
 */
const JS = 'ask.js';
const loop = 'This retry loop';
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');
const file = (relative: string) => ({ filename: join(root, relative), code: readFileSync(join(root, relative), 'utf8') });

const inquirerLoop = `
import { input } from '@inquirer/prompts';
declare function register(handle: string): Promise<void>;
export async function claimHandle(): Promise<string> {
  while (true) {
    const handle = await input({ message: 'Handle?' });
    try {
      await register(handle);
      return handle;
    } catch (e) {
      console.log('taken, pick another');
    }
  }
}
`;

const promptsRecursion = `
const prompts = require('prompts');
async function askPort() {
  const { port } = await prompts({ type: 'number', name: 'port', message: 'Port?' });
  try {
    await reserve(port);
    return port;
  } catch (_) {
    console.log(port + ' is in use');
    return askPort();
  }
}
module.exports = { askPort };
`;

const readlineWrapper = `
import * as readline from 'node:readline';
declare function login(password: string): Promise<string>;
const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
function question(text: string): Promise<string> {
  return new Promise((answer) => rl.question(text, answer));
}
export async function signIn(): Promise<string> {
  for (let tries = 0; ; tries++) {
    const password = await question('Password: ');
    try {
      return await login(password);
    } catch {
      console.log('wrong password');
    }
  }
}
`;

const gatedByPerson = `
import inquirer from 'inquirer';
declare function deploy(): Promise<void>;
export async function deployUntilDone(): Promise<void> {
  for (;;) {
    try {
      return await deploy();
    } catch (err) {
      const { again } = await inquirer.prompt([{ type: 'confirm', name: 'again', message: 'Deploy failed. Try again?' }]);
      if (!again) throw err;
    }
  }
}
`;

const browserConfirm = `
async function saveDraft(doc) {
  while (true) {
    try {
      return await fetch('/drafts', { method: 'PUT', body: JSON.stringify(doc) });
    } catch (e) {
      if (!window.confirm('Could not save. Try again?')) throw e;
    }
  }
}
`;

// The prompt comes only once the automatic attempts have run out: those attempts are a retry.
const promptAfterAttempts = `
import { confirm } from '@clack/prompts';
declare function fetchIndex(): Promise<string>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function index(): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchIndex();
    } catch (err) {
      if (attempt % 5 === 0) {
        const more = await confirm({ message: 'Still failing. Keep trying?' });
        if (more !== true) throw err;
      }
      await sleep(1000);
    }
  }
}
`;

// Asked once, before the loop: the loop retries the request with the same answer.
const promptBefore = `
import { password } from '@inquirer/prompts';
declare function callApi(token: string): Promise<unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export async function withToken(): Promise<unknown> {
  const token = await password({ message: 'API token?' });
  for (let i = 0; i < 3; i++) {
    try {
      return await callApi(token);
    } catch {
      await sleep(500);
    }
  }
  throw new Error('unreachable');
}
`;

// Functions of the file named like prompts that ask nobody: a \`confirm\` that calls a server.
const namedLikePrompts = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function confirm(orderId) {
  const res = await fetch('/orders/' + orderId + '/confirm', { method: 'POST' });
  if (!res.ok) throw new Error(String(res.status));
}
async function confirmOrder(orderId) {
  while (true) {
    try {
      return await confirm(orderId);
    } catch (_) {
      await sleep(1000);
    }
  }
}
module.exports = { confirmOrder };
`;

ruleTester.run('no-fixed-sleep-retry and asking a person again', noFixedSleepRetry, {
  valid: [
    { name: 'a loop that asks for a new handle each round (@inquirer/prompts)', code: inquirerLoop },
    { name: 'a recursion that asks for another port (prompts, CommonJS)', code: promptsRecursion, filename: JS },
    { name: 'a loop that asks through a function of the file over readline', code: readlineWrapper },
    { name: 'each way round waits for a person to say "again" (inquirer.prompt)', code: gatedByPerson },
    { name: 'each way round waits for window.confirm', code: browserConfirm, filename: JS },
    { name: 'loops that ask through functions of another module of the project, one with a branch per kind of question', ...file('prompts/setup.ts'), code: file('prompts/setup.ts').code.split('// The same loop')[0] as string },
  ],
  invalid: [
    {
      name: 'a prompt only after five automatic attempts',
      code: promptAfterAttempts,
      errors: [{ messageId: 'fixedDelay', line: 6, column: 3, data: { what: loop, delay: 'a fixed 1 s', attempts: 'an unknown number of attempts' } }],
    },
    {
      name: 'a prompt once, before the loop',
      code: promptBefore,
      errors: [{ messageId: 'fixedDelay', line: 7, column: 3, data: { what: loop, delay: 'a fixed 500 ms', attempts: 'up to 3 attempts' } }],
    },
    {
      name: 'a function of the file named confirm that asks nobody',
      code: namedLikePrompts,
      filename: JS,
      errors: [{ messageId: 'fixedDelay', line: 8, column: 3, data: { what: loop, delay: 'a fixed 1 s', attempts: 'no limit on attempts' } }],
    },
    {
      name: 'a function of another module named like a prompt that reads a file',
      ...file('prompts/setup.ts'),
      errors: [{ messageId: 'fixedDelay', line: 34, column: 3, data: { what: loop, delay: 'a fixed 2 s', attempts: 'no limit on attempts' } }],
    },
  ],
});

ruleTester.run('no-unbounded-retry and asking a person again', noUnboundedRetry, {
  valid: [
    { name: 'a loop that asks for a new handle each round', code: inquirerLoop },
    { name: 'a recursion that asks for another port', code: promptsRecursion, filename: JS },
    { name: 'each way round waits for a person to say "again"', code: gatedByPerson },
    // The person's answer may end it: an exit of unknown kind, not "never gives up".
    { name: 'a prompt after five automatic attempts', code: promptAfterAttempts },
  ],
  invalid: [
    {
      name: 'a function of the file named confirm that asks nobody, round and round',
      code: namedLikePrompts,
      filename: JS,
      errors: [{ messageId: 'unbounded', line: 8, column: 3, data: { what: loop } }],
    },
  ],
});
