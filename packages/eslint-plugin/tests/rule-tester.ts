import { RuleTester } from '@typescript-eslint/rule-tester';
import { afterAll, describe, it } from 'vitest';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** One RuleTester for every rule suite: @typescript-eslint/parser, TS by default (`file.ts`). */
export const ruleTester = new RuleTester();

export { RuleTester };
