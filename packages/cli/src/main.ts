import { UsageError, type CliIO, type Command } from './io.js';
import { VERSION } from './version.js';

// Each command module is loaded only when asked for, so `simulate` never pays for ESLint.
const commands: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./commands/check.js')).checkCommand,
  simulate: async () => (await import('./commands/simulate.js')).simulateCommand,
};

function usage(): string {
  const names = Object.keys(commands).join('|') || '<command>';
  return `usage: retry-hygiene ${names} [options]  (retry-hygiene <command> --help for details)\n`
    + 'exit codes: 0 no problems, 1 problems found, 2 bad arguments or an internal error\n';
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    io.stdout(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  const load = commands[name];
  if (!load) {
    io.stderr(`retry-hygiene: unknown command '${name}'\n${usage()}`);
    return 2;
  }
  try {
    return await (await load()).run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`retry-hygiene ${name}: ${error.message}\n`);
      return 2;
    }
    // Exit 2, never 1: a CI step must not read a crash as "findings".
    const e = error as Error;
    io.stderr(`retry-hygiene ${name}: internal error: ${e?.message ?? String(error)}\n${process.env.DEBUG ? `${e?.stack ?? ''}\n` : ''}`);
    return 2;
  }
}
