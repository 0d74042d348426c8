import { describe, expect, it } from 'vitest';
import { FileChecks, statusOf, type DiagnosticLike } from '../src/status/file-checks.js';

const finding = (severity: number): DiagnosticLike => ({ severity, message: 'This retry loop never gives up' });
const URI = 'file:///w/orders.ts';

describe('statusOf', () => {
  it('says "checking…" until the first result of a document', () => {
    expect(statusOf(undefined)).toEqual({ text: '$(sync~spin) retry-hygiene: checking…', tooltip: 'retry-hygiene is checking this file for the first time.' });
    expect(statusOf({ state: 'checking' }).text).toBe('$(sync~spin) retry-hygiene: checking…');
  });

  it('counts the findings the server published, by severity', () => {
    expect(statusOf({ state: 'checked', diagnostics: [finding(0), finding(1), finding(0)] })).toEqual({
      count: 3,
      text: '$(pulse) 3 retry findings',
      tooltip: 'retry-hygiene: 2 errors, 1 warning in this file. Click to open the Problems panel.',
    });
    expect(statusOf({ state: 'checked', diagnostics: [finding(3)] }).text).toBe('$(pulse) 1 retry finding');
    expect(statusOf({ state: 'checked', diagnostics: [] })).toEqual({ count: 0, text: '$(pulse) 0 retry findings', tooltip: 'retry-hygiene: no retry problem in this file' });
  });

  it('says why a file has no findings when the server could not check it, with no count', () => {
    const syntax = { severity: 3, message: 'Parsing error: Expression expected.', range: { start: { line: 4 } }, data: { problem: 'parse-error' } };
    expect(statusOf({ state: 'checked', diagnostics: [syntax] })).toEqual({
      text: '$(error) retry-hygiene: syntax error',
      tooltip: 'retry-hygiene cannot check this file until it parses: Parsing error: Expression expected. (line 5).',
    });
    expect(statusOf({ state: 'checked', diagnostics: [{ severity: 2, message: 'retry-hygiene skipped this file: 5.0 MB is more than the 2 MB it lints.', data: { problem: 'too-large' } }] }).text).toBe('$(circle-slash) retry-hygiene: skipped');
    // A .vue file in Restricted Mode: skipped, with the reason in the tooltip, never "0 retry findings".
    const vue = "retry-hygiene skipped this .vue file: its vue-eslint-parser is loaded only where the client allows the project's code to run (in VS Code, a trusted workspace) to check its <script> blocks.";
    expect(statusOf({ state: 'checked', diagnostics: [{ severity: 2, message: vue, data: { problem: 'skipped' } }] })).toMatchObject({ text: '$(circle-slash) retry-hygiene: skipped', tooltip: vue });
    expect(statusOf({ state: 'checked', diagnostics: [{ severity: 1, message: 'retry-hygiene could not lint this file: boom', data: { problem: 'failed' } }] })).toEqual({
      text: '$(warning) retry-hygiene: check failed',
      tooltip: 'retry-hygiene could not lint this file: boom',
    });
    expect(statusOf({ state: 'unavailable', reason: 'the language server did not start.' })).toEqual({ text: '$(warning) retry-hygiene: not checked', tooltip: 'retry-hygiene could not check this file: the language server did not start.' });
  });
});

describe('statusOf, with what else the extension knows', () => {
  it('says the extension is off rather than "0 findings" when retryHygiene.enable is false', () => {
    expect(statusOf({ state: 'disabled' })).toEqual({ text: '$(circle-slash) retry-hygiene: off', tooltip: 'retryHygiene.enable is false: no file is checked.' });
  });

  it('says a file is excluded, naming the glob', () => {
    expect(statusOf({ state: 'excluded', glob: '**/generated/**' })).toEqual({
      text: '$(circle-slash) retry-hygiene: excluded',
      tooltip: 'retryHygiene.exclude names this file (**/generated/**): it is not checked.',
    });
  });

  it('adds the server’s slow-file warning to a checked file, and to nothing else', () => {
    const slow = { lintMs: 3240, limitMs: 2000 };
    expect(statusOf({ state: 'checked', diagnostics: [finding(0)] }, slow)).toEqual({
      count: 1,
      text: '$(watch) 1 retry finding',
      tooltip: 'retry-hygiene: 1 error in this file. Click to open the Problems panel.\nChecking this file took 3.2 s, more than retryHygiene.slowFileWarningMs (2.0 s).',
    });
    expect(statusOf({ state: 'checking' }, slow).text).toBe('$(sync~spin) retry-hygiene: checking…');
  });
});

describe('FileChecks', () => {
  it('keeps the slow-file warning until the server says the file is no longer slow or it is closed', () => {
    const checks = new FileChecks();
    let changes = 0;
    checks.onChange(() => changes++);
    checks.slow(URI, { lintMs: 2500, limitMs: 2000 });
    checks.published(URI, []);
    expect(checks.slownessOf(URI)).toEqual({ lintMs: 2500, limitMs: 2000 });
    checks.slow(URI, undefined);
    expect(checks.slownessOf(URI)).toBeUndefined();
    // Not slow and never was: nothing changes.
    checks.slow('file:///w/b.ts', undefined);
    expect(changes).toBe(3);
  });

  it('goes checking → the result, and a later check keeps the last result until its own arrives', () => {
    const checks = new FileChecks();
    const seen: string[] = [];
    checks.onChange((uri) => seen.push(`${uri} ${statusOf(checks.get(uri)).text}`));
    checks.asked(URI);
    checks.published(URI, [finding(0), finding(0)]);
    checks.asked(URI);
    expect(statusOf(checks.get(URI)).text).toBe('$(pulse) 2 retry findings');
    checks.published(URI, [{ severity: 3, message: 'Parsing error: x', data: { problem: 'parse-error' } }]);
    expect(seen).toEqual([
      `${URI} $(sync~spin) retry-hygiene: checking…`,
      `${URI} $(pulse) 2 retry findings`,
      `${URI} $(error) retry-hygiene: syntax error`,
    ]);
  });

  it('forgets a closed document, and a reset puts every document back to checking or to the reason', () => {
    const checks = new FileChecks();
    checks.published(URI, [finding(0)]);
    checks.published('file:///w/b.ts', []);
    checks.forget(URI);
    expect(checks.get(URI)).toBeUndefined();
    checks.reset('the language server did not start.');
    expect(checks.get('file:///w/b.ts')).toEqual({ state: 'unavailable', reason: 'the language server did not start.' });
    checks.reset();
    expect(checks.get('file:///w/b.ts')).toBeUndefined();
  });
});
