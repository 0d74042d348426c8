import { RuleTester as BaseRuleTester } from '@typescript-eslint/rule-tester';
import type { InvalidTestCase, RunTests } from '@typescript-eslint/rule-tester';
import type { RuleModule } from '@typescript-eslint/utils/ts-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { lint, proveSuggestions } from './suggestion-proof.js';

BaseRuleTester.afterAll = afterAll;
BaseRuleTester.describe = describe;
BaseRuleTester.it = it;
BaseRuleTester.itOnly = it.only;

type InvalidCase = InvalidTestCase<string, readonly unknown[]>;

/**
 * RuleTester, plus a proof of every suggestion of every invalid case: the output parses and
 * no longer has the finding (suggestion-proof.ts). The message-and-position cases that do not
 * spell their suggestions out get their number, checked exactly by RuleTester; the outputs
 * themselves are asserted in suggestions.test.ts and by the proof here.
 */
class SuggestionProvingRuleTester extends BaseRuleTester {
  override run<MessageIds extends string, Options extends readonly unknown[]>(
    name: string,
    rule: RuleModule<MessageIds, Options>,
    tests: RunTests<NoInfer<MessageIds>, NoInfer<Options>>,
  ): void {
    // `no-fixed-sleep-retry on real-code shapes`: the rule id is the first word.
    const id = name.split(' ')[0] as string;
    const invalid = (tests.invalid as unknown as readonly InvalidCase[]).map((c) => withSuggestionCounts(id, c));
    super.run(name, rule as never, { ...tests, invalid } as never);
    // (A suite left with valid cases only has no suggestion to prove.)
    if (invalid.length === 0) return;
    describe(`${name}: every suggestion of every invalid case`, () => {
      for (const c of invalid) {
        it(c.name ?? c.code.slice(0, 60), () => {
          const filename = c.filename ?? 'file.ts';
          const applied = proveSuggestions(c.code, filename, optionsOf(id, c), id, jsxOf(c), c.settings as Record<string, unknown> | undefined);
          expect(applied.filter((a) => a.problems.length > 0).map((a) => `${a.desc}: ${a.problems.join('; ')}\n${a.output}`)).toEqual([]);
        });
      }
    });
  }
}

function optionsOf(name: string, c: InvalidCase): Record<string, unknown[]> {
  return c.options ? { [name]: c.options as unknown[] } : {};
}

function jsxOf(c: InvalidCase): boolean {
  const parserOptions = c.languageOptions?.parserOptions as { ecmaFeatures?: { jsx?: boolean } } | undefined;
  return parserOptions?.ecmaFeatures?.jsx === true;
}

function withSuggestionCounts(name: string, c: InvalidCase): InvalidCase {
  if (!Array.isArray(c.errors) || c.errors.every((e) => 'suggestions' in e)) return c;
  const messages = lint(c.code, c.filename ?? 'file.ts', optionsOf(name, c), jsxOf(c), c.settings as Record<string, unknown> | undefined).filter((m) => m.ruleId === `retry-hygiene/${name}`);
  const errors = c.errors.map((e, i) => {
    const count = messages[i]?.suggestions?.length ?? 0;
    return 'suggestions' in e || count === 0 ? e : { ...e, suggestions: count };
  });
  return { ...c, errors } as InvalidCase;
}

/** One RuleTester for every rule suite: @typescript-eslint/parser, TS by default (`file.ts`). */
export const ruleTester = new SuggestionProvingRuleTester();

export { SuggestionProvingRuleTester as RuleTester };
