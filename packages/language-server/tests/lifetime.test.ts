/**
 * The server ends with its client even when the client never says goodbye (killed, crashed):
 * its input closes, the processId it named dies, or the server is re-parented.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Lifetime } from '../src/lifetime.js';
import { STATS_REQUEST, type ServerStats } from '../src/server.js';
import { TestClient } from './client.js';

const ORPHAN_CLIENT = fileURLToPath(new URL('./orphan-client.mjs', import.meta.url));
/** Generous: the parent is polled every 3 s, and the machine may be busy. Not a claim about speed. */
const PATIENCE_MS = 20_000;

/** No such process, or a zombie nobody reaped (an orphan's new parent may not wait for it). */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  try {
    // "pid (comm) S ...": the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    // No /proc here (macOS): it answered the signal, so it is there.
    return false;
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** Processes these tests started, killed if a test left them. */
const started: number[] = [];
const clients: TestClient[] = [];
afterEach(async () => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone, as it should be.
    }
  }
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

/** The built server over stdio, with this processId in initialize. */
async function startServer(processId: number | null): Promise<TestClient> {
  const client = await TestClient.start({ processId });
  clients.push(client);
  started.push(client.child!.pid!);
  return client;
}

/** Resolves with the exit, or rejects after PATIENCE_MS. */
function exitWithin(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return Promise.race([
    exitOf(child),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`process ${child.pid} still running after ${PATIENCE_MS} ms`)), PATIENCE_MS).unref()),
  ]);
}

/** Starts orphan-client.mjs; resolves with it and the pid of the server it started. */
async function startOrphanClient(args: string[], stdin: 'pipe' | number = 'pipe'): Promise<{ client: ChildProcess; serverPid: number }> {
  const client = spawn(process.execPath, [ORPHAN_CLIENT, ...args], { stdio: [stdin, 'pipe', 'pipe'] });
  started.push(client.pid!);
  let err = '';
  const serverPid = await new Promise<number>((resolve, reject) => {
    client.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      const match = /server (\d+) (initialized|started)/.exec(err);
      if (match) resolve(Number(match[1]));
    });
    client.once('exit', () => reject(new Error(`the client exited: ${err}`)));
  });
  started.push(serverPid);
  return { client, serverPid };
}

describe('the server outlives no client', () => {
  it('exits when its input closes (initialize without processId), its lint worker with it', async () => {
    const client = await startServer(null);
    const child = client.child!;
    // Started at initialize: the thread that must not keep the process alive.
    const stats = await client.connection.sendRequest<ServerStats>(STATS_REQUEST, {});
    expect(stats.workers).toBe(1);
    const exited = exitWithin(child);
    child.stdin!.end();
    // Exit without shutdown: 1, as for the protocol's exit; a code, not a signal: it ended itself.
    expect(await exited).toEqual({ code: 1, signal: null });
    expect(gone(child.pid!)).toBe(true);
  });

  it('exits when the client that started it is killed (its pipes close)', async () => {
    const { client, serverPid } = await startOrphanClient(['pipes']);
    expect(gone(serverPid)).toBe(false);
    client.kill('SIGKILL');
    await exitWithin(client);
    await until(() => gone(serverPid), `server ${serverPid} to exit`);
  });

  // A FIFO (mkfifo) stands for an input someone else holds open.
  it.skipIf(process.platform === 'win32')('exits when re-parented: its client is killed while its input stays open, no processId', async () => {
    // The server's stdin is a FIFO this test holds open for writing: killing the client closes nothing.
    const dir = mkdtempSync(join(tmpdir(), 'rh-lifetime-'));
    try {
      const fifo = join(dir, 'in');
      execFileSync('mkfifo', [fifo]);
      // O_RDWR: opening does not wait for a reader, and this descriptor keeps a writer alive.
      const holder = openSync(fifo, constants.O_RDWR);
      const out = join(dir, 'out');
      try {
        const { client, serverPid } = await startOrphanClient(['inherit', out], holder);
        const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
        writeSync(holder, `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
        // Answered: the server is up, with its parent recorded.
        await until(() => readFileSync(out, 'utf8').includes('"capabilities"'), 'the initialize answer');
        client.kill('SIGKILL');
        await exitWithin(client);
        await until(() => gone(serverPid), `server ${serverPid} to exit`);
      } finally {
        closeSync(holder);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits when the process named by processId dies, its input still open', async () => {
    const editor = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    started.push(editor.pid!);
    const client = await startServer(editor.pid!);
    const exited = exitWithin(client.child!);
    editor.kill('SIGKILL');
    // Its input was never closed: the dead processId alone ended it.
    expect(await exited).toEqual({ code: 1, signal: null });
  });
});

describe('Lifetime', () => {
  function watch(ppid: { value: number }, alive: Set<number>) {
    const gone: string[] = [];
    const lifetime = new Lifetime({ onGone: (why) => void gone.push(why), pollMs: 3_600_000, ppid: () => ppid.value, alive: (pid) => alive.has(pid) });
    return { lifetime, gone };
  }

  it('ends once when the parent changes (re-parented), whether or not a client pid was given', () => {
    const ppid = { value: 4242 };
    const { lifetime, gone } = watch(ppid, new Set());
    lifetime.start();
    lifetime.check();
    expect(gone).toEqual([]);
    ppid.value = 1;
    lifetime.check();
    lifetime.check();
    expect(gone).toEqual(['its parent (process 4242) is gone']);
    lifetime.dispose();
  });

  it('ends when the client pid from initialize is gone; ignores pids that are no pids', () => {
    const alive = new Set([777]);
    const { lifetime, gone } = watch({ value: 10 }, alive);
    for (const notAPid of [null, undefined, 0, -3, 1.5]) lifetime.watchClient(notAPid);
    lifetime.check();
    expect(gone).toEqual([]);
    lifetime.watchClient(777);
    lifetime.check();
    expect(gone).toEqual([]);
    alive.delete(777);
    lifetime.check();
    expect(gone).toEqual(['its client (process 777) is gone']);
  });

  it('ends once when its input ends and closes', () => {
    const { lifetime, gone } = watch({ value: 10 }, new Set());
    const input = new PassThrough();
    lifetime.watchInput(input);
    input.end();
    input.resume();
    return new Promise<void>((resolve) =>
      input.on('close', () => {
        expect(gone).toEqual(['its input closed']);
        resolve();
      }),
    );
  });

  it('does not watch the parent when told not to (a server on a socket)', () => {
    const ppid = { value: 4242 };
    const gone: string[] = [];
    const lifetime = new Lifetime({ onGone: (why) => void gone.push(why), ppid: () => ppid.value, alive: () => false, reparenting: false });
    ppid.value = 1;
    lifetime.check();
    expect(gone).toEqual([]);
    // The client's pid still counts.
    lifetime.watchClient(777);
    lifetime.check();
    expect(gone).toEqual(['its client (process 777) is gone']);
  });

  it('takes a process of another user (EPERM) for alive', () => {
    const gone: string[] = [];
    const lifetime = new Lifetime({ onGone: (why) => void gone.push(why), ppid: () => 10 });
    // PID 1 exists; as a non-root user kill(1, 0) is EPERM, as root it succeeds: alive either way.
    lifetime.watchClient(1);
    lifetime.check();
    expect(gone).toEqual([]);
  });
});
