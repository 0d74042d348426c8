import { describe, expect, it } from 'vitest';
import { functionName } from '../../src/ast.js';
import { localResolve } from '../../src/graph/resolve.js';
import { continuationGraph, findWayBack } from '../../src/graph/way-back.js';
import { fn, parse, text } from './parse.js';

function way(code: string, from: string, to: string, limits?: { depth: number; functions: number }): string[] | undefined {
  const ctx = parse(code);
  const graph = continuationGraph(localResolve(ctx), ctx.keys);
  return findWayBack(fn(ctx, from), fn(ctx, to), graph, limits)?.map((e) => `${e.kind} ${text(ctx, e.node)} -> ${functionName(e.target) ?? '?'}`);
}

const chain = `
  class Conn {
    open() { this.wire.dial(this); }
    broken(e: Error) { this.later(e); }
    later(e: Error) { setTimeout(() => this.reopen(), 100); }
    reopen() { queueMicrotask(() => this.open()); }
  }
`;

describe('findWayBack: a bounded search of the continuation graph', () => {
  it('gives the shortest way, edge by edge, through calls, timers and microtasks', () => {
    expect(way(chain, 'broken', 'open')).toEqual(['call this.later(e) -> later', 'timer this.reopen() -> reopen', 'microtask this.open() -> open']);
  });

  it('finds a cycle back to the function itself', () => {
    expect(way('function poll() { p.catch(() => setTimeout(poll, 10)); }', 'poll', 'poll')).toEqual(['timer poll -> poll']);
  });

  it('finds none where no edge leads there', () => {
    expect(way(chain, 'open', 'broken')).toBeUndefined();
  });

  it('stops at its depth limit: a way longer than the limit is not found', () => {
    expect(way(chain, 'broken', 'open', { depth: 2, functions: 64 })).toBeUndefined();
    expect(way(chain, 'broken', 'open', { depth: 3, functions: 64 })).toHaveLength(3);
  });

  it('reads no more functions than its limit, however wide the graph', () => {
    const many = Array.from({ length: 200 }, (_, i) => `function f${i}() { hub(); }`).join('\n');
    const ctx = parse(`${many}\nfunction hub() {}\nfunction start() { ${Array.from({ length: 200 }, (_, i) => `f${i}();`).join(' ')} }\nfunction target() {}`);
    const inner = continuationGraph(localResolve(ctx), ctx.keys);
    let reads = 0;
    const graph = { edgesOf: (f: Parameters<typeof inner.edgesOf>[0]) => (reads++, inner.edgesOf(f)) };
    expect(findWayBack(fn(ctx, 'start'), fn(ctx, 'target'), graph, { depth: 4, functions: 64 })).toBeUndefined();
    expect(reads).toBe(64);
  });
});
