import { describe, expect, it } from 'vitest';
import { functionName } from '../../src/ast.js';
import { continuationsOf } from '../../src/graph/continuations.js';
import { localResolve } from '../../src/graph/resolve.js';
import { fn, parse, text } from './parse.js';

function edges(code: string, name: string): string[] {
  const ctx = parse(code);
  return continuationsOf(fn(ctx, name), localResolve(ctx), ctx.keys).map((e) => `${e.kind} ${text(ctx, e.node)} -> ${functionName(e.target) ?? '?'}`);
}

describe('continuationsOf: the edges out of a function', () => {
  it('names each call of a function of the file with the innermost scheduler around it', () => {
    const code = `
      function a() {
        b();
        setTimeout(() => b(), 10);
        queueMicrotask(() => c());
        p.then(() => { setImmediate(() => c()); }).catch(() => b());
        emitter.on('close', () => c());
      }
      function b() {}
      function c() {}
    `;
    expect(edges(code, 'a')).toEqual([
      'call b() -> b',
      'timer b() -> b',
      'microtask c() -> c',
      'timer c() -> c',
      'promise b() -> b',
      'listener c() -> c',
    ]);
  });

  it('follows references handed to a scheduler, bound or not, and sibling methods through `this`', () => {
    const code = `
      class K {
        run() {
          setTimeout(this.again.bind(this), 5);
          p.catch(this.again);
          this.again();
        }
        again() {}
      }
    `;
    expect(edges(code, 'run')).toEqual(['timer this.again -> again', 'promise this.again -> again', 'call this.again() -> again']);
  });

  it('leaves out the calls of a function defined in the body but not handed to a call', () => {
    const code = `
      function a() {
        const helper = () => b();
        const handlers = { onError() { b(); } };
        return [helper, handlers];
      }
      function b() {}
    `;
    expect(edges(code, 'a')).toEqual([]);
  });

  it('names no edge for a call it cannot resolve', () => {
    expect(edges('function a() { transport.send(this); setTimeout(() => other.go(), 1); }', 'a')).toEqual([]);
  });
});
