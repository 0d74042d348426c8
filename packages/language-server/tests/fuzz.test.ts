/**
 * Fuzz: 10 000 random edits (insertions of retry fragments, deletions, undo) to one
 * document, through the protocol, against the built server. Between edits the client
 * pulls diagnostics, hovers and asks for code actions, so the server lints many of the
 * half-typed states. No crash, no unhandled rejection or uncaught error, memory bounded.
 */
import { describe, expect, it } from 'vitest';
import type { Range } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from './client.js';
import { FIXED_SLEEP_LOOP, NESTED_LOOP, NO_JITTER_LOOP } from './samples.js';
import { prng } from './prng.js';

const EDITS = 10_000;
const URI = 'file:///work/project/src/fuzz.ts';

const FRAGMENTS = [
  'for (;;) {',
  'while (true) {',
  'for (let attempt = 0; attempt < 5; attempt++) {',
  'try {',
  '} catch (err) {',
  'await sleep(1000);',
  'await sleep(Math.random() * 100 * 2 ** attempt);',
  'await new Promise((r) => setTimeout(r, 500));',
  'return await fetch(url);',
  'if (!res.ok) throw new Error(String(res.status));',
  "import pRetry from 'p-retry';",
  'await pRetry(() => fetch(url), { retries: 5 });',
  'setTimeout(connect, 1000);',
  'function connect() { socket.on("close", connect); }',
  '}',
  '{',
  ')',
  '(',
  '`${',
  '/*',
  '*/',
  '// eslint-disable-next-line retry-hygiene/no-unbounded-retry',
  '\n',
  '  ',
  'é😀',
];


interface Stats {
  heapUsed: number;
  lints: number;
  errors: number;
  documents: number;
  workerHeapUsed: number;
}

describe('fuzz', () => {
  it(`survives ${EDITS} random edits with bounded memory`, async () => {
    const client = await TestClient.start({ pull: true, nodeArgs: ['--expose-gc'], initializationOptions: { debounceMs: 0 } });
    try {
      const random = prng(20_261_123);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      let doc = TextDocument.create(URI, 'typescript', 1, FIXED_SLEEP_LOOP + NESTED_LOOP + NO_JITTER_LOOP);
      const history: string[] = [];
      await client.open(URI, doc.getText(), 'typescript', 1);
      await client.pull(URI);
      const before = (await client.connection.sendRequest('retryHygiene/stats', { gc: true })) as Stats;

      const requests: Promise<unknown>[] = [];
      let sent = 0;
      for (let i = 0; i < EDITS; i++) {
        const text = doc.getText();
        let range: Range;
        let insert: string;
        const roll = random();
        if (roll < 0.08 && history.length > 0) {
          // Undo: back to an earlier text, as one full-document change.
          const earlier = history.splice(Math.floor(random() * history.length))[0]!;
          range = { start: doc.positionAt(0), end: doc.positionAt(text.length) };
          insert = earlier;
        } else if (roll < 0.45 && text.length > 0) {
          const from = Math.floor(random() * text.length);
          const to = Math.min(text.length, from + 1 + Math.floor(random() * 40));
          range = { start: doc.positionAt(from), end: doc.positionAt(to) };
          insert = '';
        } else {
          const at = doc.positionAt(Math.floor(random() * (text.length + 1)));
          range = { start: at, end: at };
          insert = pick(FRAGMENTS);
        }
        if (history.length < 50 && random() < 0.05) history.push(text);
        // Keep the document of a size a person edits: past 20 000 characters, start over.
        if (text.length > 20_000) {
          range = { start: doc.positionAt(0), end: doc.positionAt(text.length) };
          insert = FIXED_SLEEP_LOOP;
        }
        const version = doc.version + 1;
        doc = TextDocument.update(doc, [{ range, text: insert }], version);
        // Not awaited one by one: edits arrive in bursts, as from a fast typist.
        requests.push(client.change(URI, version, [{ range, text: insert }]));
        if (i % 40 === 0) {
          const cursor = doc.positionAt(Math.floor(random() * (doc.getText().length + 1)));
          const cancelled = (e: { code?: number }) => (e.code === -32802 ? 'cancelled' : Promise.reject(e));
          requests.push(client.pull(URI).catch(cancelled));
          requests.push(client.hover(URI, cursor.line, cursor.character));
          requests.push(client.codeActions(URI, { start: cursor, end: cursor }, []));
          sent += 3;
        }
        if (i % 500 === 499) await Promise.all(requests.splice(0));
      }
      await Promise.all(requests.splice(0));
      // The server's view is the client's: the last state, linted.
      const last = await client.pull(URI);
      expect(last.kind).toBe('full');
      const after = (await client.connection.sendRequest('retryHygiene/stats', { gc: true })) as Stats;
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      console.log(
        `fuzz: ${EDITS} edits, ${sent} requests, ${after.lints - before.lints} lints; server heap ${mb(before.heapUsed)} before, ${mb(after.heapUsed)} after; ` +
          `lint worker heap ${mb(before.workerHeapUsed)} before, ${mb(after.workerHeapUsed)} after`,
      );
      expect(after.errors).toBe(0);
      expect(after.documents).toBe(1);
      expect(after.heapUsed).toBeLessThan(before.heapUsed + 64 * 1024 * 1024);
      // The ASTs live in the lint worker: its heap is bounded too (one small document, after a collection).
      expect(before.workerHeapUsed).toBeGreaterThan(0);
      expect(after.workerHeapUsed).toBeLessThan(before.workerHeapUsed + 64 * 1024 * 1024);
      expect(client.stderr).toBe('');
      expect(client.logs.filter((l) => /uncaught|unhandled|retry-hygiene:/.test(l))).toEqual([]);
      expect(client.child!.exitCode).toBeNull();
    } finally {
      expect(await client.stop()).toBe(0);
    }
  }, 120_000);
});
