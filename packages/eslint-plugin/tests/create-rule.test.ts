import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { withDefaults } from '../src/create-rule.js';
import plugin from '../src/index.js';

describe('rule options merged with their defaults', () => {
  it('gives the defaults when the configuration gives nothing (ESLint before 9.15 does not merge them)', () => {
    const defaults = [{ allowImmediate: false }];
    const merged = withDefaults(defaults, []);
    expect(merged).toEqual([{ allowImmediate: false }]);
    // A copy: a rule that changed its options would not change the next file's defaults.
    expect(merged[0]).not.toBe(defaults[0]);
  });

  it('overrides the defaults key by key', () => {
    expect(withDefaults([{ ignoreLibraryDefaults: false, other: 1 }], [{ ignoreLibraryDefaults: true }])).toEqual([{ ignoreLibraryDefaults: true, other: 1 }]);
  });

  it('keeps a given value that is not an object as it is, and ignores options past the defaults', () => {
    expect(withDefaults([{}], [5, { extra: true }])).toEqual([5]);
  });

  it('reaches the rule: an option set in the configuration changes what it reports', () => {
    const code = `export async function load(url) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await fetch(url);
    } catch {}
  }
}
`;
    const lint = (options?: object) => {
      const configs: Linter.Config[] = [...plugin.configs.recommended];
      if (options) configs.push({ rules: { 'retry-hygiene/no-fixed-sleep-retry': ['error', options] } });
      return new Linter().verify(code, configs, { filename: 'file.mjs' }).map((m) => m.ruleId);
    };
    expect(lint()).toEqual(['retry-hygiene/no-fixed-sleep-retry']);
    expect(lint({ allowImmediate: true })).toEqual([]);
  });
});
