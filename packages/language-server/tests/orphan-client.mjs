// An editor stand-in for the lifetime tests: starts the built server, tells its parent (on
// stderr) the server's pid, and waits to be killed.
//   node orphan-client.mjs pipes    the server's stdio are pipes this process holds (killing it closes them)
//   node orphan-client.mjs inherit OUT  the server reads this process's stdin (which the parent keeps
//                                        open) and writes to the file OUT
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/retry-hygiene-language-server.js', import.meta.url));
const mode = process.argv[2];
const server = spawn(process.execPath, [bin, '--stdio'], { stdio: mode === 'inherit' ? ['inherit', openSync(process.argv[3], 'w'), 'ignore'] : ['pipe', 'pipe', 'ignore'] });
if (mode !== 'inherit') {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  server.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  server.stdout.once('data', () => process.stderr.write(`server ${server.pid} initialized\n`));
} else {
  process.stderr.write(`server ${server.pid} started\n`);
}
setInterval(() => {}, 1000);
