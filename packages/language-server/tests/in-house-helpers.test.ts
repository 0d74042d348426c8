/** The language server's retryHygiene.helpers: a project's own retry package, read as a flat config declares it. */
import { describe, expect, it } from 'vitest';
import { LintEngine } from '../src/engine.js';
import { resolveSettings } from '../src/settings.js';

const CODE = "import { withRetry } from '@acme/retry';\nexport const sync = () => withRetry(() => fetch('/orders'), { attempts: 4, wait: 2000 });\n";
const HELPER = { module: '@acme/retry', export: 'withRetry', attempts: 'attempts', delay: 'wait', jitter: 'jitter' };

describe('retryHygiene.helpers', () => {
  it("reads the declared helper's calls: a fixed 2 s, 4 attempts", () => {
    const { settings, problems } = resolveSettings({ helpers: [HELPER] });
    expect(problems).toEqual([]);
    const engine = new LintEngine();
    expect(engine.configure(settings)).toEqual([]);
    const analysis = engine.lint('file:///w/sync.ts', 1, CODE, 'sync.ts');
    expect(analysis.messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([['retry-hygiene/no-fixed-sleep-retry', 2, 27]]);
    expect(analysis.sites.map((s) => [s.library, s.policy])).toEqual([['@acme/retry', { maxAttempts: 4, delay: { kind: 'constant', baseMs: 2000 }, jitter: 'none' }]]);
    // Without the setting the call is nobody's retry.
    const plain = new LintEngine();
    plain.configure(resolveSettings({}).settings);
    expect(plain.lint('file:///w/sync.ts', 1, CODE, 'sync.ts').messages).toEqual([]);
  });

  it('names a mistake in the setting, and reads the helpers that are right', () => {
    const { settings, problems } = resolveSettings({ helpers: [HELPER, { module: '@acme/other' }] });
    expect(problems).toEqual(['retryHygiene.helpers[1].export is required']);
    expect(settings.helpers.map((h) => h.module)).toEqual(['@acme/retry']);
  });
});
