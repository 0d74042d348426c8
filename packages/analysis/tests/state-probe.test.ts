import type { TSESTree } from '@typescript-eslint/utils';
import { describe, expect, it } from 'vitest';
import type { Node } from '../src/ast.js';
import { probesState } from '../src/polling/state-probe.js';
import { parse } from './program.js';

/** Whether the condition of the file's one `while` loop reads a probe of a state. */
function loopProbes(code: string): boolean {
  const { ctx, find } = parse(code);
  const loop = find((n: Node): n is TSESTree.WhileStatement => n.type === 'WhileStatement');
  return probesState(loop.test, { ctx, region: loop, counters: new Set(), depth: 0 });
}

const loop = (probe: string) => `
${probe}
export async function waitFor(url: string) {
  while (!(await probe(url))) await new Promise((r) => setTimeout(r, 100));
}`;

describe('a probe of a state', () => {
  it('failure folded into false, true read from the answer: a probe', () => {
    expect(loopProbes(loop('async function probe(u: string) { try { return (await fetch(u)).ok; } catch { return false; } }'))).toBe(true);
    expect(loopProbes(loop('async function probe(u: string) { try { const r = await fetch(u); return r.status === 204; } catch (e) { return false; } }'))).toBe(true);
    expect(loopProbes(loop('const probe = (u: string) => fetch(u).then((r) => r.ok).catch(() => false);'))).toBe(true);
  });

  it('a false of its own after a test, beside a state read: "not yet", still a probe', () => {
    expect(loopProbes(loop('async function probe(u: string) { try { const s = await servers(u); if (s.length === 0) { return false; } const r = await ask(s, u); return r.answers.length > 0; } catch { return false; } }'))).toBe(true);
    // Only constants, no state read: nothing says what state it waits for.
    expect(loopProbes(loop('async function probe(u: string) { try { if (!(await head(u))) return false; return false; } catch { return false; } }'))).toBe(false);
  });

  it('a constant true once the operation went through: the operation succeeded, not a state', () => {
    expect(loopProbes(loop('async function probe(u: string) { try { await fetch(u, { method: "POST" }); return true; } catch { return false; } }'))).toBe(false);
  });

  it('failures let out, or answered with something else than false: not a probe', () => {
    expect(loopProbes(loop('async function probe(u: string) { return (await fetch(u)).ok; }'))).toBe(false);
    expect(loopProbes(loop('async function probe(u: string) { try { return (await fetch(u)).ok; } catch (e) { throw e; } }'))).toBe(false);
    expect(loopProbes(loop('async function probe(u: string) { try { return (await fetch(u)).ok; } catch { return null; } }'))).toBe(false);
  });

  it('the result of a call handed back as it is: not a state read', () => {
    expect(loopProbes(loop('async function probe(u: string) { try { return await check(u); } catch { return false; } }'))).toBe(false);
  });

  it("each item's state tested by the array (every, some): a state read", () => {
    expect(loopProbes(loop('async function probe(u: string) { try { const all = await Promise.all([fetch(u), fetch(u + "/db")]); return all.every((r) => r.status === 200); } catch { return false; } }'))).toBe(true);
    expect(loopProbes(loop('async function probe(u: string) { try { const checks = await health(u); return !checks.some((c) => c.state !== "up"); } catch { return false; } }'))).toBe(true);
    // The predicate hands back another call's answer, or the method is not the array's test: no state read.
    expect(loopProbes(loop('async function probe(u: string) { try { const all = await list(u); return all.every((r) => accept(r)); } catch { return false; } }'))).toBe(false);
    expect(loopProbes(loop('async function probe(u: string) { try { const all = await list(u); return all.find((r) => r.up); } catch { return false; } }'))).toBe(false);
  });
});
