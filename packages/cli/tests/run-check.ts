import type { CliIO } from '../src/io.js';
import { main } from '../src/main.js';

export interface CheckRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `retry-hygiene check …` in-process, its output captured: standard output not a terminal and
 * an empty environment (no NO_COLOR, CI or GITHUB_* from the machine running the tests), unless
 * `io` says otherwise.
 */
export async function runCheck(args: string[], cwd: string, io: Partial<Omit<CliIO, 'stdout' | 'stderr' | 'cwd'>> = {}): Promise<CheckRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(['check', ...args], { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd, isTTY: false, env: {}, ...io });
  return { code, stdout, stderr };
}
