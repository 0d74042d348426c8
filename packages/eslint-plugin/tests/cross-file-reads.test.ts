import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import { forgetProjectFiles } from '@retry-hygiene/analysis';
import plugin from '../src/index.js';

/**
 * Reads of other modules of the project.
 *
 * A default signal another module exports (tests/cross-file/never-aborted): `new
 * AbortController().signal` there, whose controller nobody keeps, is never aborted (analysis:
 * never-aborted.ts, cross-file.ts importedConstant).
 *
 * An instance held in a variable that is also set to null (tests/cross-file/null-instance): a
 * method called on it runs on what the other writes construct (analysis: instances.ts).
 *
 * What a module reaches through its imports must not depend on which file was linted first.
 * Modules are analysed two imports deep; one read at the limit follows none of its own imports.
 * Linting tests/cross-file/import-depth/app.mjs first reads lib/store.mjs at that limit, where
 * its retry (through lib/retry.mjs) is not seen; lib/sync.mjs, linted next, reads lib/store.mjs
 * one import away and must see it retry (analysis: cross-file.ts, loadSummary).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), 'cross-file');

function lint(relative: string): string[] {
  const file = join(root, relative);
  const linter = new Linter({ configType: 'flat', cwd: root });
  const messages = linter.verify(
    readFileSync(file, 'utf8'),
    [
      {
        files: ['**/*.mjs', '**/*.mts', '**/*.js'],
        languageOptions: { parser: tsParser as Linter.Parser },
        plugins: { 'retry-hygiene': plugin as never },
        rules: { 'retry-hygiene/no-nested-retry': 'error', 'retry-hygiene/no-unbounded-retry': 'error' },
      },
    ],
    file,
  );
  expect(messages.filter((m) => !m.ruleId)).toEqual([]);
  return messages.map((m) => `${m.line}:${m.column} ${(m.ruleId ?? '').replace('retry-hygiene/', '')}: ${m.message}`);
}

describe('imports read as deep as the linted file allows, whatever was linted before', () => {
  it('a module read at the depth limit first is read again, deeper, for a file that imports it directly', () => {
    const nested = "4:3 no-nested-retry: This retry loop retries code that retries again (`readRecord()` from './store.mjs', line 6): up to 3 × 4 = 12 calls per request. Retry at one layer only.";
    lint('import-depth/app.mjs');
    expect(lint('import-depth/lib/sync.mjs')).toEqual([nested]);
    // And the same again, from the summary kept.
    expect(lint('import-depth/lib/sync.mjs')).toEqual([nested]);
  });
});

describe('a call followed through modules that never wait, four imports deep', () => {
  // tests/cross-file/layers: billing.mts → api/invoices → api/client → lib/transport (three
  // imports), → api/gateway first (four), edge-billing.mts → api/edge first (five).
  it('reaches a retry three and four imports away, and not five', () => {
    forgetProjectFiles();
    expect(lint('layers/edge-billing.mts')).toEqual([]);
    expect(lint('layers/billing.mts')).toEqual([
      "9:3 no-nested-retry: This retry loop retries code that retries again (`issueInvoice()` from './api/invoices.mjs', line 11): up to 3 × 4 = 12 calls per request. Retry at one layer only.",
      "21:3 no-nested-retry: This retry loop retries code that retries again (`forwardInvoice()` from './api/gateway.mjs', line 23): up to 2 × 4 = 8 calls per request. Retry at one layer only.",
    ]);
  });

  it('reaches no further for a file linted after one nearer to the retry', () => {
    forgetProjectFiles();
    // billing.mts reads api/invoices.mts one import away; edge-billing.mts reaches it three away.
    expect(lint('layers/billing.mts')).toHaveLength(2);
    expect(lint('layers/edge-billing.mts')).toEqual([]);
  });
});

describe('a variable set to null or undefined besides the instance it is given', () => {
  it('its method calls are the class’s: a retry loop around them retries a retry', () => {
    const nested = (line: number, reached: number) =>
      `${line}:3 no-nested-retry: This retry loop retries code that retries again (\`Pool.acquire()\` from './lib/pool.mjs', line ${reached}): up to 3 × 5 = 15 calls per request. Retry at one layer only.`;
    expect(lint('null-instance/worker.mjs')).toEqual([nested(8, 11), nested(20, 23)]);
  });

  it('a variable that may also hold what a caller hands in or a factory makes is not followed', () => {
    expect(lint('null-instance/other.mjs')).toEqual([]);
  });
});

describe('a default signal imported from another module', () => {
  const unbounded = (line: number, column: number) => `${line}:${column} no-unbounded-retry: This retry loop never gives up: no attempt limit, deadline or abort signal. Limit the attempts or the total time.`;

  it('one made of a dropped controller never aborts; one whose controller the module keeps may', () => {
    expect(lint('never-aborted/policy.mjs')).toEqual([unbounded(10, 5)]);
  });

  it('CommonJS: an exports.X constant required by name', () => {
    expect(lint('never-aborted/poll.js')).toEqual([unbounded(5, 3)]);
  });
});
