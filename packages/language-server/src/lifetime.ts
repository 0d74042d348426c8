/**
 * When a language server is orphaned. An editor that dies (killed, crashed) does not send
 * shutdown and exit; a server that waits for them outlives it for ever. Three signs are
 * watched: the input stream ends (the client's end of the pipe is closed), the client's
 * process, when initialize named it, no longer exists, and this process was re-parented
 * (its parent died while something else still holds the pipe open).
 */

/** How often the parent is looked for (as vscode-languageserver does for processId). */
export const PARENT_POLL_MS = 3000;

export interface LifetimeOptions {
  /** Called once, with why the server is ending. */
  onGone: (why: string) => void;
  pollMs?: number;
  /** Whether a new parent ends the server (default true; a server on a socket may be started by a launcher that exits). */
  reparenting?: boolean;
  /** process.ppid and process.kill(pid, 0), replaced in tests. */
  ppid?: () => number;
  alive?: (pid: number) => boolean;
}

export class Lifetime {
  private readonly startPpid: number;
  private timer: NodeJS.Timeout | undefined;
  private clientPid: number | undefined;
  private ended = false;

  constructor(private readonly options: LifetimeOptions) {
    this.startPpid = this.ppid();
  }

  /** The connection's input: its end (EOF) or close ends the server. */
  watchInput(input: NodeJS.ReadableStream): void {
    input.on('end', () => this.gone('its input closed'));
    input.on('close', () => this.gone('its input closed'));
  }

  /** Starts polling: from now on, a change of parent ends the server. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.check(), this.options.pollMs ?? PARENT_POLL_MS);
    // The poll alone does not keep the process alive: the connection does.
    this.timer.unref();
  }

  /** initialize's processId (null when the client did not say): that process ending ends the server too. */
  watchClient(clientPid: number | null | undefined): void {
    if (typeof clientPid === 'number' && Number.isInteger(clientPid) && clientPid > 0) this.clientPid = clientPid;
  }

  /** One look: the same as a tick of the poll. */
  check(): void {
    if (this.clientPid !== undefined && !this.alive(this.clientPid)) this.gone(`its client (process ${this.clientPid}) is gone`);
    else if (this.options.reparenting !== false && this.ppid() !== this.startPpid) this.gone(`its parent (process ${this.startPpid}) is gone`);
  }

  dispose(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private gone(why: string): void {
    if (this.ended) return;
    this.ended = true;
    this.dispose();
    this.options.onGone(why);
  }

  private ppid(): number {
    return this.options.ppid ? this.options.ppid() : process.ppid;
  }

  private alive(pid: number): boolean {
    if (this.options.alive) return this.options.alive(pid);
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: it exists, under another user.
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
}
