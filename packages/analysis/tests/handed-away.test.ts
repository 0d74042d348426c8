import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import type { Node } from '../src/ast.js';
import { handedAwayOnCycle } from '../src/evolution/handed-away.js';
import { isCatchBody, parse } from './program.js';

/** Whether the catch block hands away the holder of the `nth` member read named `prop`, with `read` naming the functions read. */
function handed(code: string, prop: string, read: readonly string[] = []): boolean {
  const { ctx, find } = parse(code);
  const member = find((n): n is TSESTree.MemberExpression => n.type === 'MemberExpression' && n.property.type === 'Identifier' && n.property.name === prop);
  const region = find(isCatchBody) as Node;
  const isRead = (call: TSESTree.CallExpression) => call.callee.type === 'Identifier' && read.includes(call.callee.name);
  return handedAwayOnCycle(member, region, ctx.keys, isRead);
}

const attempt = (catchBody: string, wait = 'this.gap') => `
class C {
  gap = 1;
  cfg = { gap: 1 };
  async run(opts) {
    for (;;) {
      try { return await work(); } catch (e) { ${catchBody} await sleep(${wait}); }
    }
  }
}`;

describe('the holder of a wait handed to code not read on the failure cycle', () => {
  it('this, a parameter object, or a part of the path handed to an unread function', () => {
    expect(handed(attempt('tune(this);'), 'gap')).toBe(true);
    expect(handed(attempt('tune(opts);', 'opts.gap'), 'gap')).toBe(true);
    expect(handed(attempt('tune(this.cfg);', 'this.cfg.gap'), 'gap')).toBe(true);
  });

  it('not handed: a function that is read, a look-only built-in, another object, a function defined but not called here', () => {
    expect(handed(attempt('tune(this);'), 'gap', ['tune'])).toBe(false);
    expect(handed(attempt('console.log(this); JSON.stringify(opts);'), 'gap')).toBe(false);
    expect(handed(attempt('tune(other);'), 'gap')).toBe(false);
    expect(handed(attempt('const later = () => tune(this);'), 'gap')).toBe(false);
  });
});
