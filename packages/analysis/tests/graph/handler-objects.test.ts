import { describe, expect, it } from 'vitest';
import type { FunctionNode, Node } from '../../src/ast.js';
import { functionName } from '../../src/ast.js';
import type { AnalysisContext } from '../../src/context.js';
import { failureMethods, handedObjects, handingCalls, handlerWaysBack, literalFailureMethod, takesError } from '../../src/graph/handler-objects.js';
import { localResolve } from '../../src/graph/resolve.js';
import { continuationGraph } from '../../src/graph/way-back.js';
import { calls, fn, parse, text } from './parse.js';

/** Only calls inside a callback handed to `.catch()` are on a failure path, for these tests. */
function inCatch(call: Node, holder: FunctionNode): boolean {
  for (let child: Node = call, p = call.parent; p && p !== holder; child = p, p = p.parent) {
    if (p.type === 'CallExpression' && p.arguments.includes(child as never) && p.callee.type === 'MemberExpression' && p.callee.property.type === 'Identifier' && p.callee.property.name === 'catch') return true;
  }
  return false;
}

const names = (fns: readonly FunctionNode[]) => fns.map((f) => functionName(f));

describe('takesError: the first parameter is an error by what the code does with it', () => {
  const cases: [string, boolean][] = [
    ['function h(e) { throw e; }', true],
    ['function h(e) { if (e instanceof TypeError) return; }', true],
    ['function h(e) { return Promise.reject(e); }', true],
    ['function h(e) { return new Promise((ok, no) => no(e)); }', true],
    ['function h(e: Error) { console.log(1); }', true],
    ['function h(e: Error | string) { console.log(1); }', true],
    ['function h(e) { console.log(e.message); }', false],
    ['function h(chunk: Buffer) { push(chunk); }', false],
    ['function h(e) { return new Promise((no) => no(e)); }', false],
    ['function h() { throw new Error("x"); }', false],
  ];
  for (const [code, expected] of cases) {
    it(`${code} → ${expected}`, () => {
      const ctx = parse(code);
      expect(takesError(fn(ctx, 'h'), ctx)).toBe(expected);
    });
  }
});

describe('handedObjects: `this` or an object literal with methods handed to a call', () => {
  it('offers the class\'s other methods for `this`, and the literal\'s functions for a literal', () => {
    const ctx = parse(`
      class C {
        send() { this.t.go(1, this); }
        onFailure(e) {}
        get size() { return 1; }
        static make() {}
      }
      function f() { t.go({ a() {}, b: () => 1, c: 2 }); }
    `);
    const found = calls(ctx).flatMap((c) => handedObjects(c));
    expect(found.map((h) => [text(ctx, h.handing.callee), h.index, functionName(h.holder), names(h.methods)])).toEqual([
      ['this.t.go', 1, 'send', ['onFailure']],
      ['t.go', 0, 'f', ['a', 'b']],
    ]);
  });

  it('hands nothing over for a literal with no function', () => {
    const ctx = parse('function f() { t.go({ a: 1 }, [this]); }');
    expect(calls(ctx).flatMap((c) => handedObjects(c))).toEqual([]);
  });
});

describe('failureMethods', () => {
  it('takes, of an unreadable receiver, the methods that take an error', () => {
    const ctx = parse(`
      class C {
        send() { this.t.go(this); }
        onError(note) { log(note); }
        broken(e) { throw e; }
      }
    `);
    const handed = calls(ctx).flatMap((c) => handedObjects(c))[0];
    expect(handed && names(failureMethods(handed, ctx, localResolve(ctx), inCatch))).toEqual(['broken']);
  });

  it('takes, of a readable receiver, the methods it calls on a failure path, whatever they do with their argument', () => {
    const ctx = parse(`
      function go(h) { run().then((r) => h.done(r)).catch((e) => h.oops(e)); }
      class C {
        send() { go(this); }
        done(r) { throw r; }
        oops(x) { log(x); }
      }
    `);
    const handed = calls(ctx).flatMap((c) => handedObjects(c))[0];
    expect(handed && names(failureMethods(handed, ctx, localResolve(ctx), inCatch))).toEqual(['oops']);
  });
});

describe('handlerWaysBack: the way back from a failure method into the method that handed `this` over', () => {
  const ways = (code: string) => {
    const ctx: AnalysisContext = parse(code);
    const resolve = localResolve(ctx);
    return handlerWaysBack(calls(ctx), ctx, continuationGraph(resolve, ctx.keys), resolve, inCatch).map((w) => [functionName(w.holder), text(ctx, w.handing), functionName(w.through), w.backs.map((b) => text(ctx, b)), ...(w.via ? [functionName(w.via.fn), text(ctx, w.via.call)] : [])]);
  };

  it('finds the timer back into the handing method', () => {
    expect(ways(`
      class R {
        send() { this.t.dispatch(this.req, this); }
        onFailure(err) { if (++this.n > 3) throw err; setTimeout(() => this.send(), 100); }
      }
    `)).toEqual([['send', 'this.t.dispatch(this.req, this)', 'onFailure', ['this.send()']]]);
  });

  it('finds a way through one more method, called from the failure method alone, whose timer goes back in', () => {
    expect(ways('class R { send() { this.t.go(this); } onFailure(err) { if (err instanceof E) this.later(); } later() { setTimeout(() => this.send(), 1); } }')).toEqual([
      ['send', 'this.t.go(this)', 'later', ['this.send()'], 'onFailure', 'this.later()'],
    ]);
  });

  it('keeps none when the failure method does not come back, or the method in between is called elsewhere too', () => {
    expect(ways('class R { send() { this.t.go(this); } onFailure(err) { throw err; } }')).toEqual([]);
    expect(ways('class R { send() { this.t.go(this); } onFailure(err) { if (err instanceof E) this.later(); } later() { setTimeout(() => this.send(), 1); } done() { this.later(); } }')).toEqual([]);
  });

  it('leaves a failure method the file calls itself to the callers\' reading', () => {
    expect(ways('class R { send() { this.t.go(this); } onFailure(err) { if (err instanceof E) this.send(); } kick() { this.onFailure(new E()); } }')).toEqual([]);
  });
});

describe('literalFailureMethod: a call inside a handed object literal\'s failure method', () => {
  it('names the method that takes an error, and not the one that takes data', () => {
    const ctx = parse(`
      function upload(u, c) {
        u.put(c, {
          onError(err) { if (err instanceof Fatal) throw err; setTimeout(() => upload(u, c), 1000); },
          onProgress(n) { setTimeout(() => upload(u, c), 1000); },
        });
      }
    `);
    const upload = fn(ctx, 'upload');
    const backs = calls(ctx).filter((c) => text(ctx, c) === 'upload(u, c)');
    expect(
      backs.map((b) => {
        const method = literalFailureMethod(b, upload, ctx, inCatch);
        return method ? functionName(method) : null;
      }),
    ).toEqual(['onError', null]);
  });
});

describe('handingCalls: `this` as a function\'s receiver is no hand-over', () => {
  it('passes over `.call(this)`, `.apply(this)` and `.bind(this)`', () => {
    const ctx = parse('class C { a() { f.call(this, 1); g.apply(this, []); this.b.bind(this); h.call(); this.t.go(this); } b() {} }');
    expect(handingCalls(calls(ctx)).map((c) => text(ctx, c))).toEqual(['this.t.go(this)']);
  });
});
