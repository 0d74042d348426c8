import { spawn } from 'node:child_process';

export interface RunOptions {
  // Called when the process fails, instead of throwing.
  onCrash?: (error: unknown) => Promise<void>;
  // Called with the output once the process has finished.
  onDone?: (output: string) => void;
}

export async function run(command: string, options?: RunOptions): Promise<void> {
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(command);
      let text = '';
      child.stdout.on('data', (chunk) => (text += String(chunk)));
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}`))));
    });
    options?.onDone?.(output);
  } catch (processError) {
    if (options?.onCrash) {
      await options.onCrash(processError);
    } else {
      throw processError;
    }
  }
}

/** Reads the server's fields only: it never calls a method of what it is handed. */
export function describe(server: { host: string; port: number }): string {
  return `${server.host}:${server.port}`;
}
