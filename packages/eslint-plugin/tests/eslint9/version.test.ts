import { Linter } from 'eslint';
import { RuleTester } from '@typescript-eslint/rule-tester';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';

// The default run uses ESLint 10; the `eslint9` project (vitest.eslint9.config.ts) must
// really load ESLint 9, in ES imports and in the rule tester's own require('eslint').
describe('the ESLint the rule suites run against', () => {
  const major = process.env.RETRY_HYGIENE_ESLINT_MAJOR ?? '10';
  it(`is ESLint ${major}`, () => {
    expect(Linter.version.split('.')[0]).toBe(major);
    const ruleTesterRequire = createRequire(createRequire(import.meta.url).resolve('@typescript-eslint/rule-tester'));
    expect((ruleTesterRequire('eslint') as typeof import('eslint')).Linter.version.split('.')[0]).toBe(major);
    expect(RuleTester).toBeTypeOf('function');
  });
});
