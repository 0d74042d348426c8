import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import { unwrap, walk, type Node } from '../src/ast.js';
import { describeDelay } from '../src/describe.js';
import { compoundUpdate, readUpdate, solveRecurrence, type UpdateReader } from '../src/evolution/recurrence.js';
import { UNKNOWN, num, toDelay, type Value } from '../src/value.js';
import { parse } from './program.js';

const FIXED: Value = { t: 'invariant', random: false };

/**
 * The right side of the last assignment to `d` in `code`, and a reader for it: `d` is the last
 * value, a number literal is itself, `step`/`factor` are fixed before the retry, anything else
 * (a call) is not read.
 */
function updateOf(code: string): { right: Node; reader: UpdateReader } {
  const { ctx, find } = parse(code);
  // The program's one assignment (its `let` is a declaration, not an assignment).
  const right = find((n): n is TSESTree.AssignmentExpression => n.type === 'AssignmentExpression').right as Node;
  const isD = (n: Node) => n.type === 'Identifier' && n.name === 'd';
  const value = (node: Node): Value => {
    const n = unwrap(node);
    if (n.type === 'Literal' && typeof n.value === 'number') return num(n.value);
    if (n.type === 'Identifier' && (n.name === 'step' || n.name === 'factor')) return FIXED;
    if (n.type === 'Identifier' && n.name === 'attempt') return { t: 'counter', random: false };
    if (n.type === 'BinaryExpression' && n.operator === '*') {
      const [a, b] = [value(n.left as Node), value(n.right)];
      if (a.t === 'num' && b.t === 'counter') return { t: 'grow', shape: 'linear', base: a.v, random: false };
    }
    return UNKNOWN;
  };
  const reader: UpdateReader = {
    isSelf: (n) => isD(unwrap(n)),
    mentionsSelf: (node) => {
      let found = false;
      walk(node, ctx.keys, (n) => {
        if (isD(n)) found = true;
        return undefined;
      });
      return found;
    },
    value,
  };
  return { right, reader };
}

/** The wait `d` holds over the attempts, starting at `first`, as a finding states it. */
function solved(code: string, first: Value = num(200)): string {
  const { right, reader } = updateOf(code);
  const read = readUpdate(right, reader);
  return describeDelay({ maxAttempts: 5, delay: toDelay(solveRecurrence(first, read.update, read.cap)), jitter: 'none' });
}

describe('a wait carried from one attempt to the next, solved from its first value and update', () => {
  it('geometric: d = d * 2, d = 3 * d, d = d * 2 + 100 (the offset dropped), d = (d + 50) * 2', () => {
    expect(solved('let d = 200; d = d * 2;')).toBe('200 ms × 2^n');
    expect(solved('let d = 200; d = 3 * d;')).toBe('200 ms × 3^n');
    expect(solved('let d = 200; d = d * 2 + 100;')).toBe('200 ms × 2^n');
    expect(solved('let d = 200; d = (d + 50) * 2;')).toBe('200 ms × 2^n');
    expect(solved('let d = 200; d = d * 1.5;')).toBe('200 ms × 1.5^n');
  });

  it('geometric with a factor fixed before the retry but not known', () => {
    const { right, reader } = updateOf('let d = 200; d = d * factor;');
    expect(solveRecurrence(num(200), readUpdate(right, reader).update)).toEqual({ t: 'grow', shape: 'exponential', base: 200, random: false });
  });

  it('capped: Math.min around the update, either order, rounding kept out of the way', () => {
    expect(solved('let d = 250; d = Math.min(d * 2, 8000);', num(250))).toBe('250 ms × 2^n, capped at 8 s');
    expect(solved('let d = 250; d = Math.min(8000, Math.floor(d * 1.5));', num(250))).toBe('250 ms × 1.5^n, capped at 8 s');
  });

  it('affine: a fixed step is the leading term, the first value an offset', () => {
    expect(solved('let d = 500; d = d + 1000;', num(500))).toBe('a linear 1 s × n');
    expect(solved('let d = 500; d = 1000 + d;', num(500))).toBe('a linear 1 s × n');
    expect(solved('let d = 500; d = d + step;', num(500))).toBe('a linearly growing delay');
  });

  it('a growing step is summed: d = d + 100 * attempt grows as n²', () => {
    expect(solved('let d = 0; d = d + 100 * attempt;', num(0))).toBe('a polynomial 50 ms × n²');
  });

  it('a step of one is the counter, not a wait', () => {
    const { right, reader } = updateOf('let d = 0; d = d + 1;');
    expect(readUpdate(right, reader).unitStep).toBe(true);
  });

  it('no growth: d = d keeps the first value, a shrinking or turned-around update has no class', () => {
    expect(solved('let d = 300; d = Math.min(d, 5000);', num(300))).toBe('a fixed 300 ms');
    expect(solved('let d = 8000; d = d / 2;')).toBe('an unknown delay');
    expect(solved('let d = 8000; d = d - 100;')).toBe('an unknown delay');
    expect(solved('let d = 8000; d = 10000 - d;')).toBe('an unknown delay');
  });

  it('the last value handed to code that is not read, or read twice: unknown, never a growth', () => {
    expect(solved('let d = 200; d = adjust(d);')).toBe('an unknown delay');
    expect(solved('let d = 200; d = d * d;')).toBe('an unknown delay');
    expect(solved('let d = 200; d = d * unknownFactor;')).toBe('an unknown delay');
    expect(solved('let d = 200; d = Math.min(d, d * 2);')).toBe('an unknown delay');
  });

  it('compound assignments are the same updates', () => {
    const first = num(100);
    expect(solveRecurrence(first, compoundUpdate('*=', num(2)))).toEqual({ t: 'grow', shape: 'exponential', base: 100, factor: 2, random: false });
    expect(solveRecurrence(first, compoundUpdate('<<=', num(1)))).toEqual({ t: 'grow', shape: 'exponential', base: 100, factor: 2, random: false });
    expect(solveRecurrence(first, compoundUpdate('+=', num(250)))).toEqual({ t: 'grow', shape: 'linear', base: 250, random: false });
    expect(solveRecurrence(first, compoundUpdate('+=', FIXED))).toEqual({ t: 'grow', shape: 'linear', random: false });
    expect(solveRecurrence(first, compoundUpdate('-=', num(50)))).toEqual(UNKNOWN);
    expect(solveRecurrence(first, compoundUpdate('/=', num(2)))).toEqual(UNKNOWN);
    expect(solveRecurrence(first, compoundUpdate('*=', UNKNOWN))).toEqual(UNKNOWN);
    expect(solveRecurrence(first, compoundUpdate('%=', num(7)))).toEqual(UNKNOWN);
  });

  it('randomness in the factor or the step is jitter, the class kept', () => {
    const drawn: Value = { t: 'num', v: 1, random: true, jitter: 'proportional' };
    expect(solveRecurrence(num(100), compoundUpdate('*=', drawn))).toMatchObject({ t: 'grow', shape: 'exponential', random: true });
    expect(solveRecurrence(num(100), compoundUpdate('+=', { t: 'rand', random: true }))).toMatchObject({ t: 'grow', shape: 'linear', random: true });
  });
});
