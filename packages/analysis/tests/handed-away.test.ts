import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import type { Node } from '../src/ast.js';
import { handedAwayOnCycle } from '../src/evolution/handed-away.js';
import { isCatchBody, parse } from './program.js';

/** Whether the catch block hands away the holder of the first member read named `prop`. */
function handed(code: string, prop: string): boolean {
  const { ctx, find } = parse(code);
  const member = find((n): n is TSESTree.MemberExpression => n.type === 'MemberExpression' && n.property.type === 'Identifier' && n.property.name === prop);
  return handedAwayOnCycle(member, find(isCatchBody) as Node, ctx);
}

// \`tune\` comes from a package, \`local\` from a module of the project, \`hook\` is the caller's.
const attempt = (catchBody: string, wait = 'this.gap') => `
import { tune } from 'tuning-kit';
import { local } from './local';
class C {
  gap = 1;
  cfg = { gap: 1 };
  async run(opts, hook) {
    for (;;) {
      try { return await work(); } catch (e) { ${catchBody} await sleep(${wait}); }
    }
  }
}`;

describe('the holder of a wait handed to code not read on the failure cycle', () => {
  it('this, a parameter object, or a part of the path handed to a package function or the caller\'s', () => {
    expect(handed(attempt('tune(this);'), 'gap')).toBe(true);
    expect(handed(attempt('tune(opts);', 'opts.gap'), 'gap')).toBe(true);
    expect(handed(attempt('tune(this.cfg);', 'this.cfg.gap'), 'gap')).toBe(true);
    expect(handed(attempt('hook.before(this);'), 'gap')).toBe(true);
  });

  it('not handed: a function of the project, a look-only built-in, another object, a function defined but not called here', () => {
    expect(handed(attempt('local(this);'), 'gap')).toBe(false);
    expect(handed(attempt('local(this); tune(other);'), 'gap')).toBe(false);
    expect(handed(attempt('console.log(this); JSON.stringify(opts);'), 'gap')).toBe(false);
    expect(handed(attempt('tune(other);'), 'gap')).toBe(false);
    expect(handed(attempt('const later = () => tune(this);'), 'gap')).toBe(false);
  });
});
