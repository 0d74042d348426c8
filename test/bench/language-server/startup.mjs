#!/usr/bin/env node
// How long the language server takes to be ready: the built server (packages/language-server/bin)
// spawned over stdio, from the spawn to initialize's answer, and to the first diagnostics of a
// small file (fixtures/loops/blob-download-retries-left.ts: ESLint, the plugin and the lint
// worker loaded).
// Each start is a fresh process; medians and the spread are printed. Nothing is asserted.
//
//   node test/bench/language-server/startup.mjs [--runs N]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import protocol from 'vscode-languageserver-protocol/node';

const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = protocol;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER = join(root, 'packages', 'language-server', 'bin', 'retry-hygiene-language-server.js');
const FILE = join(root, 'fixtures', 'loops', 'blob-download-retries-left.ts');

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 5;
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: node test/bench/language-server/startup.mjs [--runs N]');
  process.exit(2);
}

async function once() {
  const text = readFileSync(FILE, 'utf8');
  const uri = pathToFileURL(FILE).href;
  const t0 = performance.now();
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const diagnosed = new Promise((resolve) => connection.onNotification('textDocument/publishDiagnostics', (p) => p.uri === uri && resolve(p)));
  connection.onNotification('window/logMessage', () => {});
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { debounceMs: 0 } });
  const initialized = performance.now() - t0;
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text } });
  const { diagnostics } = await diagnosed;
  const firstDiagnostics = performance.now() - t0;
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  connection.dispose();
  return { initialized, firstDiagnostics, count: diagnostics.length };
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await once());
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const line = (label, values) => `  ${label.padEnd(42)} median ${(median(values) / 1000).toFixed(2)} s  (${(Math.min(...values) / 1000).toFixed(2)}–${(Math.max(...values) / 1000).toFixed(2)} s)`;
console.log(`startup: ${runs} fresh server processes, ${results[0].count} diagnostics on ${FILE.slice(root.length + 1)}`);
console.log(line('spawn → initialize answered', results.map((r) => r.initialized)));
console.log(line('spawn → first diagnostics of a small file', results.map((r) => r.firstDiagnostics)));
