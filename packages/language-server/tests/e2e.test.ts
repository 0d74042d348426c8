/**
 * End to end over stdio: the built server (bin/retry-hygiene-language-server.js) spawned
 * and driven by vscode-languageserver-protocol's client side.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { comparisonCells, outcomeWords, simulate } from '@retry-hygiene/herd';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CancellationTokenSource,
  DiagnosticSeverity,
  DocumentDiagnosticRequest,
  ErrorCodes,
  LSPErrorCodes,
  MarkupKind,
  type Diagnostic,
  type MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { parseXml, findAll } from '../../herd/tests/xml.js';
import { TestClient, applyEdit, type ClientOptions } from './client.js';
import { FIXED_SLEEP_LOOP, JITTERED_LOOP, NESTED_LOOP, NO_JITTER_LOOP } from './samples.js';

const { version } = JSON.parse(readFileSync(new URL('../../eslint-plugin/package.json', import.meta.url), 'utf8')) as { version: string };
// The docs of the plugin's released version (its tag), not of main.
const DOCS = `https://github.com/retry-hygiene/retry-hygiene/blob/v${version}/packages/eslint-plugin/docs/rules`;
const URI = 'file:///work/project/src/orders.ts';
const FIXED_MESSAGE =
  'This retry loop waits a fixed 1 s between attempts (no limit on attempts), so clients that failed together retry in lockstep. Back off with jitter, e.g. retry() from @retry-hygiene/retry.';
const UNBOUNDED_MESSAGE =
  'This retry loop never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.';
/** `for (;;)` on line 4 (0-based 3), columns 2 to 10. */
const LOOP_HEAD = { start: { line: 3, character: 2 }, end: { line: 3, character: 10 } };

const clients: TestClient[] = [];
async function start(options: ClientOptions = {}): Promise<TestClient> {
  const client = await TestClient.start({ ...options, initializationOptions: { debounceMs: 20, ...(options.initializationOptions as object) } });
  clients.push(client);
  return client;
}
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

const text = (hover: { contents: unknown } | null) => (hover?.contents as MarkupContent).value;

describe('push diagnostics (a client without textDocument.diagnostic)', () => {
  it('publishes the rules’ findings on open, with range, severity, source, code, docs link and version', async () => {
    const client = await start();
    expect(client.initializeResult.capabilities.diagnosticProvider).toBeUndefined();
    expect(client.initializeResult.serverInfo).toEqual({ name: 'retry-hygiene', version: '0.1.0' });
    await client.open(URI, FIXED_SLEEP_LOOP);
    const published = await client.diagnosticsFor(URI, 1);
    expect(published.diagnostics).toEqual([
      {
        range: LOOP_HEAD,
        severity: DiagnosticSeverity.Error,
        source: 'retry-hygiene',
        code: 'no-fixed-sleep-retry',
        codeDescription: { href: `${DOCS}/no-fixed-sleep-retry.md` },
        message: FIXED_MESSAGE,
        data: { version: 1, index: 0 },
      },
      {
        range: LOOP_HEAD,
        severity: DiagnosticSeverity.Error,
        source: 'retry-hygiene',
        code: 'no-unbounded-retry',
        codeDescription: { href: `${DOCS}/no-unbounded-retry.md` },
        message: UNBOUNDED_MESSAGE,
        data: { version: 1, index: 1 },
      },
    ]);
  });

  it('lints again after a change, debounced: a burst of changes is linted once, at its last version', async () => {
    const client = await start({ initializationOptions: { debounceMs: 150 } });
    await client.open(URI, FIXED_SLEEP_LOOP);
    await client.diagnosticsFor(URI, 1);
    const before = client.published.length;
    // Bound the loop in three keystroke-sized edits: `for (;;)` → `for (let i = 0; i < 3; i++)`.
    const edits: [number, string][] = [[7, 'let i = 0'], [17, ' i < 3'], [24, ' i++']];
    for (const [i, [column, piece]] of edits.entries()) {
      await client.change(URI, i + 2, [{ range: { start: { line: 3, character: column }, end: { line: 3, character: column } }, text: piece }]);
    }
    const published = await client.diagnosticsFor(URI, 4, before);
    expect(published.diagnostics.map((d) => [d.code, d.range, d.message])).toEqual([
      [
        'no-fixed-sleep-retry',
        { start: { line: 3, character: 2 }, end: { line: 3, character: 29 } },
        'This retry loop waits a fixed 1 s between attempts (up to 3 attempts), so clients that failed together retry in lockstep. Back off with jitter, e.g. retry() from @retry-hygiene/retry.',
      ],
    ]);
    expect(client.published.slice(before).map((p) => p.version)).toEqual([4]);
  });

  it('gives the inner retry of a nested one as related information', async () => {
    const client = await start();
    const uri = 'file:///work/project/src/partner.js';
    await client.open(uri, NESTED_LOOP, 'javascript');
    const [diagnostic] = (await client.diagnosticsFor(uri, 1)).diagnostics;
    expect(diagnostic!.code).toBe('no-nested-retry');
    expect(diagnostic!.range).toEqual({ start: { line: 14, character: 2 }, end: { line: 14, character: 47 } });
    expect(diagnostic!.relatedInformation).toEqual([
      {
        location: { uri, range: { start: { line: 3, character: 2 }, end: { line: 3, character: 47 } } },
        message: 'the inner retry: retry loop, up to 3 attempts, waiting 100 ms × 2^n',
      },
    ]);
  });

  it('honours eslint-disable comments for its rules and says nothing about other plugins’ comments', async () => {
    const client = await start();
    const source = FIXED_SLEEP_LOOP.replace('  for (;;) {', '  // eslint-disable-next-line retry-hygiene/no-unbounded-retry, react-hooks/exhaustive-deps\n  for (;;) {') +
      '/* eslint-env node */\n/* eslint import/no-cycle: "error" */\n// eslint-disable-next-line @typescript-eslint/no-explicit-any\nexport const x: any = 1;\n';
    await client.open(URI, source);
    const { diagnostics } = await client.diagnosticsFor(URI, 1);
    expect(diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['no-fixed-sleep-retry', 4]]);
  });

  it('clears the diagnostics of a closed document', async () => {
    const client = await start();
    await client.open(URI, FIXED_SLEEP_LOOP);
    await client.diagnosticsFor(URI, 1);
    const before = client.published.length;
    await client.close(URI);
    expect((await client.diagnosticsFor(URI, undefined, before)).diagnostics).toEqual([]);
  });
});

describe('pull diagnostics (a client with textDocument.diagnostic)', () => {
  it('answers textDocument/diagnostic, reports unchanged results, and pushes nothing', async () => {
    const client = await start({ pull: true });
    expect(client.initializeResult.capabilities.diagnosticProvider).toEqual({ identifier: 'retry-hygiene', interFileDependencies: false, workspaceDiagnostics: false });
    await client.open(URI, FIXED_SLEEP_LOOP);
    const first = await client.pull(URI);
    expect(first.kind).toBe('full');
    if (first.kind !== 'full') return;
    expect(first.items.map((d) => [d.code, d.range, d.message])).toEqual([
      ['no-fixed-sleep-retry', LOOP_HEAD, FIXED_MESSAGE],
      ['no-unbounded-retry', LOOP_HEAD, UNBOUNDED_MESSAGE],
    ]);
    expect(await client.pull(URI, first.resultId)).toEqual({ kind: 'unchanged', resultId: first.resultId });
    // Make the sleep jittered: only the unbounded finding stays.
    await client.change(URI, 2, [{ range: { start: { line: 8, character: 18 }, end: { line: 8, character: 22 } }, text: 'Math.random() * 1000' }]);
    const second = await client.pull(URI, first.resultId);
    expect(second.kind === 'full' && second.items.map((d) => d.code)).toEqual(['no-unbounded-retry']);
    // A configuration change: this client has no refresh support, so it gets no refresh request.
    await client.configurationChanged({ retryHygiene: { debounceMs: 10 } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.published).toEqual([]);
    expect(client.refreshes).toBe(0);
  });

  it('drops a pull that the client cancelled instead of answering it', async () => {
    const client = await start({ pull: true });
    await client.open(URI, FIXED_SLEEP_LOOP);
    const source = new CancellationTokenSource();
    const pending = client.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri: URI } }, source.token);
    source.cancel();
    // Cancelled before it ran (RequestCancelled) or while it waited its turn (ServerCancelled, retrigger).
    const error = await pending.then(() => undefined, (e: { code: number; data?: unknown }) => e);
    expect([LSPErrorCodes.RequestCancelled, LSPErrorCodes.ServerCancelled]).toContain(error?.code);
    if (error?.code === LSPErrorCodes.ServerCancelled) expect(error.data).toEqual({ retriggerRequest: true });
    // The next pull is answered.
    expect((await client.pull(URI)).kind).toBe('full');
  });

  it('answers an unknown document with no diagnostics', async () => {
    const client = await start({ pull: true });
    expect(await client.pull('file:///nowhere.ts')).toEqual({ kind: 'full', items: [] });
  });
});

describe('code actions', () => {
  async function actionsFor(options: ClientOptions = {}) {
    const client = await start(options);
    await client.open(URI, FIXED_SLEEP_LOOP);
    const { diagnostics } = await client.diagnosticsFor(URI, 1);
    return { client, diagnostics, actions: await client.codeActions(URI, diagnostics[0]!.range, diagnostics) };
  }

  it('offers disable for this line and for the file, each with its edit in the action', async () => {
    const { actions, diagnostics } = await actionsFor();
    expect(actions.map((a) => [a.title, a.kind, a.command])).toEqual([
      // The rules' suggestions first (from the same lint result), then the disables.
      ['Add full jitter: wait a random time between 0 and `1000`', 'quickfix', undefined],
      // Both findings offer the same rewrite: listed once, for both.
      ['Rewrite with retry() (stops after 5 attempts)', 'quickfix', undefined],
      ['Disable retry-hygiene/no-fixed-sleep-retry for this line', 'quickfix', undefined],
      ['Disable retry-hygiene/no-fixed-sleep-retry for the entire file', 'quickfix', undefined],
      ['Disable retry-hygiene/no-unbounded-retry for this line', 'quickfix', undefined],
      ['Disable retry-hygiene/no-unbounded-retry for the entire file', 'quickfix', undefined],
    ]);
    expect(actions[1]!.diagnostics).toEqual(diagnostics);
    expect(actions[2]!.diagnostics).toEqual([diagnostics[0]]);
    // No ESLint config loads the plugin here (the file is not on disk): the product's own comments.
    expect(actions[2]!.edit).toEqual({
      changes: { [URI]: [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, newText: '  // retry-hygiene-ignore-next-line no-fixed-sleep-retry\n' }] },
    });
    expect(applyEdit(FIXED_SLEEP_LOOP, URI, actions[3]!.edit).split('\n')[0]).toBe('/* retry-hygiene-ignore-file no-fixed-sleep-retry */');
  });

  it('adds a second rule to an existing disable comment, and applying both leaves no finding', async () => {
    const { client, actions } = await actionsFor();
    const once = applyEdit(FIXED_SLEEP_LOOP, URI, actions.find((a) => a.title.startsWith('Disable retry-hygiene/no-fixed-sleep-retry for this line'))!.edit);
    await client.change(URI, 2, [{ text: once }]);
    const { diagnostics } = await client.diagnosticsFor(URI, 2);
    expect(diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['no-unbounded-retry', 4]]);
    const disableLine = (await client.codeActions(URI, diagnostics[0]!.range, diagnostics)).find((a) => a.title.endsWith('for this line'));
    expect(disableLine!.edit!.changes![URI]).toEqual([{ range: { start: { line: 3, character: 56 }, end: { line: 3, character: 56 } }, newText: ', no-unbounded-retry' }]);
    const twice = applyEdit(once, URI, disableLine!.edit);
    expect(twice.split('\n')[3]).toBe('  // retry-hygiene-ignore-next-line no-fixed-sleep-retry, no-unbounded-retry');
    await client.change(URI, 3, [{ text: twice }]);
    expect((await client.diagnosticsFor(URI, 3)).diagnostics).toEqual([]);
  });

  it('uses versioned documentChanges when the client supports them', async () => {
    const { actions } = await actionsFor({ documentChanges: true });
    expect(actions[2]!.edit).toEqual({
      documentChanges: [
        { textDocument: { uri: URI, version: 1 }, edits: [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, newText: '  // retry-hygiene-ignore-next-line no-fixed-sleep-retry\n' }] },
      ],
    });
  });

  it("offers the rules' suggestions as quick fixes with their edits: the retry() rewrite applied leaves no finding", async () => {
    const { client, actions } = await actionsFor();
    const rewrite = actions.find((a) => a.title === 'Rewrite with retry() (stops after 5 attempts)')!;
    expect(rewrite.isPreferred).toBeUndefined();
    // Three edits, each only what changes: the import on line 0, the sleep helper the loop no
    // longer needs (lines 0–1, with the blank line after it), the loop (lines 3–10) from `for` to its brace.
    const edits = rewrite.edit!.changes![URI]!;
    expect(edits.map((e) => e.range)).toEqual([
      { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      { start: { line: 0, character: 0 }, end: { line: 2, character: 0 } },
      { start: { line: 3, character: 2 }, end: { line: 10, character: 3 } },
    ]);
    expect(edits[0]!.newText).toBe("import { retry } from '@retry-hygiene/retry';\n\n");
    const rewritten = applyEdit(FIXED_SLEEP_LOOP, URI, rewrite.edit);
    // A file with no imports gets the import first, and a blank line after it.
    expect(rewritten).toBe(`import { retry } from '@retry-hygiene/retry';

export async function getOrder(id: string): Promise<Response> {
  return retry(async () => {
    return await fetch(\`https://orders.internal/v2/orders/\${id}\`);
  }, {
    maxAttempts: 5,
    baseMs: 1000,
    factor: 1,
    capMs: 1000,
    shouldRetry: () => true,
    onRetry: ({ error: err }) => {
      console.warn('getOrder failed', err);
    },
    onGiveUp: ({ error: err }) => {
      console.warn('getOrder failed', err);
    },
    rejectWith: 'last-error',
  });
}
`);
    await client.change(URI, 2, [{ text: rewritten }]);
    expect((await client.diagnosticsFor(URI, 2)).diagnostics).toEqual([]);
  });

  it('finds the problems of a range when the client sends no diagnostics, and offers no fix-all when no rule has a fix', async () => {
    const { client } = await actionsFor();
    const actions = await client.codeActions(URI, { start: { line: 3, character: 4 }, end: { line: 3, character: 4 } }, []);
    expect(actions).toHaveLength(6); // full jitter, one rewrite for both findings, four disables
    expect(await client.codeActions(URI, LOOP_HEAD, [], ['source.fixAll.retryHygiene'])).toEqual([]);
    // Nor is one advertised: the four rules have no autofix, every change they offer is a suggestion.
    expect(client.initializeResult.capabilities.codeActionProvider).toEqual({ codeActionKinds: ['quickfix'], resolveProvider: false });
    expect(await client.codeActions(URI, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, [])).toEqual([]);
  });

  it('offers "Show documentation for <rule>" running the command the client names, with the rule id', async () => {
    const { actions, diagnostics } = await actionsFor({ initializationOptions: { docsCommand: 'retryHygiene.openRuleDocs' } });
    const docs = actions.filter((a) => a.title.startsWith('Show documentation'));
    expect(docs).toEqual([
      {
        title: 'Show documentation for retry-hygiene/no-fixed-sleep-retry',
        kind: 'quickfix',
        diagnostics: [diagnostics[0]],
        command: { title: 'Show documentation for retry-hygiene/no-fixed-sleep-retry', command: 'retryHygiene.openRuleDocs', arguments: ['retry-hygiene/no-fixed-sleep-retry'] },
      },
      {
        title: 'Show documentation for retry-hygiene/no-unbounded-retry',
        kind: 'quickfix',
        diagnostics: [diagnostics[1]],
        command: { title: 'Show documentation for retry-hygiene/no-unbounded-retry', command: 'retryHygiene.openRuleDocs', arguments: ['retry-hygiene/no-unbounded-retry'] },
      },
    ]);
  });

  it('opens the doc through window/showDocument for a client that supports it and names no command', async () => {
    const { client, actions } = await actionsFor({ showDocument: true });
    expect(client.initializeResult.capabilities.executeCommandProvider).toEqual({ commands: ['retryHygiene.showDocumentation'] });
    const docs = actions.find((a) => a.title === 'Show documentation for retry-hygiene/no-fixed-sleep-retry')!;
    expect(docs.command).toEqual({ title: docs.title, command: 'retryHygiene.showDocumentation', arguments: [`${DOCS}/no-fixed-sleep-retry.md`] });
    await client.executeCommand(docs.command!.command, docs.command!.arguments!);
    // Anything but an https URL is not opened: a command's arguments are input.
    await client.executeCommand('retryHygiene.showDocumentation', ['file:///etc/passwd']);
    expect(client.documentsShown).toEqual([{ uri: `${DOCS}/no-fixed-sleep-retry.md`, external: true }]);
  });

  it('warns in the log and tells the client when checking a file takes longer than slowFileWarningMs, and when it no longer does', async () => {
    // 1 ms: any lint takes longer (ESLint alone parses for more than that).
    const client = await start({ initializationOptions: { slowFileWarningMs: 1 } });
    await client.open(URI, FIXED_SLEEP_LOOP);
    await client.diagnosticsFor(URI, 1);
    const [slow] = (await client.until(() => (client.slowFiles.length > 0 ? client.slowFiles : undefined))) as { uri: string; version: number; lintMs: number; limitMs: number; slow: boolean }[];
    expect(slow).toEqual({ uri: URI, version: 1, lintMs: expect.any(Number), limitMs: 1, slow: true });
    expect(client.logs.find((l) => l.includes('slowFileWarningMs'))).toBe(`retry-hygiene: checking ${URI} (version 1) took ${slow!.lintMs} ms, more than retryHygiene.slowFileWarningMs (1 ms)`);
    // No limit any more: the next check tells the client the file is not slow.
    await client.configurationChanged({ retryHygiene: { slowFileWarningMs: 0 } });
    const last = await client.until(() => (client.slowFiles.length > 1 ? client.slowFiles.at(-1) : undefined));
    expect(last).toEqual({ uri: URI, version: 1, lintMs: expect.any(Number), limitMs: 0, slow: false });
  });

  it('reports a wrong ignore comment at the comment, with no disable or documentation action for it', async () => {
    const client = await start({ initializationOptions: { docsCommand: 'retryHygiene.openRuleDocs' } });
    await client.open(URI, FIXED_SLEEP_LOOP.replace('  for (;;) {', '  // retry-hygiene-ignore-next-line no-fixed-sleep\n  for (;;) {'));
    const { diagnostics } = await client.diagnosticsFor(URI, 1);
    expect(diagnostics.map((d) => [d.code, d.range, d.message])).toEqual([
      [
        'no-fixed-sleep-retry',
        { start: { line: 3, character: 2 }, end: { line: 3, character: 50 } },
        "retry-hygiene-ignore-next-line: 'no-fixed-sleep' is not a rule of retry-hygiene (no-fixed-sleep-retry, require-jitter, no-unbounded-retry, no-nested-retry); this comment ignores nothing.",
      ],
      ['no-fixed-sleep-retry', { start: { line: 4, character: 2 }, end: { line: 4, character: 10 } }, FIXED_MESSAGE],
      ['no-unbounded-retry', { start: { line: 4, character: 2 }, end: { line: 4, character: 10 } }, UNBOUNDED_MESSAGE],
    ]);
    expect(await client.codeActions(URI, diagnostics[0]!.range, [diagnostics[0]!])).toEqual([]);
  });

  describe('the disable comment follows what the project’s ESLint config loads', () => {
    const made: string[] = [];
    afterEach(() => made.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
    /** A project on disk (package.json, eslint.config.js, src/orders.ts) and the disable actions on its loop. */
    async function disablesIn(config: string) {
      const dir = mkdtempSync(join(tmpdir(), 'rh-ls-disable-'));
      made.push(dir);
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
      writeFileSync(join(dir, 'eslint.config.js'), config);
      mkdirSync(join(dir, 'src'));
      writeFileSync(join(dir, 'src', 'orders.ts'), FIXED_SLEEP_LOOP);
      const uri = pathToFileURL(join(dir, 'src', 'orders.ts')).href;
      const client = await start();
      await client.open(uri, FIXED_SLEEP_LOOP);
      const { diagnostics } = await client.diagnosticsFor(uri, 1);
      const actions = await client.codeActions(uri, diagnostics[0]!.range, diagnostics);
      return actions.filter((a) => a.title.startsWith('Disable retry-hygiene/no-fixed-sleep-retry')).map((a) => a.edit!.changes![uri]!.map((e) => e.newText));
    }

    it("writes ESLint's directives where the config loads the plugin", async () => {
      const edits = await disablesIn("import retryHygiene from 'eslint-plugin-retry-hygiene';\n\nexport default [...retryHygiene.configs.recommended];\n");
      expect(edits).toEqual([['  // eslint-disable-next-line retry-hygiene/no-fixed-sleep-retry\n'], ['/* eslint-disable retry-hygiene/no-fixed-sleep-retry */\n']]);
    });

    it("writes the product's own where it does not (ESLint would fail on a rule it does not know)", async () => {
      const edits = await disablesIn("import js from '@eslint/js';\n\nexport default [js.configs.recommended];\n");
      expect(edits).toEqual([['  // retry-hygiene-ignore-next-line no-fixed-sleep-retry\n'], ['/* retry-hygiene-ignore-file no-fixed-sleep-retry */\n']]);
    });
  });
});

describe('hover', () => {
  it('describes the retry under the cursor with its herd beside the same budget with full jitter and its quick fix, the numbers, the outcome in words and the docs', async () => {
    const client = await start();
    await client.open(URI, FIXED_SLEEP_LOOP);
    const hover = await client.hover(URI, 3, 4);
    expect(hover!.range).toEqual(LOOP_HEAD);
    expect((hover!.contents as MarkupContent).kind).toBe(MarkupKind.Markdown);
    const value = text(hover);
    const lines = value.split('\n');
    expect(lines[0]).toBe('**Retry loop**: waits a fixed 1 s between attempts, no jitter, no limit on attempts.');
    // No limit: the longest automatic outage, 10 s.
    const scenario = { clients: 1000, capacity: 200, outageMs: 10_000 };
    const site = simulate({ maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' }, scenario);
    const jittered = simulate({ maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' }, scenario);
    // The quick fix check shows too: the rewrite, bounded at 5 attempts.
    const fix = simulate({ maxAttempts: 5, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' }, scenario);
    const row = (name: string) => lines.find((l) => l.startsWith(name))!.split(/ {2,}/);
    expect(lines.find((l) => l.includes('calls/client'))!.trim().split(/ {2,}/)).toEqual(['herd', 'calls/client', 'peak on recovery', 'served', 'drained']);
    expect(row('this retry')[1]).toMatch(/^[ ▁▂▃▄▅▆▇█]+$/);
    expect(row('this retry').slice(2)).toEqual(['13.0', '5.0×', '1 000/1 000', '14 s']);
    expect(row('same budget, full jitter').slice(2)).toEqual(comparisonCells(jittered));
    expect(row('quick fix').slice(2)).toEqual(comparisonCells(fix));
    expect(comparisonCells(site)).toEqual(['13.0', '5.0×', '1 000/1 000', '14 s']);
    expect(value).toContain('1 000 clients fail at once; the server takes 200 requests/s and is down for the first 10 s (half the time this retry keeps trying, at most 10 s).');
    expect(value).toContain(`This retry: every client served. Its quick fix (Rewrite with retry() (stops after 5 attempts)): ${outcomeWords(fix)}.`);
    expect(value).toContain(`✖ [retry-hygiene/no-fixed-sleep-retry](${DOCS}/no-fixed-sleep-retry.md)`);
    expect(value).toContain(`✖ [retry-hygiene/no-unbounded-retry](${DOCS}/no-unbounded-retry.md)`);
    // Only clients that say they render images get one.
    expect(value).not.toContain('data:image');
    expect(value).not.toContain('command:');
  });

  it('hovers good retries too, and nothing elsewhere', async () => {
    const client = await start();
    const uri = 'file:///work/project/src/profile.js';
    await client.open(uri, JITTERED_LOOP, 'javascript');
    const value = text(await client.hover(uri, 4, 3));
    expect(value.split('\n')[0]).toBe('**Retry loop**: waits 100 ms × 2^n between attempts, capped at 10 s, full jitter, up to 4 attempts.');
    // No tick: the words above say how it fares.
    expect(value).toContain(`No retry-hygiene finding here · [rules](${DOCS})`);
    expect(value).not.toContain('✔');
    expect(await client.hover(uri, 0, 3)).toBeNull();
    expect(await client.hover(uri, 6, 14)).toBeNull(); // inside the body, not on the head
  });

  it('is plain text for a client that renders no markdown', async () => {
    const client = await start({ markdown: false });
    await client.open(URI, NO_JITTER_LOOP, 'javascript');
    const hover = await client.hover(URI, 4, 2);
    expect((hover!.contents as MarkupContent).kind).toBe(MarkupKind.PlainText);
    const value = text(hover);
    expect(value.split('\n')[0]).toBe('Retry loop: waits 100 ms × 2^n between attempts, capped at 10 s, no jitter, up to 5 attempts.');
    expect(value).not.toMatch(/```|\*\*|\]\(/);
    expect(value).toContain(`✖ retry-hygiene/require-jitter: ${DOCS}/require-jitter.md`);
  });

  it('puts the compact SVG chart first for a client that opts in, names its curves, and links the full chart on a line of its own', async () => {
    const client = await start({ initializationOptions: { hoverImages: true, chartCommand: 'retryHygiene.openChart' } });
    await client.open(URI, FIXED_SLEEP_LOOP);
    const value = text(await client.hover(URI, 3, 2));
    const lines = value.split('\n');
    const image = /^!\[herd of this retry \(orange\), same budget, full jitter \(blue\), quick fix \(green\)\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\|width=320,height=120\)$/.exec(lines[0]!);
    expect(image).not.toBeNull();
    const svg = parseXml(Buffer.from(image![1]!, 'base64').toString('utf8'));
    expect(svg.attributes).toMatchObject({ width: '320', height: '120' });
    expect(findAll(svg, (e) => e.name === 'path').map((p) => p.attributes.stroke)).toEqual(['#e8590c', '#1c7ed6', '#2f9e44']);
    expect(lines.slice(1, 6)).toEqual(['', 'orange: this retry · blue: same budget, full jitter · green: quick fix', '', expect.stringMatching(/^\[Open the full herd chart\]\(command:retryHygiene\.openChart\?[^)]+\)$/), '']);
    expect(lines[6]).toBe('**Retry loop**: waits a fixed 1 s between attempts, no jitter, no limit on attempts.');
    // With the chart, the table has no sparklines.
    expect(value).not.toMatch(/[▁▂▃▄▅▆▇█]/);
    const link = /\[Open the full herd chart\]\(command:retryHygiene\.openChart\?([^)]+)\)/.exec(value);
    expect(JSON.parse(decodeURIComponent(link![1]!))).toEqual([
      {
        uri: URI,
        line: 3,
        character: 2,
        policy: { maxAttempts: 'unbounded', delay: { kind: 'constant', baseMs: 1000 }, jitter: 'none' },
        scenario: { clients: 1000, capacity: 200, outageMs: 10000 },
        fix: { title: 'Rewrite with retry() (stops after 5 attempts)', policy: { maxAttempts: 5, delay: { kind: 'constant', baseMs: 1000 }, jitter: 'full' } },
        name: 'getOrder',
      },
    ]);
  });
});

describe('settings', () => {
  it('reads section retryHygiene of workspace/configuration, and again on a change; pull clients get a refresh', async () => {
    let settings: unknown = { rules: { 'no-unbounded-retry': 'off', 'no-fixed-sleep-retry': 'warning' } };
    const client = await start({ pull: true, refresh: true, configuration: () => settings });
    await client.until(() => (client.configurationRequests > 0 && client.refreshes > 0 ? true : undefined));
    expect([...client.registrations].sort()).toEqual(['workspace/didChangeConfiguration', 'workspace/didChangeWatchedFiles']);
    await client.open(URI, FIXED_SLEEP_LOOP);
    const first = await client.pull(URI);
    expect(first.kind === 'full' && first.items.map((d) => [d.code, d.severity])).toEqual([['no-fixed-sleep-retry', DiagnosticSeverity.Warning]]);
    settings = { enable: false };
    const refreshes = client.refreshes;
    await client.configurationChanged();
    await client.until(() => (client.refreshes > refreshes ? true : undefined));
    const second = await client.pull(URI, first.resultId);
    expect(second).toMatchObject({ kind: 'full', items: [] });
  });

  it('takes settings from initializationOptions and from didChangeConfiguration without workspace/configuration, and republishes', async () => {
    // Nested under retryHygiene, as Helix and Zed send their `config`/`initialization_options`.
    const client = await start({ initializationOptions: { retryHygiene: { rules: { 'no-unbounded-retry': { severity: 'hint' } }, scenario: { clients: 100 } } } });
    await client.open(URI, FIXED_SLEEP_LOOP);
    expect((await client.diagnosticsFor(URI, 1)).diagnostics.map((d) => d.severity)).toEqual([DiagnosticSeverity.Error, DiagnosticSeverity.Hint]);
    expect(text(await client.hover(URI, 3, 2))).toContain('100 clients fail at once');
    const before = client.published.length;
    await client.configurationChanged({ retryHygiene: { rules: { 'no-fixed-sleep-retry': 'off' }, scenario: { outageMs: 30_000 } } });
    const { diagnostics } = await client.diagnosticsFor(URI, 1, before);
    expect(diagnostics.map((d: Diagnostic) => [d.code, d.severity])).toEqual([['no-unbounded-retry', DiagnosticSeverity.Hint]]);
    expect(text(await client.hover(URI, 3, 2))).toContain('100 clients fail at once; the server takes 200 requests/s and is down for the first 30 s.');
  });

  it('names each setting it cannot use, and keeps working with the rest', async () => {
    const client = await start({
      initializationOptions: {
        rules: { 'no-unbounded-retry': { severity: 'error', options: { maxAttempts: 'five' } }, 'no-such-rule': 'error', 'require-jitter': 'loud' },
        scenario: { clients: -1 },
        colour: 'blue',
      },
    });
    const shown = await client.until(() => client.shown[0]);
    expect(shown.type).toBe(2); // warning
    expect(shown.message.split('; ')).toEqual([
      'retry-hygiene settings: retryHygiene.rules.no-such-rule is not a rule (known: no-fixed-sleep-retry, require-jitter, no-unbounded-retry, no-nested-retry)',
      "retryHygiene.rules.require-jitter must be one of error, warning, information, hint, off, got 'loud'",
      'retryHygiene.scenario.clients must be an integer from 1 to 100000, got -1 (clamped to 1)',
      'retryHygiene.colour is not a setting (known: enable, rules, scenario, helpers, debounceMs, slowFileWarningMs)',
      'retryHygiene.rules.no-unbounded-retry.options.maxAttempts: Value "five" should be integer. (the rule runs with its default options)',
    ]);
    await client.open(URI, FIXED_SLEEP_LOOP);
    expect((await client.diagnosticsFor(URI, 1)).diagnostics.map((d) => d.code)).toEqual(['no-fixed-sleep-retry', 'no-unbounded-retry']);
  });
});

describe('robustness', () => {
  it('shuts down and exits with 0', async () => {
    const client = await TestClient.start();
    expect(await client.stop()).toBe(0);
  });

  it('survives malformed messages and requests and keeps answering', async () => {
    const client = await start();
    const stdin = client.child!.stdin!;
    // Not JSON, then JSON that is no message, then a request with no method.
    for (const body of ['{ this is not json', '[1,2,3]', '{"jsonrpc":"2.0","id":99}']) {
      stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    }
    await expect(client.connection.sendRequest('no/suchMethod', {})).rejects.toMatchObject({ code: ErrorCodes.MethodNotFound });
    expect(await client.connection.sendRequest('textDocument/hover', { textDocument: {}, position: 'nowhere' })).toBeNull();
    expect(await client.connection.sendRequest('textDocument/codeAction', { textDocument: { uri: URI } })).toEqual([]);
    await client.change('file:///never-opened.ts', 3, [{ text: 'x' }]);
    await client.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: 'file:///broken.ts' } });
    await client.open(URI, FIXED_SLEEP_LOOP);
    expect((await client.diagnosticsFor(URI, 1)).diagnostics).toHaveLength(2);
    expect(client.child!.exitCode).toBeNull();
  });

  it('reports a syntax error as one diagnostic, and lints pathological and non-JS documents without dying', async () => {
    const client = await start();
    await client.open('file:///a.ts', 'export const x = ;\nfor (;;) { try { f() } catch {} }\n');
    expect((await client.diagnosticsFor('file:///a.ts', 1)).diagnostics).toEqual([
      { range: { start: { line: 0, character: 16 }, end: { line: 0, character: 16 } }, severity: DiagnosticSeverity.Error, source: 'retry-hygiene', message: 'Parsing error: Expression expected.', data: { problem: 'parse-error' } },
    ]);
    await client.open('file:///deep.js', '('.repeat(100_000), 'javascript');
    expect((await client.diagnosticsFor('file:///deep.js', 1)).diagnostics.length).toBeLessThanOrEqual(1);
    await client.open('file:///binary.js', '\u0000\u0001\uFFFE}}}{{{', 'javascript');
    expect((await client.diagnosticsFor('file:///binary.js', 1)).diagnostics).toHaveLength(1);
    await client.open('file:///notes.md', FIXED_SLEEP_LOOP, 'markdown');
    expect((await client.diagnosticsFor('file:///notes.md', 1)).diagnostics).toEqual([]);
    expect(await client.hover('file:///notes.md', 3, 4)).toBeNull();
    // An untitled TypeScript buffer is linted by its languageId.
    await client.open('untitled:Untitled-1', FIXED_SLEEP_LOOP, 'typescript');
    expect((await client.diagnosticsFor('untitled:Untitled-1', 1)).diagnostics).toHaveLength(2);
  });

  it('publishes a syntax error as a hint, or not at all, to a client whose own JS/TS service reports it (initializationOptions.syntaxErrors)', async () => {
    const broken = 'export const x = ;\n';
    const hinting = await start({ initializationOptions: { syntaxErrors: 'hint' } });
    await hinting.open('file:///a.ts', broken);
    expect((await hinting.diagnosticsFor('file:///a.ts', 1)).diagnostics).toEqual([
      { range: { start: { line: 0, character: 16 }, end: { line: 0, character: 16 } }, severity: DiagnosticSeverity.Hint, source: 'retry-hygiene', message: 'Parsing error: Expression expected.', data: { problem: 'parse-error' } },
    ]);
    // A client capability, not a setting: nothing to warn about.
    expect(hinting.shown).toEqual([]);
    const silent = await start({ initializationOptions: { syntaxErrors: 'off' } });
    await silent.open('file:///a.ts', broken);
    expect((await silent.diagnosticsFor('file:///a.ts', 1)).diagnostics).toEqual([]);
    // The findings of the file once it parses again come back as usual.
    await silent.change('file:///a.ts', 2, [{ text: FIXED_SLEEP_LOOP }]);
    expect((await silent.diagnosticsFor('file:///a.ts', 2)).diagnostics.map((d) => d.code)).toEqual(['no-fixed-sleep-retry', 'no-unbounded-retry']);
    const wrong = await start({ initializationOptions: { syntaxErrors: 'quiet', docsCommand: 42 } });
    expect((await wrong.until(() => wrong.shown[0])).message.split('; ')).toEqual([
      'retry-hygiene settings: retryHygiene.docsCommand must be a command name, got 42 (no documentation action from it)',
      'retryHygiene.syntaxErrors must be one of error, hint, off, got "quiet" (syntax errors are errors)',
    ]);
  });

  it('skips a 5 MB file with one informational diagnostic, and keeps serving the others', async () => {
    const client = await start();
    const big = `${FIXED_SLEEP_LOOP}\n${'// padding padding padding padding padding padding padding padding padding\n'.repeat(70_000)}`;
    expect(big.length).toBeGreaterThan(5_000_000);
    await client.open('file:///big.ts', big);
    await client.open(URI, FIXED_SLEEP_LOOP);
    expect((await client.diagnosticsFor('file:///big.ts', 1)).diagnostics).toEqual([
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Information, source: 'retry-hygiene', message: 'retry-hygiene skipped this file: 5.0 MB is more than the 2 MB it lints.', data: { problem: 'too-large' } },
    ]);
    expect(await client.hover('file:///big.ts', 3, 4)).toBeNull();
    expect(await client.codeActions('file:///big.ts', LOOP_HEAD, [])).toEqual([]);
    expect((await client.diagnosticsFor(URI, 1)).diagnostics).toHaveLength(2);
  });
});
