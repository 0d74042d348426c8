/**
 * Fixes and suggestions reach the editor with no work in the server: a test-only plugin
 * (given to startServer through its internal `extraConfig` option, in process, over
 * in-memory streams) reports on each retry site with a fix and a suggestion, read from the
 * same analysis objects as the real rules.
 */
import { analyzeRetrySites, type SourceCodeLike } from '@retry-hygiene/analysis';
import type { Linter, Rule } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient, applyEdit } from './client.js';
import { FIXED_SLEEP_LOOP, NO_JITTER_LOOP } from './samples.js';

const URI = 'file:///work/project/src/orders.ts';
const TWO_LOOPS = NO_JITTER_LOOP + NO_JITTER_LOOP.replace(/^const sleep.*\n/, '').replace('function deliver', 'function deliverAgain');

/** Fix: parenthesise the delay (keeps behaviour). Suggestion: full jitter on it (changes behaviour). */
const delayRule: Rule.RuleModule = {
  meta: { type: 'suggestion', fixable: 'code', hasSuggestions: true, docs: { url: 'https://example.test/delay' }, schema: [] },
  create(context) {
    return {
      'Program:exit'() {
        for (const site of analyzeRetrySites(context.sourceCode as unknown as SourceCodeLike)) {
          const delay = site.delayExpression;
          if (!delay || site.policy.jitter !== 'none') continue;
          const text = context.sourceCode.getText(delay as never);
          context.report({
            loc: site.loc,
            message: `The delay is ${text}.`,
            fix: (fixer) => fixer.replaceTextRange(delay.range, `(${text})`),
            suggest: [{ desc: 'Add full jitter to the delay', fix: (fixer) => fixer.replaceTextRange(delay.range, `Math.random() * (${text})`) }],
          });
        }
      },
    };
  },
};

const extraConfig: Linter.Config[] = [{ plugins: { test: { rules: { delay: delayRule } } }, rules: { 'test/delay': 'warn' } }];

const clients: TestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

async function open(text: string) {
  const client = await TestClient.start({ inProcess: { extraConfig }, initializationOptions: { debounceMs: 0 } });
  clients.push(client);
  await client.open(URI, text);
  const { diagnostics } = await client.diagnosticsFor(URI, 1);
  return { client, diagnostics };
}

describe('fixes and suggestions of the rules', () => {
  it('turn into quick fixes carrying minimal edits, next to the disable actions', async () => {
    const { client, diagnostics } = await open(FIXED_SLEEP_LOOP);
    expect(diagnostics.map((d) => [d.code, d.message, d.severity, d.codeDescription?.href])).toEqual([
      ['no-fixed-sleep-retry', expect.stringMatching(/^This retry loop waits a fixed 1 s/), 1, expect.stringContaining('no-fixed-sleep-retry.md')],
      ['no-unbounded-retry', expect.stringMatching(/^This retry loop never gives up/), 1, expect.stringContaining('no-unbounded-retry.md')],
      ['test/delay', 'The delay is 1000.', 2, 'https://example.test/delay'],
    ]);
    const delay = diagnostics[2]!;
    const actions = await client.codeActions(URI, delay.range, [delay]);
    expect(actions.map((a) => [a.title, a.kind, a.isPreferred])).toEqual([
      ['Fix this test/delay problem', 'quickfix', true],
      ['Add full jitter to the delay', 'quickfix', undefined],
      ['Disable test/delay for this line', 'quickfix', undefined],
      ['Disable test/delay for the entire file', 'quickfix', undefined],
      // With no `only`, the client gets the source action too (VS Code lists it under Source Action…).
      ['Fix all safe retry-hygiene problems', 'source.fixAll.retryHygiene', undefined],
    ]);
    for (const action of actions.slice(0, 4)) expect(action.diagnostics).toEqual([delay]);
    // `1000` → `(1000)`: a replacement that wraps the old text is sent as two insertions.
    const at = (character: number) => ({ start: { line: 8, character }, end: { line: 8, character } });
    expect(actions[0]!.edit!.changes![URI]).toEqual([{ range: at(18), newText: '(' }, { range: at(22), newText: ')' }]);
    expect(applyEdit(FIXED_SLEEP_LOOP, URI, actions[0]!.edit).split('\n')[8]).toBe('      await sleep((1000));');
    expect(actions[1]!.edit!.changes![URI]).toEqual([{ range: at(18), newText: 'Math.random() * (' }, { range: at(22), newText: ')' }]);
    const jittered = applyEdit(FIXED_SLEEP_LOOP, URI, actions[1]!.edit);
    expect(jittered.split('\n')[8]).toBe('      await sleep(Math.random() * (1000));');
    // Applied, the suggestion removes the fixed-sleep finding (and its own).
    await client.change(URI, 2, [{ text: jittered }]);
    expect((await client.diagnosticsFor(URI, 2)).diagnostics.map((d) => d.code)).toEqual(['no-unbounded-retry']);
  });

  it('source.fixAll.retryHygiene carries the fixes only, never the suggestions', async () => {
    const { client } = await open(TWO_LOOPS);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    for (const only of [['source.fixAll.retryHygiene'], ['source.fixAll'], ['source']]) {
      const actions = await client.codeActions(URI, range, [], only);
      expect(actions.map((a) => [a.title, a.kind])).toEqual([['Fix all safe retry-hygiene problems', 'source.fixAll.retryHygiene']]);
      const edits = actions[0]!.edit!.changes![URI]!;
      expect(edits.map((e) => e.newText)).toEqual(['(', ')', '(', ')']);
      expect(edits.every((e) => !e.newText.includes('random'))).toBe(true);
    }
    const all = await client.codeActions(URI, range, [], ['source.fixAll.retryHygiene']);
    const fixed = applyEdit(TWO_LOOPS, URI, all[0]!.edit);
    expect(fixed.match(/await sleep\(\(Math\.min\(10_000, 100 \* 2 \*\* attempt\)\)\);/g)).toHaveLength(2);
    // Quick-fix requests do not get the source action.
    expect((await client.codeActions(URI, range, [], ['quickfix'])).map((a) => a.kind)).toEqual([]);
  });
});
