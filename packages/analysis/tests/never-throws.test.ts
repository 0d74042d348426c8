import { describe, expect, it } from 'vitest';
import type { FunctionNode } from '../src/ast.js';
import { neverThrows } from '../src/summaries/never-throws.js';
import { all, parse } from './parse.js';

/** Whether the function declared with this name can fail by throwing, read from its code. */
function answer(code: string, name: string): boolean {
  const { ctx } = parse(code);
  const fn = all(ctx, 'FunctionDeclaration').find((f) => f.id?.name === name);
  if (!fn) throw new Error(`no function ${name}`);
  return neverThrows(fn as FunctionNode, ctx.keys);
}

describe('summaries: a function that cannot fail by throwing', () => {
  it('its work inside a try whose catch swallows, then a plain return', () => {
    const code = `function read(stale = false) {
  try {
    const raw = readFileSync(path, 'utf8');
    return JSON.parse(raw);
  } catch {
    // a miss
  }
  return undefined;
}`;
    expect(answer(code, 'read')).toBe(true);
  });

  it('async, with a catch that only sets a variable and returns a literal', () => {
    const code = `async function probe(url) {
  let ok = false;
  try { ok = (await fetch(url)).ok; } catch (e) { ok = false; return null; }
}`;
    // `let ok = false` before the try is not read as plain: only returns are.
    expect(answer(code, 'probe')).toBe(false);
    expect(answer(`async function probe(url) { try { return (await fetch(url)).ok; } catch (e) { return false; } }`, 'probe')).toBe(true);
  });

  it('may throw: a catch that rethrows, logs (a call), or a finally that calls', () => {
    expect(answer(`function f() { try { return g(); } catch (e) { throw e; } }`, 'f')).toBe(false);
    expect(answer(`function f() { try { return g(); } catch (e) { console.warn(e); } }`, 'f')).toBe(false);
    expect(answer(`function f() { try { return g(); } catch { return 1; } finally { release(); } }`, 'f')).toBe(false);
  });

  it('may throw: work outside the try, no try at all, a computed return, a default that calls', () => {
    expect(answer(`function f() { const x = g(); try { return h(x); } catch { return 0; } }`, 'f')).toBe(false);
    expect(answer(`function f() { return g(); }`, 'f')).toBe(false);
    expect(answer(`function f(o) { try { return g(); } catch {} return o.cached; }`, 'f')).toBe(false);
    expect(answer(`function f(t = now()) { try { return g(t); } catch {} }`, 'f')).toBe(false);
    expect(answer(`function f(o) { try { return g(); } catch { o.failed = true; } }`, 'f')).toBe(false);
  });

  it('a generator runs as it is iterated: not read', () => {
    expect(answer(`function* f() { try { yield g(); } catch {} }`, 'f')).toBe(false);
  });
});
