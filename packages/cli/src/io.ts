/** Where a command writes; injected so tests can capture output without spawning. */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** Standard output is a terminal: colours. */
  isTTY: boolean;
  /** Standard error is a terminal: progress lines (default false). */
  stderrIsTTY?: boolean;
  /** All of standard input, for `check --stdin` (default: none, a usage error). */
  readStdin?: () => Promise<string>;
  /** Environment (default process.env): GITHUB_BASE_REF for --changed. */
  env?: NodeJS.ProcessEnv;
}

/** Thrown for bad arguments: printed as one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface Command {
  summary: string;
  run(args: string[], io: CliIO): Promise<number>;
}
